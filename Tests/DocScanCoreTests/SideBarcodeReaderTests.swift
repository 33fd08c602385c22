import DocScanOpenCV
import DocScanTestSupport
import XCTest

@testable import DocScanCore

/// Where a side's barcodes are read, and which frames are not worth the
/// decoders' time.
final class SideBarcodeReaderTests: XCTestCase {
  let settings = SessionSettings(mode: .barcode)
  let card = Quad(unordered: [
    Point(x: 100, y: 100), Point(x: 417, y: 100), Point(x: 417, y: 300), Point(x: 100, y: 300),
  ])
  let licence = ScannedBarcode.pdf417("@\nANSI 636014080102DL")

  /// A rendered page on a desk: sharp to the quality inspector.
  func sharpFrame() -> AnalysisFrame {
    AnalysisFrame(
      luma: DocumentFixture(frameWidth: 640, frameHeight: 360).render(), sourceWidth: 640,
      sourceHeight: 360, times: .unknown)
  }

  /// A flat frame: nothing in it survives blurring.
  func flatFrame() -> AnalysisFrame {
    AnalysisFrame(
      luma: LumaImage(width: 640, height: 360, fill: 128), sourceWidth: 640, sourceHeight: 360,
      times: .unknown)
  }

  func detection(_ status: DetectionStatus, shape: DocumentShape = .id1) -> Detection {
    Detection(quad: card, status: status, events: [], shape: shape)
  }

  func testTheDocumentIsReadFirstAndTheWholeFrameOnlyWhenItGivesNothing() {
    let decoder = ScriptedBarcodeReader(showing: [licence])
    let reader = SideBarcodeReader(reader: decoder, vision: OpenCVVision())
    let document = LumaImage(width: 317, height: 200, fill: 200)
    var confirmation = BarcodeConfirmation()
    let found = reader.readAnywhere(
      sharpFrame(), detection(.success), document, magnified: { _ in nil }, blur: 0.2,
      settings: settings,
      confirmation: &confirmation)
    XCTAssertEqual(found.read, [licence])
    XCTAssertEqual(decoder.calls, 1, "the document gave the barcode: the frame is not read")

    decoder.show([])
    _ = reader.readAnywhere(
      sharpFrame(), detection(.success), document, magnified: { _ in nil }, blur: 0.2,
      settings: settings,
      confirmation: &confirmation)
    XCTAssertEqual(decoder.calls, 3, "nothing on the document: the whole frame is read too")
  }

  func testAFrameWithoutADocumentIsReadUnlessNothingInItSurvivesBlurring() {
    let decoder = ScriptedBarcodeReader(showing: [licence])
    let reader = SideBarcodeReader(reader: decoder, vision: OpenCVVision())
    let none = Detection(quad: nil, status: .failed, events: [], shape: nil)
    var confirmation = BarcodeConfirmation()
    XCTAssertEqual(
      reader.readAnywhere(
        sharpFrame(), none, nil, magnified: { _ in nil }, blur: 1, settings: settings,
        confirmation: &confirmation
      ).read, [licence])
    XCTAssertEqual(
      reader.readAnywhere(
        flatFrame(), none, nil, magnified: { _ in nil }, blur: 1, settings: settings,
        confirmation: &confirmation
      ).read, [])
    XCTAssertEqual(decoder.calls, 1)
  }

  func testACardIsReadOnlyWhenItIsAWholeID1CardPassingTheBarcodeGate() throws {
    let decoder = ScriptedBarcodeReader(showing: [licence])
    let reader = SideBarcodeReader(reader: decoder, vision: OpenCVVision())
    let document = LumaImage(width: 317, height: 200, fill: 200)
    var confirmation = BarcodeConfirmation()
    func read(_ detection: Detection, blur: Double = 0.3) -> SideBarcodeReader.CardBarcodes? {
      reader.readCard(
        detection, document, magnified: { nil }, blur: blur, settings: settings,
        confirmation: &confirmation)
    }
    XCTAssertNil(read(detection(.success, shape: .td3)), "a passport page carries no PDF417")
    XCTAssertNil(read(detection(.cameraTooFar)))
    XCTAssertNil(read(detection(.success), blur: 0.97), "too blurred even for a decoder")
    XCTAssertEqual(decoder.calls, 0)

    let soft = try XCTUnwrap(read(detection(.success), blur: 0.8))
    XCTAssertEqual(soft.read, [licence])
    XCTAssertTrue(soft.inView)

    decoder.show([])
    let blank = try XCTUnwrap(read(detection(.success)))
    XCTAssertEqual(blank.read, [])
    XCTAssertFalse(blank.inView, "a blank card shows no barcode")
  }

