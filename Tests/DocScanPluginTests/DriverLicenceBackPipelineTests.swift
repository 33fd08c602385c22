import DocScanCore
import DocScanTestSupport
import Foundation
import XCTest

/// A rendered driver licence back (an AAMVA version 10 payload as a PDF417)
/// lying on a desk under perspective, slightly blurred and noisy, through
/// `docscan mode=barcode`: the result carries every AAMVA field exactly.
final class DriverLicenceBackPipelineTests: XCTestCase {
  static let elements = AAMVASample.licenceElements
  static let payload = AAMVASample.payload()

  func testRenderedLicenceBackGivesEveryAAMVAField() throws {
    let payload = Self.payload
    let parsed = try AAMVAParser.parse(Array(payload.utf8))
    XCTAssertEqual(parsed.version, 10)
    let card = try XCTUnwrap(BarcodeCardBack.render(payload: payload))
    var scene = DeskScene.placed(
      shape: .id1, centerX: 640, centerY: 370, longSide: 860, rotation: 6, keystone: 0.06)
    scene.page = card
    let frame = scene.render().gaussianBlurred(sigma: 0.7).noisy(amplitude: 4, seed: 7)
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let png = folder.appendingPathComponent("licence-back.png").path
    XCTAssertTrue(frame.writePNG(to: png))

    let (output, messages) = try GStreamerRunner.launch(
      "filesrc location=\(png) ! pngdec ! videoconvert ! imagefreeze num-buffers=10 ! "
        + "videoconvert ! video/x-raw,format=I420 ! docscan mode=barcode analysis=sync ! fakesink")
    XCTAssertEqual(output.status, 0, output.stderr)
    let sides = try messages.filter { $0.name == SideMessage.structureName }.map(SideMessage.init)
    XCTAssertEqual(sides.count, 1, "one barcode, reported once")
    XCTAssertEqual(sides.first?.side, .barcode)
    XCTAssertEqual(sides.first?.documentClass, .driverLicense)
    let results = messages.filter { $0.name == ResultMessage.structureName }
    XCTAssertEqual(results.count, 1)
    let result = try ResultMessage(structure: try XCTUnwrap(results.first))
    XCTAssertEqual(result.documentClass, .driverLicense)
    XCTAssertEqual(result.barcodeType, "pdf417")
    XCTAssertEqual(result.barcodeData, BarcodeData(text: payload, isBase64: false))
    XCTAssertTrue(result.barcodeExtracted)
    XCTAssertFalse(result.mrzExtracted)
    XCTAssertEqual(result.documentNumber, "T64235789")
    XCTAssertEqual(result.surname, "SAMPLE")
    XCTAssertEqual(result.givenNames, "JOHN QUINCY")
    XCTAssertEqual(result.dateOfBirth, "1990-01-15")
    XCTAssertEqual(result.dateOfExpiry, "2030-08-31")
    XCTAssertEqual(result.sex, parsed.sex)
    XCTAssertEqual(result.nationality, "USA")
    XCTAssertEqual(result.issuer, "VA")
    let fields = try XCTUnwrap(result.barcodeFields)
    XCTAssertEqual(fields.map(\.id), Self.elements.map(\.0))
    XCTAssertEqual(fields, parsed.elements)
    print(
      "DRIVER LICENCE BACK through docscan: \(fields.count) AAMVA elements, "
        + "frames analysed \(result.framesAnalyzed)")
  }
}
