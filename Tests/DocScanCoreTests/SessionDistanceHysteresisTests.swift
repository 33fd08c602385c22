import DocScanCore
import DocScanOpenCV
import DocScanTestSupport
import XCTest

/// `ScanSession` hands the detector the status it reported, so that a
/// document at the `camera-too-far` limit does not flicker (the detector's
/// own hysteresis is tested in `DocumentDetectorDistanceTests`).
final class SessionDistanceHysteresisTests: XCTestCase {

  /// A passport page's outline, `longSide` pixels long, centred in the frame.
  func passport(longSide: Double) -> Quad {
    let short = longSide / DocumentShape.td3.aspectRatio
    return Quad(unordered: [
      Point(x: 640 - longSide / 2, y: 360 - short / 2),
      Point(x: 640 + longSide / 2, y: 360 - short / 2),
      Point(x: 640 + longSide / 2, y: 360 + short / 2),
      Point(x: 640 - longSide / 2, y: 360 + short / 2),
    ])
  }

  /// The detection status reported after each frame (the last one posted).
  func statuses(_ longSides: [Double]) async throws -> [DetectionStatus?] {
    let vision = MovableVision()
    let session = ScanSession(vision: vision)
    var reported: DetectionStatus?
    var result: [DetectionStatus?] = []
    for (index, longSide) in longSides.enumerated() {
      vision.show(passport(longSide: longSide))
      let output = await session.analyze(.featureless(index), settings: SessionSettings())
      for message in try output.messages.map(FeedbackMessage.init(structure:)) {
        reported = message.detectionStatus
      }
      result.append(reported)
    }
    return result
  }

  func testOnceTooFarTheCameraMustComeClearlyNearer() async throws {
    let height = { DocumentShape.td3.mrzCharacterHeight(longSide: $0) }
    let limit = DocumentDetector().minimumCharacterHeight
    XCTAssertLessThan(height(340), limit)
    XCTAssertGreaterThan(height(380), limit)
    XCTAssertLessThan(height(380), limit * DocumentDetector().tooFarHysteresis)
    XCTAssertGreaterThan(height(430), limit * DocumentDetector().tooFarHysteresis)

    // Far, then a little nearer than the limit: still too far.
    let backing = try await statuses([340, 340, 340, 380, 380, 380, 380, 430, 430, 430])
    XCTAssertEqual(backing[2], .cameraTooFar)
    XCTAssertEqual(Array(backing[3...6]), Array(repeating: .cameraTooFar, count: 4))
    XCTAssertEqual(backing.last, .success)
    // The same distance reached without having been too far is near enough.
    let fresh = try await statuses([380, 380, 380])
    XCTAssertEqual(fresh.last, .success)
  }
}
