import DocScanCore
import DocScanElement
import Foundation
import XCTest

/// Typed message values survive the trip through a real GstStructure and
/// its text form.
final class StructureRoundTripTests: XCTestCase {
  func testFeedbackRoundTripsThroughGstStructure() throws {
    let message = FeedbackMessage(
      times: StreamTimes(timestamp: 1_000, streamTime: 2_000, runningTime: nil), session: 7,
      side: .back, scanningStatus: .sideScanned, detectionStatus: .cameraTooFar,
      events: [.blur, .requestSideBack], instruction: "Move closer", blur: 0.25, glare: 0.125,
      quad: [1, 2, 3, 4, 5, 6, 7, 8.5])
    let text = GstStructureText.serialize(message.structure)
    XCTAssertTrue(text.hasPrefix("docscan-feedback, timestamp=(guint64)1000"), text)
    XCTAssertTrue(text.contains("running-time=(guint64)18446744073709551615"), "NONE time")
    XCTAssertTrue(text.contains("events=(string)< blur, request-side-back >"), text)
    let parsed = try XCTUnwrap(GstStructureText.parse(text))
    XCTAssertEqual(parsed, message.structure)
    XCTAssertEqual(try FeedbackMessage(structure: parsed), message)
  }

  func testEmptyEventsAndAbsentQuadRoundTrip() throws {
    let message = FeedbackMessage(
      times: .unknown, session: 1, side: .front, scanningStatus: .sideInProgress,
      detectionStatus: .failed, events: [], instruction: "Place the document in view", blur: 0,
      glare: 0)
    let parsed = try XCTUnwrap(
      GstStructureText.parse(GstStructureText.serialize(message.structure)))
    XCTAssertEqual(try FeedbackMessage(structure: parsed), message)
  }

  func testMalformedStructuresAreRejectedWithTheFieldName() throws {
    var structure = FeedbackMessage(
      times: .unknown, session: 1, side: .front, scanningStatus: .sideInProgress,
      detectionStatus: .failed, events: [], instruction: "x", blur: 0, glare: 0
    ).structure
    structure.fields.removeAll { $0.name == "blur" }
    XCTAssertThrowsError(try FeedbackMessage(structure: structure)) {
      XCTAssertEqual($0 as? MessageDecodingError, MessageDecodingError(field: "blur"))
    }
    XCTAssertNil(GstStructureText.parse("not a structure ,,, ="))
  }

  func testResultRoundTripsThroughGstStructure() throws {
    let record = try XCTUnwrap(
      MRZParser.parse(
        [
          "I<UTOD231458907<<<<<<<<<<<<<<<",
          "7408122F1204159UTO<<<<<<<<<<<6",
          "ERIKSSON<<ANNA<MARIA<<<<<<<<<<",
        ], today: MRZDate(year: 2025, month: 6, day: 15)))
    let result = ResultMessage(
      record: record, times: StreamTimes(timestamp: 5, streamTime: 6, runningTime: 7), session: 4,
      framesAnalyzed: 31, elapsed: nil)
    let text = GstStructureText.serialize(result.structure)
    XCTAssertTrue(text.hasPrefix("docscan-result, timestamp=(guint64)5"), text)
    XCTAssertTrue(text.contains("mrz-valid=(boolean)true"), text)
    // GStreamer writes an empty array without an element type; it reads back empty.
    XCTAssertTrue(text.contains("mismatched-fields=(int)<  >"), text)
    XCTAssertTrue(text.contains("frames-analyzed=(uint)31"), text)
    let parsed = try XCTUnwrap(GstStructureText.parse(text))
    XCTAssertEqual(parsed, result.structure)
    let decoded = try ResultMessage(structure: parsed)
    XCTAssertEqual(decoded, result)
    XCTAssertEqual(decoded.mrzLines?.count, 3, "the line breaks survive")
  }

