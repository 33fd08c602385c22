import DocScanOpenCV
import DocScanTestSupport
import XCTest

@testable import DocScanCore

/// A PDF417 too fine to decode on the card dewarped to the session's 720
/// pixels reads on the card cut out magnified
/// (`DocumentDewarper.documentForBarcode`), with the real decoders.
final class MagnifiedBarcodeTests: XCTestCase {
  /// About 470 bytes, as a full AAMVA file: a symbol of fine modules.
  static let payload = String(
    repeating: "ANSI 636000100002DL00410278DLDAQT64235789\n", count: 11)

  func frame(seed: UInt64) throws -> (AnalysisFrame, Detection) {
    try licenceBackFrame(payload: Self.payload, longSide: 800, softness: 0.7, seed: seed)
  }

  func testAFinePDF417ReadsOnTheMagnifiedCard() throws {
    let dewarper = DocumentDewarper(vision: OpenCVVision())
    let decoders = SessionDecoders()
    let reader = SideBarcodeReader(reader: decoders, vision: OpenCVVision())
    var confirmation = BarcodeConfirmation()
    var read: [ScannedBarcode] = []
    for seed in UInt64(1)...2 {
      let (frame, detection) = try frame(seed: seed)
      let card = try XCTUnwrap(
        dewarper.dewarp(frame.luma, try XCTUnwrap(detection.quad), shape: .id1))
      XCTAssertEqual(decoders.read(card), [], "the premise: too fine at 720 pixels")
      XCTAssertEqual(
        decoders.read(
          try XCTUnwrap(
            OpenCVVision().unsharpMasked(
              card, sigma: SideBarcodeReader.sharpeningSigma,
              amount: SideBarcodeReader.sharpeningAmount))),
        [], "the premise: sharpening does not make up for it")
      let found = try XCTUnwrap(
        reader.readCard(
          detection, card, magnified: { dewarper.documentForBarcode(frame, detection) },
          blur: 0.3, settings: SessionSettings(), confirmation: &confirmation))
      XCTAssertTrue(found.inView)
      read += found.read
    }
    XCTAssertEqual(read.map(\.text), [Self.payload], "read once both readings agree")
  }

  func testASmallCardIsNotMagnifiedBeyondWhatTheDewarpedCardHas() throws {
    let dewarper = DocumentDewarper(vision: OpenCVVision())
    let (frame, _) = try frame(seed: 1)
    let small = Quad(unordered: [
      Point(x: 100, y: 100), Point(x: 400, y: 100), Point(x: 400, y: 290), Point(x: 100, y: 290),
    ])
    let detection = Detection(quad: small, status: .success, events: [], shape: .id1)
    XCTAssertNil(dewarper.documentForBarcode(frame, detection), "600 px: less than 720")
    let large = Detection(
      quad: small.scaled(x: 4.2, y: 3), status: .success, events: [], shape: .id1)
    XCTAssertEqual(
      dewarper.documentForBarcode(frame, large)?.width, DocumentDewarper.barcodeLongSideLimit)
  }

  func testTheWholeFrameIsResampledOneAndAHalfTimes() throws {
    let (frame, _) = try frame(seed: 1)
    let larger = try XCTUnwrap(DocumentDewarper(vision: OpenCVVision()).frameForBarcode(frame))
    XCTAssertEqual(larger.width, 1920)
    XCTAssertEqual(larger.height, 1080)
    XCTAssertEqual(
      Int(larger[960, 540]), Int(frame.luma[640, 360]), accuracy: 12,
      "the same picture, larger")
  }
}
