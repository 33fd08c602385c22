import XCTest

@testable import DocScanCore

/// `elapsed`, `timeout` and `auto-reset` counted on the session's clock.
final class SessionTimersTests: XCTestCase {
  static let second = Nanoseconds.perSecond

  func testElapsedIsCountedFromTheFirstFrameWithATime() {
    var timers = SessionTimers()
    timers.startIfNeeded(at: nil)
    XCTAssertNil(timers.elapsed(at: 5))
    timers.startIfNeeded(at: 3)
    timers.startIfNeeded(at: 4)
    XCTAssertEqual(timers.elapsed(at: 5), 2)
    XCTAssertNil(timers.elapsed(at: 2), "before the start")
    XCTAssertNil(timers.elapsed(at: nil))
  }

  func testTimeoutOnlyBeforeTheResult() {
    var timers = SessionTimers()
    timers.startIfNeeded(at: 0)
    XCTAssertFalse(timers.hasTimedOut(at: 2 * Self.second - 1, timeoutSeconds: 2))
    XCTAssertTrue(timers.hasTimedOut(at: 2 * Self.second, timeoutSeconds: 2))
    XCTAssertFalse(timers.hasTimedOut(at: 9 * Self.second, timeoutSeconds: 0), "0: never")
    timers.finish(at: Self.second)
    XCTAssertFalse(timers.hasTimedOut(at: 9 * Self.second, timeoutSeconds: 2))
  }

  func testAutoResetCountsFromTheResult() {
    var timers = SessionTimers()
    timers.startIfNeeded(at: 0)
    XCTAssertFalse(timers.isAutoResetDue(at: 9 * Self.second, autoResetSeconds: 1), "no result")
    timers.finish(at: Self.second)
    XCTAssertFalse(timers.isAutoResetDue(at: 2 * Self.second - 1, autoResetSeconds: 1))
    XCTAssertTrue(timers.isAutoResetDue(at: 2 * Self.second, autoResetSeconds: 1))
    XCTAssertFalse(timers.isAutoResetDue(at: 9 * Self.second, autoResetSeconds: 0), "0: never")
  }

  func testAResultBeforeTheStreamHadATimeNeitherTimesOutNorResets() {
    var timers = SessionTimers()
    timers.finish(at: nil)
    timers.startIfNeeded(at: 0)
    XCTAssertFalse(timers.hasTimedOut(at: 9 * Self.second, timeoutSeconds: 1))
    XCTAssertFalse(timers.isAutoResetDue(at: 9 * Self.second, autoResetSeconds: 1))
  }
}