  func testBarcodeResultWithNestedFieldsRoundTrips() throws {
    let payload = DriverLicenceBackPipelineTests.payload
    let aamva = ResultMessage(
      barcode: ScannedBarcode(symbology: "pdf417", bytes: Array(payload.utf8)),
      times: .unknown, session: 2, framesAnalyzed: 3, elapsed: 4)
    XCTAssertEqual(aamva.documentClass, .driverLicense)
    let text = GstStructureText.serialize(aamva.structure)
    XCTAssertTrue(text.contains("barcode-fields=(structure)"), text)
    let parsed = try XCTUnwrap(GstStructureText.parse(text))
    XCTAssertEqual(parsed, aamva.structure)
    XCTAssertEqual(try ResultMessage(structure: parsed), aamva)
    XCTAssertEqual(parsed.structure("barcode-fields")?.string("DAQ"), "T64235789")

    let binary = ResultMessage(
      barcode: ScannedBarcode(symbology: "qrcode", bytes: [0, 1, 2, 0xFF]), times: .unknown,
      session: 1, framesAnalyzed: 1, elapsed: nil)
    let binaryParsed = try XCTUnwrap(
      GstStructureText.parse(GstStructureText.serialize(binary.structure)))
    XCTAssertEqual(binaryParsed.boolean("barcode-data-base64"), true)
    XCTAssertEqual(try ResultMessage(structure: binaryParsed).barcodeData?.bytes, [0, 1, 2, 0xFF])
    XCTAssertTrue(JSONLine.encode(binary.structure).contains("\"barcode-data-base64\":true"))
    XCTAssertTrue(JSONLine.encode(aamva.structure).contains("\"barcode-fields\":{\"DCA\":\"C\","))
  }

  /// Payloads a hostile or broken barcode may carry pass through a real
  /// GstStructure and its text form unchanged, and into the results file's
  /// JSON line as plain ASCII that decodes to the same bytes.
  func testHostilePayloadsPassThroughEscaped() throws {
    var generator = SystemRandomNumberGenerator()
    let megabyte = (0..<1_048_576).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let payloads: [(String, [UInt8])] = [
      ("control characters", Array("A\u{1}\u{1B}[2J\u{7F}\n\r\u{1E}\t\"\\ end".utf8)),
      ("invalid UTF-8", [0x41, 0xFF, 0xC3, 0x28, 0xED, 0xA0, 0x80, 0x42]),
      ("NUL inside", [0x41, 0x00, 0x42]),
      ("beyond ASCII", Array("Zoë 😀 名前 \u{2028}".utf8)),
      ("1 MB of random bytes", megabyte),
      ("1 MB of text", Array(String(repeating: "AAMVA\u{1E}<>&;", count: 1_048_576 / 11).utf8)),
    ]
    for (label, bytes) in payloads {
      let result = ResultMessage(
        barcode: ScannedBarcode(symbology: "qrcode", bytes: bytes), times: .unknown, session: 1,
        framesAnalyzed: 1, elapsed: nil)
      let parsed = try XCTUnwrap(
        GstStructureText.parse(GstStructureText.serialize(result.structure)), label)
      XCTAssertEqual(parsed, result.structure, label)
      XCTAssertEqual(try ResultMessage(structure: parsed).barcodeData?.bytes, bytes, label)

      let line = JSONLine.encode(result.structure)
      XCTAssertTrue(line.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "\(label): ASCII only")
      let object = try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], label)
      let text = try XCTUnwrap(object["barcode-data"] as? String, label)
      let decoded =
        object["barcode-data-base64"] as? Bool == true
        ? BarcodeData(text: text, isBase64: true).bytes : Array(text.utf8)
      XCTAssertEqual(decoded, bytes, label)
    }
  }

  func testSideRoundTripsThroughGstStructure() throws {
    for side in [
      SideMessage(
        times: .unknown, session: 1, side: .back, documentClass: .idCard,
        mrzLines: ["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6"]),
      SideMessage(times: .unknown, session: 1, side: .front, documentClass: .idCard),
    ] {
      let parsed = try XCTUnwrap(GstStructureText.parse(GstStructureText.serialize(side.structure)))
      XCTAssertEqual(try SideMessage(structure: parsed), side)
    }
  }
}
