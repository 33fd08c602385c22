import DocScanTestSupport
import XCTest

@testable import DocScanCore

/// A barcode carries its AAMVA record, parsed once from its bytes.
final class ScannedBarcodeTests: XCTestCase {
  func testAnAAMVAPayloadIsParsedWhenTheBarcodeIsMade() throws {
    let licence = ScannedBarcode.pdf417(AAMVASample.payload())
    let record = try XCTUnwrap(licence.aamva)
    XCTAssertEqual(record, try AAMVAParser.parse(licence.bytes))
    XCTAssertEqual(record.documentClass, .driverLicense)
    XCTAssertNil(ScannedBarcode(symbology: "qrcode", bytes: Array("X".utf8), text: "X").aamva)
  }

  func testNewBytesAreParsedAgain() {
    var barcode = ScannedBarcode(symbology: "pdf417", bytes: Array("X".utf8))
    barcode.bytes = Array(AAMVASample.payload(type: "ID").utf8)
    XCTAssertEqual(barcode.aamva?.documentClass, .idCard)
    barcode.bytes = Array("Y".utf8)
    XCTAssertNil(barcode.aamva)
  }

  func testEqualityAndHashFollowSymbologyBytesAndText() {
    let payload = AAMVASample.payload()
    var changed = ScannedBarcode(symbology: "pdf417", bytes: [])
    changed.bytes = Array(payload.utf8)
    changed.text = payload
    let made = ScannedBarcode.pdf417(payload)
    XCTAssertEqual(changed, made)
    XCTAssertEqual(Set([changed, made]).count, 1)
    XCTAssertNotEqual(made, ScannedBarcode(symbology: "qrcode", bytes: made.bytes, text: payload))
  }
}
