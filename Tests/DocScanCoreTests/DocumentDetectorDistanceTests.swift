import DocScanCore
import XCTest

/// `camera-too-far` follows how small the print is, not only how small the
/// document is in the frame.
final class DocumentDetectorDistanceTests: XCTestCase {
  /// A whole, square-on outline of `shape` with the given long side, in the
  /// middle of a 1280x720 frame.
  func detect(_ shape: DocumentShape, longSide: Double, wasTooFar: Bool = false) -> Detection {
    let short = longSide / shape.aspectRatio
    let (x, y) = (640 - longSide / 2, 360 - short / 2)
    let quad = Quad(
      unordered: [
        Point(x: x, y: y), Point(x: x + longSide, y: y), Point(x: x + longSide, y: y + short),
        Point(x: x, y: y + short),
      ])
    return DocumentDetector().detect(
      candidates: [Outline(quad: quad, source: .edges)], frameWidth: 1280, frameHeight: 720,
      wasTooFar: wasTooFar)
  }

  func testACardAtAQuarterOfTheFrameIsNearEnoughToRead() {
    // 360 px: the card's MRZ capitals are 10 px, a passport's just under 7
    // (the reader's floor).
    XCTAssertEqual(detect(.id1, longSide: 360).status, .success)
    XCTAssertEqual(detect(.td3, longSide: 360).status, .cameraTooFar)
    XCTAssertEqual(detect(.td3, longSide: 360).events, [.tooFar])
  }

  func testADocumentOverAThirdOfTheFrameIsNotTooFar() {
    // Over 35 % of the frame: on a small camera that is as close as it gets.
    XCTAssertEqual(detect(.td3, longSide: 460).status, .success)
    XCTAssertEqual(detect(.id1, longSide: 240).status, .cameraTooFar)
    XCTAssertEqual(detect(.id1, longSide: 260).status, .success, "capitals of 7.4 px are read")
  }

  func testACameraReportedTooFarMustComeClearlyNearer() {
    // Capitals of 7.4 px: near enough from success, still too far from
    // too-far (the limit is then 7.7 px), until they reach 7.9 px.
    XCTAssertEqual(detect(.id1, longSide: 260).status, .success)
    XCTAssertEqual(detect(.id1, longSide: 260, wasTooFar: true).status, .cameraTooFar)
    XCTAssertEqual(detect(.id1, longSide: 280, wasTooFar: true).status, .success)
  }
}
