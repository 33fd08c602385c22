import DocScanCore
import XCTest

/// The reported status changes only when the new one holds; the outline
/// keeps following the document meanwhile.
final class DetectionSmootherTests: XCTestCase {
  func detection(_ status: DetectionStatus, x: Double = 100) -> Detection {
    let quad = Quad(
      unordered: [
        Point(x: x, y: 100), Point(x: x + 400, y: 100), Point(x: x + 400, y: 380),
        Point(x: x, y: 380),
      ])
    return Detection(
      quad: status == .failed ? nil : quad, status: status, events: [], shape: .td3)
  }

  func testAStatusSeenOnOneFrameOnlyIsNotReported() {
    var smoother = DetectionSmoother()
    let frames: [DetectionStatus] = [
      .success, .documentTooCloseToEdge, .success, .documentTooCloseToEdge, .success, .failed,
      .success,
    ]
    let reported = frames.map { smoother.smooth(detection($0)).status }
    XCTAssertEqual(reported, Array(repeating: .success, count: frames.count))
  }

  func testAStatusHeldForTwoFramesIsReportedOnTheSecond() {
    var smoother = DetectionSmoother()
    let frames: [DetectionStatus] = [.success, .failed, .failed, .failed, .success, .success]
    let reported = frames.map { smoother.smooth(detection($0)).status }
    XCTAssertEqual(reported, [.success, .success, .failed, .failed, .failed, .success])
  }

  func testTheOutlineFollowsTheDocumentWhileTheStatusStands() {
    var smoother = DetectionSmoother()
    _ = smoother.smooth(detection(.success, x: 100))
    let moved = smoother.smooth(detection(.cameraAngleTooSteep, x: 130))
    XCTAssertEqual(moved.status, .success)
    XCTAssertEqual(moved.quad, detection(.success, x: 130).quad)
    _ = smoother.smooth(detection(.success, x: 130))
    // A frame that loses the outline keeps the last one.
    let lost = smoother.smooth(detection(.failed))
    XCTAssertEqual(lost.status, .success)
    XCTAssertEqual(lost.quad, detection(.success, x: 130).quad)
  }

  func testFramesAlternatingBetweenTwoOtherStatusesEndTheOldOne() {
    var smoother = DetectionSmoother()
    let frames: [DetectionStatus] = [.success, .cameraTooFar, .cameraAngleTooSteep, .cameraTooFar]
    let reported = frames.map { smoother.smooth(detection($0)).status }
    XCTAssertEqual(reported, [.success, .success, .cameraAngleTooSteep, .cameraAngleTooSteep])
  }

  /// The statuses reported for `frames` analysed `interval` seconds apart.
  func reported(_ frames: [DetectionStatus], every interval: Double) -> [DetectionStatus] {
    var smoother = DetectionSmoother()
    return frames.enumerated().map { index, status in
      smoother.smooth(detection(status), at: UInt64(Double(index) * interval * 1e9)).status
    }
  }

  func testAtAHighAnalysisRateAStatusMustHoldForAFifthOfASecond() {
    // A frame every 0.03 s: a hand's jitter over 3 frames (0.09 s) changes
    // nothing; a document taken away for good is reported once 0.2 s of
    // stream time have passed since its first frame (at 0.03 s: the frame
    // at 0.24 s, not the one at 0.21 s).
    let jitter: [DetectionStatus] = [.success, .failed, .failed, .failed, .success, .success]
    XCTAssertEqual(reported(jitter, every: 0.03), Array(repeating: .success, count: 6))
    let removed = [DetectionStatus.success] + Array(repeating: .failed, count: 9)
    XCTAssertEqual(
      reported(removed, every: 0.03), Array(repeating: .success, count: 8) + [.failed, .failed])
  }

  func testTimeRunningBackCountsFromTheFrameAfterTheJump() {
    // A source that starts its timestamps again mid-hold: the hold is
    // counted from the first frame after the jump.
    var smoother = DetectionSmoother()
    let times: [UInt64] = [5_000_000_000, 5_030_000_000, 0, 100_000_000, 210_000_000]
    let frames: [DetectionStatus] = [.success, .failed, .failed, .failed, .failed]
    let reported = zip(frames, times).map { smoother.smooth(detection($0), at: $1).status }
    XCTAssertEqual(reported, [.success, .success, .success, .success, .failed])
  }

  func testAtALowAnalysisRateTwoFramesStillSuffice() {
    // 4 analysed frames a second: the second frame is 0.25 s later.
    let frames: [DetectionStatus] = [.success, .failed, .failed, .failed]
    XCTAssertEqual(reported(frames, every: 0.25), [.success, .success, .failed, .failed])
  }

  func testForgettingStartsAfresh() {
    var smoother = DetectionSmoother()
    _ = smoother.smooth(detection(.success))
    smoother.forget()
    XCTAssertEqual(smoother.smooth(detection(.failed)).status, .failed)
  }
}
