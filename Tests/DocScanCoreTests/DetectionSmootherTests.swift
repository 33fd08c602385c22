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

  func testForgettingStartsAfresh() {
    var smoother = DetectionSmoother()
    _ = smoother.smooth(detection(.success))
    smoother.forget()
    XCTAssertEqual(smoother.smooth(detection(.failed)).status, .failed)
  }
}