  func testAReadingWaitsForAnIndependentOneAndSaysTheBarcodeIsInView() throws {
    let once = ScannedBarcode.pdf417("@\nANSI 636014080102DL", sources: ["zxing"])
    let decoder = ScriptedBarcodeReader(showing: [once])
    let reader = SideBarcodeReader(reader: decoder, vision: OpenCVVision())
    var confirmation = BarcodeConfirmation()
    func read(_ document: LumaImage) throws -> SideBarcodeReader.CardBarcodes {
      try XCTUnwrap(
        reader.readCard(
          detection(.success), document, magnified: { nil }, blur: 0.3, settings: settings,
          confirmation: &confirmation))
    }
    let first = try read(LumaImage(width: 317, height: 200, fill: 200))
    XCTAssertEqual(first.read, [], "one pass on one image is one reading")
    XCTAssertTrue(first.inView, "a barcode that decodes is in view")
    XCTAssertEqual(try read(LumaImage(width: 317, height: 200, fill: 200)).read, [])
    XCTAssertEqual(try read(LumaImage(width: 317, height: 200, fill: 201)).read, [once])
  }

  func testASharpenedCopyIsNoSecondReadingOfTheSameFrame() throws {
    // One decoder pass reads the licence on the card and on its sharpened
    // copy: the same samples, so one reading, not the two that confirm it.
    let once = ScannedBarcode.pdf417("@\nANSI 636014080102DL", sources: ["zxing"])
    let decoder = ScriptedBarcodeReader(showing: [once])
    let reader = SideBarcodeReader(reader: decoder, vision: OpenCVVision())
    var confirmation = BarcodeConfirmation()
    let card = DocumentFixture(frameWidth: 317, frameHeight: 200).render()
    XCTAssertNotEqual(
      BarcodeConfirmation.fingerprint(of: card),
      BarcodeConfirmation.fingerprint(
        of: try XCTUnwrap(
          OpenCVVision().unsharpMasked(
            card, sigma: SideBarcodeReader.sharpeningSigma,
            amount: SideBarcodeReader.sharpeningAmount))),
      "the premise: sharpening changes the card's pixels")
    let found = try XCTUnwrap(
      reader.readCard(
        detection(.success), card, magnified: { nil }, blur: 0.3, settings: settings,
        confirmation: &confirmation))
    XCTAssertEqual(found.read, [])
    XCTAssertEqual(decoder.calls, 2, "the card, then the card sharpened")
  }

  func testABarcodeStillUnconfirmedIsReadMagnifiedWhateverTheSharpenedCopyGave() throws {
    // The card gives a PDF417 read by one pass and a Code 128 read by two;
    // the sharpened copy gives the Code 128 only. The PDF417 still waits
    // for a second reading, so the magnified card is read.
    let pdf417 = ScannedBarcode.pdf417("@\nANSI 636014080102DL", sources: ["zxing"])
    let code128 = ScannedBarcode(
      symbology: "code128", bytes: Array("DOCSCAN-128".utf8), text: "DOCSCAN-128",
      sources: ["zxing", "zbar"])
    let decoder = SequencedBarcodeReader([[pdf417, code128], [code128], [pdf417]])
    let reader = SideBarcodeReader(reader: decoder, vision: OpenCVVision())
    var confirmation = BarcodeConfirmation()
    let card = DocumentFixture(frameWidth: 317, frameHeight: 200).render()
    let found = try XCTUnwrap(
      reader.readCard(
        detection(.success), card, magnified: { LumaImage(width: 634, height: 400, fill: 180) },
        blur: 0.3, settings: settings, confirmation: &confirmation))
    XCTAssertEqual(decoder.calls, 3, "card, sharpened card, magnified card")
    XCTAssertEqual(Set(found.read), [code128, pdf417])
  }
}
