import DocScanCore
import XCTest

final class SessionClockTests: XCTestCase {
  private let second = Nanoseconds.perSecond

  func testReadsStreamTimeWhileItRunsForward() {
    var clock = SessionClock()
    XCTAssertNil(clock.advance(to: nil), "no time yet")
    XCTAssertEqual(clock.advance(to: 5 * second), 5 * second)
    XCTAssertEqual(clock.advance(to: 7 * second), 7 * second)
    XCTAssertEqual(clock.advance(to: nil), 7 * second, "a frame without a time: it stands")
    XCTAssertEqual(clock.advance(to: 7 * second), 7 * second)
  }

  func testAJumpBackCountsAsNoTimeAndTheClockGoesOnFromThere() {
    var clock = SessionClock()
    _ = clock.advance(to: 7 * second)
    // A looped clip's next pass starts at 0 again.
    XCTAssertEqual(clock.advance(to: 0), 7 * second)
    XCTAssertEqual(clock.advance(to: 2 * second), 9 * second)
    XCTAssertEqual(clock.advance(to: 10 * second), 17 * second, "a jump forward counts")
  }
}
