import DocScanCore
import XCTest

final class FeedbackThrottleTests: XCTestCase {
  func message(at milliseconds: UInt64?, events: [FeedbackEvent] = [], blur: Double = 0.1)
    -> FeedbackMessage
  {
    let time = milliseconds.map { $0 * Nanoseconds.perMillisecond }
    return FeedbackMessage(
      times: StreamTimes(timestamp: time, streamTime: time, runningTime: time), session: 1,
      side: .front, scanningStatus: .sideInProgress, detectionStatus: .failed, events: events,
      instruction: Instruction.choose(status: .sideInProgress, detection: .failed, events: events)
        .rawValue, blur: blur, glare: 0)
  }

  func testFirstMessageIsPosted() {
    var throttle = FeedbackThrottle()
    XCTAssertTrue(throttle.shouldPost(message(at: 0)))
  }

  func testUnchangedGuidanceRepeatsEvery500Milliseconds() {
    var throttle = FeedbackThrottle()
    let posted = stride(from: 0, through: 2000, by: 100).filter {
      throttle.shouldPost(message(at: UInt64($0), blur: Double($0) / 10_000))
    }
    XCTAssertEqual(posted, [0, 500, 1000, 1500, 2000], "measured values alone are no change")
  }

  func testChangedGuidanceIsPostedAtOnce() {
    var throttle = FeedbackThrottle()
    XCTAssertTrue(throttle.shouldPost(message(at: 0)))
    XCTAssertTrue(throttle.shouldPost(message(at: 33, events: [.blur])))
    XCTAssertFalse(throttle.shouldPost(message(at: 66, events: [.blur])))
    XCTAssertTrue(throttle.shouldPost(message(at: 100)))
  }

  func testSeekBackPostsAgain() {
    var throttle = FeedbackThrottle()
    XCTAssertTrue(throttle.shouldPost(message(at: 5000)))
    XCTAssertTrue(throttle.shouldPost(message(at: 100)))
  }

  func testUnknownTimesPostOnlyChanges() {
    var throttle = FeedbackThrottle()
    XCTAssertTrue(throttle.shouldPost(message(at: nil)))
    XCTAssertFalse(throttle.shouldPost(message(at: nil)))
    XCTAssertTrue(throttle.shouldPost(message(at: nil, events: [.glare])))
  }

  func testForgetPostsTheNextMessage() {
    var throttle = FeedbackThrottle()
    XCTAssertTrue(throttle.shouldPost(message(at: 0)))
    throttle.forget()
    XCTAssertTrue(throttle.shouldPost(message(at: 10)))
  }
}
