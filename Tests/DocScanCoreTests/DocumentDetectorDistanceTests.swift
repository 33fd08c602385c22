import DocScanCore
import XCTest

/// `camera-too-far` follows how small the print is, not only how small the
/// document is in the frame.
final class DocumentDetectorDistanceTests: XCTestCase {
  /// A whole, square-on outline of `shape` with the given long side, in the
  /// middle of a 1280x720 frame.
  func detect(_ shape: DocumentShape, longSide: Double) -> Detection {
    let short = longSide / shape.aspectRatio
    let (x, y) = (640 - longSide / 2, 360 - short / 2)
    let quad = Quad(
      unordered: [
        Point(x: x, y: y), Point(x: x + longSide, y: y), Point(x: x + longSide, y: y + short),
        Point(x: x, y: y + short),
      ])
    return DocumentDetector().detect(
      candidates: [Outline(quad: quad, source: .edges)], frameWidth: 1280, frameHeight: 720)
  }

  func testACardAtAQuarterOfTheFrameIsNearEnoughToRead() {
    // 360 px: the card's MRZ capitals are 10 px, a passport's 7.
    XCTAssertEqual(detect(.id1, longSide: 360).status, .success)
    XCTAssertEqual(detect(.td3, longSide: 360).status, .cameraTooFar)
    XCTAssertEqual(detect(.td3, longSide: 360).events, [.tooFar])
  }

  func testADocumentOverAThirdOfTheFrameIsNotTooFar() {
    // Over 35 % of the frame: on a small camera that is as close as it gets.
    XCTAssertEqual(detect(.td3, longSide: 460).status, .success)
    XCTAssertEqual(detect(.id1, longSide: 250).status, .cameraTooFar)
  }
}
