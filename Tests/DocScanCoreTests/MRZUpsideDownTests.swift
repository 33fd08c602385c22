import DocScanCore
import DocScanTestSupport
import XCTest

@testable import DocScanOCR

/// A kept frame's picture asks only which way up its MRZ lies: the reader
/// answers as its full reading would, without reading the rows.
final class MRZUpsideDownTests: XCTestCase {
  private func page(withMRZ: Bool) -> LumaImage {
    // A TD3 page as a kept frame's dewarped document is read.
    let size = DocumentShape.td3.dewarpedSize(longSide: 720)
    var fixture = DocumentFixture(
      frameWidth: size.width, frameHeight: size.height,
      page: PixelRect(x: 0, y: 0, width: size.width, height: size.height))
    if withMRZ { fixture.mrz = DocumentFixture.mrz }
    return fixture.render()
  }

  func testTheWayUpIsTheFullReadingsEitherWay() throws {
    let upright = page(withMRZ: true)
    for (image, expected) in [(upright, false), (upright.rotated(quarterTurns: 2), true)] {
      // Fresh readers: each remembers orientations and takes turns.
      let reading = try XCTUnwrap(
        try MRZModelReader(tessdata: MRZModelFolder.path).readMRZ(in: image))
      let wayUp = try MRZModelReader(tessdata: MRZModelFolder.path).mrzUpsideDown(in: image)
      XCTAssertEqual(reading.upsideDown, expected)
      XCTAssertEqual(wayUp, expected)
    }
  }

  /// Where the full reading finds rows it answers (the fusion and check
  /// digits then judge the reading); where it finds none, neither answers.
  func testWithoutAnMRZTheAnswerIsTheFullReadings() throws {
    let printed = page(withMRZ: false)
    let blank = LumaImage(width: printed.width, height: printed.height, fill: 235)
    XCTAssertNotNil(
      try MRZModelReader(tessdata: MRZModelFolder.path).readMRZ(in: printed),
      "the page's print has rows at one pitch: the reading answers")
    for image in [printed, blank] {
      let reading = try MRZModelReader(tessdata: MRZModelFolder.path).readMRZ(in: image)
      let wayUp = try MRZModelReader(tessdata: MRZModelFolder.path).mrzUpsideDown(in: image)
      XCTAssertEqual(wayUp, reading?.upsideDown)
    }
    XCTAssertNil(
      try MRZModelReader(tessdata: MRZModelFolder.path).mrzUpsideDown(in: blank), "no rows")
  }
}
