import DocScanCore
import DocScanTestSupport
import XCTest

/// What the drawn result shows of a barcode, plain and redacted, and how a
/// card's MRZ and AAMVA barcode are compared.
final class BarcodeResultCardTests: XCTestCase {
  static let today = MRZDate(year: 2025, month: 6, day: 15)
  static let times = StreamTimes(timestamp: 0, streamTime: 0, runningTime: 0)

  static func result(_ barcode: ScannedBarcode, mrz: [String]? = nil) throws -> ResultMessage {
    guard let mrz else {
      return ResultMessage(
        barcode: barcode, times: times, session: 1, framesAnalyzed: 4, elapsed: nil)
    }
    let record = try XCTUnwrap(MRZParser.parse(mrz, today: today))
    return ResultMessage(
      record: record, barcode: barcode, times: times, session: 1, framesAnalyzed: 4,
      elapsed: nil)
  }

  static func card(elements: [(String, String)], type: String = "DL") throws -> AAMVARecord {
    try AAMVAParser.parse(Array(AAMVASample.payload(elements: elements, type: type).utf8))
  }

  static let specimenHolder: [(String, String)] = [
    ("DAQ", "D23145890"), ("DCS", "ERIKSSON"), ("DAC", "ANNA"), ("DAD", "MARIA"),
    ("DBB", "08121974"), ("DBA", "04152012"), ("DBC", "2"),
  ]

  func testALicenceBarcodeShowsItsHolderTypeAndIssuer() throws {
    let result = try Self.result(.pdf417(AAMVASample.payload()))
    XCTAssertEqual(
      ResultCard(result, redact: false).lines,
      [
        "Driver licence", "SAMPLE, JOHN QUINCY", "No. T64235789",
        "Born 1990-01-15, expires 2030-08-31", "PDF417 AAMVA VA",
      ])
    XCTAssertEqual(
      ResultCard(result, redact: true).lines,
      ["Driver licence", "S*, J* Q*", "No. T*", "Born 1*, expires 2030-08-31", "PDF417 AAMVA VA"])
  }

  func testOtherBarcodesShowTheirTypeAndPayload() throws {
    let short = ScannedBarcode(symbology: "code128", bytes: Array("ABC-123".utf8), text: "ABC-123")
    XCTAssertEqual(
      ResultCard(try Self.result(short), redact: false).lines, ["Barcode", "Code 128: ABC-123"])
    XCTAssertEqual(
      ResultCard(try Self.result(short), redact: true).lines, ["Barcode", "Code 128: A*"])
    let long = String(repeating: "0123456789", count: 5)
    let matrix = ScannedBarcode(symbology: "datamatrix", bytes: Array(long.utf8), text: long)
    XCTAssertEqual(
      ResultCard(try Self.result(matrix), redact: false).lines.last,
      "Data Matrix: 01234567890123456789012345678901...")
    let binary = ScannedBarcode(symbology: "aztec", bytes: [0, 1, 2, 0xFF], text: nil)
    XCTAssertEqual(ResultCard(try Self.result(binary), redact: false).lines.last, "Aztec: 4 bytes")
    XCTAssertEqual(ResultCard.symbologyName("ean13"), "EAN-13")
    XCTAssertEqual(ResultCard.symbologyName("upce"), "UPC-E")
    XCTAssertEqual(ResultCard.symbologyName("future"), "future")
  }

  func testABarcodeBesideAnMRZSaysWhetherTheyAgreeAndWhatDiffers() throws {
    var elements = Self.specimenHolder
    elements[0].1 = "D23145891"
    elements[4].1 = "08121975"
    let payload = AAMVASample.payload(elements: elements, type: "ID")
    let result = try Self.result(.pdf417(payload), mrz: DocumentFixture.td1Mrz)
    XCTAssertEqual(result.dataMatch, .mismatch)
    XCTAssertEqual(result.mismatchedFields, ["document-number", "date-of-birth"])
    XCTAssertEqual(
      Array(ResultCard(result, redact: false).lines.suffix(4)),
      [
        "MRZ valid", "PDF417 AAMVA VA differs from the MRZ:", "  No. D23145891",
        "  Born 1975-08-12",
      ])
    XCTAssertEqual(
      Array(ResultCard(result, redact: true).lines.suffix(2)), ["  No. D*", "  Born 1*"])

    // A non-AAMVA barcode beside an MRZ: nothing to compare.
    let qr = ScannedBarcode(symbology: "qrcode", bytes: Array("X".utf8), text: "X")
    let other = try Self.result(qr, mrz: DocumentFixture.td1Mrz)
    XCTAssertEqual(other.dataMatch, .notAvailable)
    XCTAssertEqual(other.documentClass, .idCard)
    XCTAssertTrue(other.mrzExtracted && other.barcodeExtracted)
    XCTAssertEqual(ResultCard(other, redact: false).lines.last, "QR code: X")
  }

  func testComparisonIgnoresFillersAndAcceptsACutMRZName() throws {
    let mrz = try XCTUnwrap(MRZParser.parse(DocumentFixture.td1Mrz, today: Self.today))
    var elements = Self.specimenHolder
    elements[1].1 = "Eriksson"
    elements[0].1 = "D-2314 5890"
    XCTAssertEqual(
      MRZBarcodeComparison.mismatchedFields(mrz, try Self.card(elements: elements)), [])
    // The specimen's name line ends in fillers: it was not cut.
    elements[3].1 = "MARIAH"
    XCTAssertEqual(
      MRZBarcodeComparison.mismatchedFields(mrz, try Self.card(elements: elements)),
      ["given-names"])
    // A full name line may have been cut: the barcode's longer name agrees.
    let cut = try XCTUnwrap(
      MRZParser.parse(
        [
          "I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6",
          "ERIKSSON<<ANNA<MARIA<ELISABETH",
        ], today: Self.today))
    elements[3].1 = "MARIA ELISABETHA"
    XCTAssertEqual(
      MRZBarcodeComparison.mismatchedFields(cut, try Self.card(elements: elements)), [])
    // Nothing in common to compare.
    XCTAssertNil(
      MRZBarcodeComparison.mismatchedFields(mrz, try Self.card(elements: [("DCG", "USA")])))
  }
}
