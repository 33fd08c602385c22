import CDocScanTestShim
import Synchronization
import XCTest

@testable import DocScanElement

/// The element's stop waits for the analysis in flight only as long as the
/// clock allows, however long each of its sleeps turns out to be.
final class BoundedWaitTests: XCTestCase {
  func testAWaitForAConditionThatNeverClearsEndsAtItsLimitEvenWhenSleepsRunLong() {
    // A 50 ms timer slack makes every 1 ms sleep of this thread last about
    // 50 ms, as on a starved CPU: 300 counted sleeps would take 15 s.
    let slack = docscan_test_set_timer_slack(50_000_000)
    XCTAssertNotEqual(slack, 0, "the timer slack could not be set")
    defer { _ = docscan_test_set_timer_slack(slack) }

    let start = ContinuousClock.now
    waitWhile({ true }, atMost: .milliseconds(300))
    let waited = ContinuousClock.now - start
    XCTAssertGreaterThanOrEqual(waited, .milliseconds(300))
    XCTAssertLessThan(waited, .seconds(2), "the wait ran past its limit: \(waited)")
  }

  func testAWaitEndsAsSoonAsItsConditionClears() {
    let polls = Mutex(0)
    let start = ContinuousClock.now
    waitWhile(
      {
        polls.withLock { count in
          count += 1
          return count < 5
        }
      }, atMost: .seconds(30))
    XCTAssertEqual(polls.withLock { $0 }, 5)
    XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))
  }
}
