import DocScanOpenCV
import XCTest

@testable import DocScanCore

/// A PDF417 blurred by a soft 720p camera over its 2.5-pixel modules reads
/// on the card sharpened (`SideBarcodeReader.sharpeningSigma`), with the
/// real decoders, where neither the card nor the card magnified reads.
final class SharpenedBarcodeTests: XCTestCase {
  /// About 260 bytes, as a short AAMVA file.
  static let payload = String(
    repeating: "ANSI 636000100002DL00410278DLDAQT64235789\n", count: 6)

  func testASoftPDF417ReadsOnTheSharpenedCardOnceTwoFramesAgree() throws {
    let dewarper = DocumentDewarper(vision: OpenCVVision())
    let decoders = SessionDecoders()
    let reader = SideBarcodeReader(reader: decoders, vision: OpenCVVision())
    var confirmation = BarcodeConfirmation()
    var read: [[ScannedBarcode]] = []
    for seed in UInt64(1)...2 {
      let (frame, detection) = try licenceBackFrame(
        payload: Self.payload, longSide: 720, softness: 1.4, seed: seed)
      let card = try XCTUnwrap(
        dewarper.dewarp(frame.luma, try XCTUnwrap(detection.quad), shape: .id1))
      XCTAssertEqual(decoders.read(card), [], "the premise: too soft as it is")
      let sharpened = try XCTUnwrap(
        OpenCVVision().unsharpMasked(
          card, sigma: SideBarcodeReader.sharpeningSigma, amount: SideBarcodeReader.sharpeningAmount
        ))
      let passes = decoders.read(sharpened).map(\.sources.count)
      XCTAssertEqual(passes.count, 1, "the premise: it reads sharpened")
      if seed == 1 {
        XCTAssertEqual(passes, [1], "the premise: one decoder pass reads the first frame")
      }
      let magnified = dewarper.documentForBarcode(frame, detection)
      XCTAssertEqual(magnified.map(decoders.read), [], "the premise: and magnified")
      let found = try XCTUnwrap(
        reader.readCard(
          detection, card, magnified: { magnified }, blur: 0.3, settings: SessionSettings(),
          confirmation: &confirmation))
      XCTAssertTrue(found.inView)
      read.append(found.read)
    }
    XCTAssertEqual(
      read.map { $0.map(\.text) }, [[], [Self.payload]],
      "the first frame's sharpened card is read by one decoder pass; the next frame's confirms it")
  }
}
