import DocScanCore
import DocScanTestSupport
import Foundation
import XCTest

/// A rendered driver licence back (an AAMVA version 10 payload as a PDF417)
/// lying on a desk under perspective, slightly blurred and noisy, through
/// `docscan mode=barcode`: the result carries every AAMVA field exactly.
final class DriverLicenceBackPipelineTests: XCTestCase {
  static let elements: [(String, String)] = [
    ("DCA", "C"), ("DCB", "NONE"), ("DCD", "NONE"), ("DBA", "08312030"), ("DCS", "SAMPLE"),
    ("DAC", "JOHN"), ("DAD", "QUINCY"), ("DBD", "08312022"), ("DBB", "01151990"),
    ("DBC", "1"), ("DAY", "BRO"), ("DAU", "069 IN"), ("DAG", "123 MAIN ST"),
    ("DAI", "ANYTOWN"), ("DAJ", "VA"), ("DAK", "232190000  "), ("DAQ", "T64235789"),
    ("DCF", "2424244747474786102204"), ("DCG", "USA"), ("DDE", "N"), ("DDF", "N"),
    ("DDG", "N"),
  ]

  /// An AAMVA DL/ID-2020 (version 10) file with one `DL` subfile, its
  /// directory offset and length exact.
  static var payload: String {
    let subfile = "DL" + elements.map { $0.0 + $0.1 }.joined(separator: "\n") + "\r"
    let headerLength = 21 + 10
    func digits(_ value: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: 4 - text.count) + text
    }
    return "@\n\u{1e}\rANSI 636000" + "10" + "00" + "01" + "DL" + digits(headerLength)
      + digits(subfile.utf8.count) + subfile
  }

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
