import DocScanCore
import DocScanOpenCV
import DocScanTestSupport
import XCTest

/// The barcode cue on dewarped documents as the session sees them: a card
/// back with a PDF417 shows one, sharp or too blurred to decode, standing
/// or lying; a licence front, an ID card's MRZ back and a passport page
/// do not.
final class BarcodePresenceTests: XCTestCase {
  static let payload = String(repeating: "ANSI 636000100002DL00410278DLDAQT64235789\n", count: 6)

  /// `page` on a desk under perspective, found at its true corners and
  /// dewarped to the session's 720-pixel landscape.
  func dewarped(
    _ page: LumaImage, shape: DocumentShape = .id1, blur: Double = 0.6, noise: Int = 3
  ) throws -> LumaImage {
    var scene = DeskScene.placed(
      shape: shape, centerX: 640, centerY: 360, longSide: 820, rotation: 4, keystone: 0.05)
    scene.page = page
    let frame = scene.render().gaussianBlurred(sigma: blur).noisy(amplitude: noise, seed: 3)
    let size = shape.dewarpedSize(longSide: ScanSession.dewarpedLongSide)
    return try XCTUnwrap(
      OpenCVVision().dewarp(frame, quad: scene.truth, width: size.width, height: size.height))
  }

  func testACardBackWithAPDF417ShowsABarcode() throws {
    let back = try XCTUnwrap(BarcodeCardBack.render(payload: Self.payload))
    let cue = BarcodePresence()
    XCTAssertTrue(cue.isBarcodeLikely(in: try dewarped(back)))
    // Too soft to decode, still a block of bars.
    XCTAssertTrue(cue.isBarcodeLikely(in: try dewarped(back, blur: 1.6)))
    // Turned a quarter on the card: the bars lie.
    XCTAssertTrue(cue.isBarcodeLikely(in: try dewarped(back).rotatedClockwise()))
  }

  func testFrontsMRZBacksAndPassportPagesShowNone() throws {
    let cue = BarcodePresence()
    XCTAssertFalse(cue.isBarcodeLikely(in: try dewarped(CardFront.render())))
    XCTAssertFalse(cue.isBarcodeLikely(in: try dewarped(CardFront.render(), blur: 0.3)))
    var idCard = DeskScene.placed(shape: .id1, longSide: 820, rotation: 4)
    idCard.mrz = DocumentFixture.td1Mrz
    let size = DocumentShape.id1.dewarpedSize(longSide: ScanSession.dewarpedLongSide)
    let cardBack = try XCTUnwrap(
      OpenCVVision().dewarp(
        idCard.render(), quad: idCard.truth, width: size.width, height: size.height))
    XCTAssertFalse(cue.isBarcodeLikely(in: cardBack), "an MRZ is text, not bars")
    let passport = DeskScene.placed(shape: .td3, longSide: 820, rotation: 4)
    let page = DocumentShape.td3.dewarpedSize(longSide: ScanSession.dewarpedLongSide)
    XCTAssertFalse(
      cue.isBarcodeLikely(
        in: try XCTUnwrap(
          OpenCVVision().dewarp(
            passport.render(), quad: passport.truth, width: page.width, height: page.height))))
    XCTAssertFalse(cue.isBarcodeLikely(in: LumaImage(width: 720, height: 454, fill: 200)))
    XCTAssertFalse(cue.isBarcodeLikely(in: LumaImage(width: 8, height: 8, fill: 200)))
  }
}
