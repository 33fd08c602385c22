import DocScanOpenCV
import XCTest

@testable import DocScanCore

/// The document the MRZ reader gets is cut out wider than its outline, so
/// that print near the edge keeps its letters whole when the outline lies a
/// few pixels inside the card.
final class DocumentForReadingTests: XCTestCase {
  func testGrowingMovesEachSideOutByHalfTheFraction() {
    let quad = Quad(unordered: [
      Point(x: 100, y: 100), Point(x: 300, y: 100), Point(x: 300, y: 200), Point(x: 100, y: 200),
    ])
    let grown = quad.grown(by: 0.1)
    XCTAssertEqual(grown.upperLeft.x, 90, accuracy: 1e-9)
    XCTAssertEqual(grown.upperLeft.y, 95, accuracy: 1e-9)
    XCTAssertEqual(grown.lowerRight.x, 310, accuracy: 1e-9)
    XCTAssertEqual(grown.lowerRight.y, 205, accuracy: 1e-9)
  }

  func testARowAtTheCardsEdgeKeepsItsBottomsWhenTheOutlineCutsIt() throws {
    // A light card (x 200-440, y 100-260) on a mid-grey desk, with a dark
    // row of print ending 2 px above its lower edge; the outline found
    // stops 6 px inside the card, across the row.
    var luma = LumaImage(width: 640, height: 360, fill: 120)
    for y in 100..<260 {
      for x in 200..<440 { luma.pixels[y * luma.stride + x] = 230 }
    }
    for y in 246..<258 {
      for x in 220..<420 { luma.pixels[y * luma.stride + x] = 20 }
    }
    let frame = AnalysisFrame(luma: luma, sourceWidth: 640, sourceHeight: 360, times: .unknown)
    let outline = Quad(unordered: [
      Point(x: 200, y: 100), Point(x: 440, y: 100), Point(x: 440, y: 254), Point(x: 200, y: 254),
    ])
    let detection = Detection(quad: outline, status: .success, events: [], shape: .id1)
    let dewarper = DocumentDewarper(vision: OpenCVVision())

    let exact = try XCTUnwrap(dewarper.dewarp(luma, outline, shape: .id1))
    XCTAssertLessThan(darkestOfBottomRow(exact), 60, "the outline itself cuts through the row")

    let document = try XCTUnwrap(dewarper.documentForReading(frame, detection))
    XCTAssertGreaterThan(
      darkestOfBottomRow(document), 100, "the row's bottoms are inside, below them the card")
    XCTAssertLessThan(lowestDarkRow(document), document.height - 2)
  }

  /// The darkest pixel of the middle of the image's last row.
  private func darkestOfBottomRow(_ image: LumaImage) -> UInt8 {
    let y = image.height - 1
    return (image.width / 4..<image.width * 3 / 4).map { image[$0, y] }.min()!
  }

  private func lowestDarkRow(_ image: LumaImage) -> Int {
    (0..<image.height).last { y in image[image.width / 2, y] < 60 } ?? 0
  }
}
