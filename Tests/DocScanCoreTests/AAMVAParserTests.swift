import DocScanCore
import XCTest

/// Builds AAMVA payloads: the header and a directory whose offsets and lengths
/// are computed from the subfiles (skewed by `offsetErrors` when a test wants
/// the real-world kind of wrong directory).
struct AAMVATestPayload {
  struct Subfile {
    var type: String
    var elements: [(id: String, value: [UInt8])]

    init(_ type: String, _ elements: [(String, String)]) {
      self.type = type
      self.elements = elements.map { ($0.0, Array($0.1.utf8)) }
    }

    init(_ type: String, bytes elements: [(String, [UInt8])]) {
      self.type = type
      self.elements = elements.map { ($0.0, $0.1) }
    }
  }

  var iin = "636000"
  var version = 10
  /// nil writes a header without one (the version 1 layout).
  var jurisdictionVersion: Int? = 0
  var fileType = "ANSI "
  var separators: [UInt8] = [0x0A, 0x1E, 0x0D]
  var subfiles: [Subfile]
  /// Added to each subfile's declared offset.
  var offsetErrors: [Int] = []
  /// Directory entries pointing nowhere: type, offset, length.
  var phantomEntries: [(String, Int, Int)] = []
  /// Writes the element separator after a subfile's last element too.
  var separatorBeforeTerminator = false

  var elementSeparator: UInt8 { separators[0] }
  var segmentTerminator: UInt8 { separators[2] }

  var bytes: [UInt8] {
    let bodies = subfiles.map { subfile -> [UInt8] in
      var body = Array(subfile.type.utf8)
      for (index, element) in subfile.elements.enumerated() {
        if index > 0 { body.append(elementSeparator) }
        body += Array(element.id.utf8) + element.value
      }
      if separatorBeforeTerminator { body.append(elementSeparator) }
      return body + [segmentTerminator]
    }
    var header = [UInt8(ascii: "@")] + separators + Array(fileType.utf8) + Array(iin.utf8)
    header += Self.digits(version, 2)
    if let jurisdictionVersion { header += Self.digits(jurisdictionVersion, 2) }
    let entryCount = subfiles.count + phantomEntries.count
    header += Self.digits(entryCount, 2)
    var offset = header.count + 10 * entryCount
    var directory: [UInt8] = []
    for (index, (subfile, body)) in zip(subfiles, bodies).enumerated() {
      let error = index < offsetErrors.count ? offsetErrors[index] : 0
      directory += Array(subfile.type.utf8) + Self.digits(offset + error, 4)
      directory += Self.digits(body.count, 4)
      offset += body.count
    }
    for (type, phantomOffset, length) in phantomEntries {
      directory += Array(type.utf8) + Self.digits(phantomOffset, 4) + Self.digits(length, 4)
    }
    return header + directory + bodies.joined()
  }

  /// Where the first subfile starts: header plus directory.
  var firstSubfileOffset: Int {
    let entryCount = subfiles.count + phantomEntries.count
    return 4 + fileType.utf8.count + 6 + 2 + (jurisdictionVersion == nil ? 0 : 2) + 2
      + 10 * entryCount
  }

  static func digits(_ value: Int, _ count: Int) -> [UInt8] {
    let text = String(value)
    return Array((String(repeating: "0", count: max(0, count - text.count)) + text).utf8)
  }
}

/// The hand-written cards the tests read, also the seeds of the fuzz tests.
enum AAMVASamples {
  /// Version 10 (AAMVA DL/ID-2020 example layout, own values): DL and ZV.
  static let virginiaV10 = AAMVATestPayload(
    iin: "636000", version: 10, jurisdictionVersion: 0,
    subfiles: [
      .init(
        "DL",
        [
          ("DAQ", "A12345678"), ("DCS", "QUINTERO"), ("DDE", "N"), ("DAC", "ELENA"),
          ("DDF", "N"), ("DAD", "MARISOL"), ("DDG", "N"), ("DCA", "D"), ("DCB", "NONE"),
          ("DCD", "NONE"), ("DBD", "01152022"), ("DBB", "07041990"), ("DBA", "07042030"),
          ("DBC", "2"), ("DAU", "065 IN"), ("DAY", "GRN"), ("DAG", "400 SAMPLE AVE"),
          ("DAI", "RICHMOND"), ("DAJ", "VA"), ("DAK", "232190000  "),
          ("DCF", "X9Y8Z7W6V5U4T3S2R1"), ("DCG", "USA"), ("DCK", "0123456789"),
          ("DDA", "F"), ("DDB", "04012019"), ("DDD", "1"),
        ]),
      .init("ZV", [("ZVA", "01"), ("ZVB", "SAMPLE DATA")]),
    ])

  /// Version 9 identification card, no middle name written as `NONE`.
  static let newYorkIDV9 = AAMVATestPayload(
    iin: "636001", version: 9, jurisdictionVersion: 1,
    subfiles: [
      .init(
        "ID",
        [
          ("DCA", "NONE"), ("DCB", "NONE"), ("DCD", "NONE"), ("DBA", "11302031"),
          ("DCS", "O'BRIEN"), ("DAC", "PATRICK"), ("DAD", "NONE"), ("DBD", "12012023"),
          ("DBB", "03151961"), ("DBC", "9"), ("DAY", "BLU"), ("DAU", "070 IN"),
          ("DAG", "12 EXAMPLE ST"), ("DAI", "ALBANY"), ("DAJ", "NY"), ("DAK", "122070000"),
          ("DAQ", "987654321"), ("DCF", "AB1234567"), ("DCG", "USA"), ("DDE", "N"),
          ("DDF", "N"), ("DDG", "N"),
        ])
    ])

  /// Version 8, Ontario: CCYYMMDD dates, `DCG` CAN, empty middle name.
  static let ontarioV8 = AAMVATestPayload(
    iin: "636012", version: 8, jurisdictionVersion: 0,
    subfiles: [
      .init(
        "DL",
        [
          ("DCA", "G"), ("DCB", "X"), ("DCD", "NONE"), ("DBA", "20270312"),
          ("DCS", "TREMBLAY"), ("DAC", "JEAN-LUC"), ("DAD", ""), ("DBD", "20220311"),
          ("DBB", "19750312"), ("DBC", "1"), ("DAY", "BRO"), ("DAU", "180 CM"),
          ("DAG", "99 EXAMPLE RD"), ("DAI", "TORONTO"), ("DAJ", "ON"), ("DAK", "M5V 2T6"),
          ("DAQ", "T1234-56789-50312"), ("DCF", "QA0000001"), ("DCG", "CAN"), ("DDE", "N"),
          ("DDF", "N"), ("DDG", "N"),
        ]),
      .init("ZO", [("ZOZ", "ABC")]),
    ])

  /// Version 3: `DCT` given names with a comma, a 29 February.
  static let coloradoV3 = AAMVATestPayload(
    iin: "636020", version: 3, jurisdictionVersion: 0,
    subfiles: [
      .init(
        "DL",
        [
          ("DCA", "R"), ("DCB", "NONE"), ("DCD", "NONE"), ("DBA", "02292023"),
          ("DCS", "NGUYEN"), ("DCT", "THANH,VAN"), ("DBD", "11302018"), ("DBB", "02291988"),
          ("DBC", "2"), ("DAY", "BRO"), ("DAU", "062 IN"), ("DAG", "1 TEST WAY"),
          ("DAI", "DENVER"), ("DAJ", "CO"), ("DAK", "80202"), ("DAQ", "991234567"),
          ("DCF", "CO123"), ("DCG", "USA"), ("DCH", "NONE"),
        ])
    ])

  /// Version 1 (AAMVA DL/ID-2000): no jurisdiction version, `DAA` full name,
  /// CCYYMMDD dates, sex as a letter.
  static let southCarolinaV1 = AAMVATestPayload(
    iin: "636005", version: 1, jurisdictionVersion: nil,
    subfiles: [
      .init(
        "DL",
        [
          ("DAQ", "102639206"), ("DAA", "SMITH,MARY,ROBIN,"), ("DAG", "209 CEDAR HILL DR"),
          ("DAI", "SURFSIDE BEACH"), ("DAJ", "SC"), ("DAK", "295754321  "), ("DAR", "D   "),
          ("DAS", "J         "), ("DAT", "     "), ("DAU", "510"), ("DBA", "20190212"),
          ("DBB", "19720212"), ("DBC", "F"), ("DBD", "20090619"),
        ])
    ])

  /// Version 1 with last, first and middle name elements and a ZP subfile.
  static let pennsylvaniaV1 = AAMVATestPayload(
    iin: "636025", version: 1, jurisdictionVersion: nil,
    subfiles: [
      .init(
        "DL",
        [
          ("DAQ", "26798765"), ("DAB", "JOHNSON"), ("DAC", "WILL"), ("DAD", "T"),
          ("DAG", "140 MAIN ST"), ("DAI", "PHILADELPHIA"), ("DAJ", "PA"),
          ("DBA", "20200203"), ("DBB", "19860202"), ("DBC", "M"), ("DBD", "20160104"),
        ]),
      .init("ZP", [("ZPA", "X")]),
    ])

  static let all: [(name: String, payload: AAMVATestPayload)] = [
    ("virginiaV10", virginiaV10), ("newYorkIDV9", newYorkIDV9), ("ontarioV8", ontarioV8),
    ("coloradoV3", coloradoV3), ("southCarolinaV1", southCarolinaV1),
    ("pennsylvaniaV1", pennsylvaniaV1),
  ]
}

final class AAMVAParserTests: XCTestCase {
  func parse(_ payload: AAMVATestPayload) throws -> AAMVARecord {
    try AAMVAParser.parse(payload.bytes)
  }

  func testVersion10DriverLicenceWithJurisdictionSubfile() throws {
    let record = try parse(AAMVASamples.virginiaV10)
    XCTAssertEqual(record.version, 10)
    XCTAssertEqual(record.jurisdictionVersion, 0)
    XCTAssertEqual(record.issuerIdentificationNumber, "636000")
    XCTAssertEqual(record.documentClass, .driverLicense)
    XCTAssertEqual(record.documentClass.rawValue, "driver-license")
    XCTAssertEqual(record.documentNumber, "A12345678")
    XCTAssertEqual(record.surname, "QUINTERO")
    XCTAssertEqual(record.givenNames, "ELENA MARISOL")
    XCTAssertEqual(record.dateOfBirth, "1990-07-04")
    XCTAssertEqual(record.dateOfExpiry, "2030-07-04")
    XCTAssertEqual(record.dateOfIssue, "2022-01-15")
    XCTAssertEqual(record.sex, "F")
    XCTAssertEqual(record.nationality, "USA")
    XCTAssertEqual(record.issuer, "VA")

    XCTAssertEqual(record.subfiles.map(\.type), ["DL", "ZV"])
    XCTAssertEqual(record.subfiles[0].offset, 41, "21-byte header and two directory entries")
    XCTAssertEqual(record.subfiles[0].offset, record.subfiles[0].declaredOffset)
    XCTAssertEqual(record.subfiles[1].offset, record.subfiles[1].declaredOffset)
    XCTAssertEqual(
      record.subfiles[1].elements,
      [AAMVAElement(id: "ZVA", value: "01"), AAMVAElement(id: "ZVB", value: "SAMPLE DATA")])
    XCTAssertTrue(record.subfiles[1].isJurisdictionSpecific)
    XCTAssertFalse(record.subfiles[0].isJurisdictionSpecific)

    let expectedIDs = AAMVASamples.virginiaV10.subfiles.flatMap { $0.elements.map(\.id) }
    XCTAssertEqual(record.elements.map(\.id), expectedIDs, "all elements, in order")
    XCTAssertEqual(record.value(of: "DAK"), "232190000", "padding trimmed")
    XCTAssertEqual(record.value(of: "DDE"), "N", "truncation flags kept")
    XCTAssertEqual(record.value(of: "DDF"), "N")
    XCTAssertEqual(record.value(of: "DDG"), "N")
    XCTAssertEqual(record.value(of: "DAU"), "065 IN")
    XCTAssertEqual(record.value(of: "ZVB"), "SAMPLE DATA")
    XCTAssertNil(record.value(of: "DAW"))
  }

  func testVersion9IdentificationCard() throws {
    let record = try parse(AAMVASamples.newYorkIDV9)
    XCTAssertEqual(record.version, 9)
    XCTAssertEqual(record.jurisdictionVersion, 1)
    XCTAssertEqual(record.documentClass, .idCard)
    XCTAssertEqual(record.documentClass.rawValue, "id-card")
    XCTAssertEqual(record.documentNumber, "987654321")
    XCTAssertEqual(record.surname, "O'BRIEN")
    XCTAssertEqual(record.givenNames, "PATRICK", "a middle name of NONE is no middle name")
    XCTAssertEqual(record.dateOfBirth, "1961-03-15")
    XCTAssertEqual(record.dateOfExpiry, "2031-11-30")
    XCTAssertEqual(record.dateOfIssue, "2023-12-01")
    XCTAssertEqual(record.sex, "X", "9 is not specified")
    XCTAssertEqual(record.nationality, "USA")
    XCTAssertEqual(record.issuer, "NY")
    XCTAssertEqual(record.elements.count, 22)
  }

  func testVersion8CanadianCardWritesYearFirst() throws {
    let record = try parse(AAMVASamples.ontarioV8)
    XCTAssertEqual(record.version, 8)
    XCTAssertEqual(record.documentClass, .driverLicense)
    XCTAssertEqual(record.documentNumber, "T1234-56789-50312")
    XCTAssertEqual(record.surname, "TREMBLAY")
    XCTAssertEqual(record.givenNames, "JEAN-LUC")
    XCTAssertEqual(record.dateOfBirth, "1975-03-12")
    XCTAssertEqual(record.dateOfExpiry, "2027-03-12")
    XCTAssertEqual(record.dateOfIssue, "2022-03-11")
    XCTAssertEqual(record.sex, "M")
    XCTAssertEqual(record.nationality, "CAN")
    XCTAssertEqual(record.issuer, "ON")
    XCTAssertEqual(record.value(of: "DAD"), "", "empty elements are kept")
    XCTAssertEqual(record.subfiles.map(\.type), ["DL", "ZO"])
    XCTAssertEqual(record.value(of: "ZOZ"), "ABC")
  }

  func testVersion3GivenNamesAndLeapDay() throws {
    let record = try parse(AAMVASamples.coloradoV3)
    XCTAssertEqual(record.version, 3)
    XCTAssertEqual(record.surname, "NGUYEN")
    XCTAssertEqual(record.givenNames, "THANH VAN", "DCT's comma read as a space")
    XCTAssertEqual(record.dateOfBirth, "1988-02-29")
    XCTAssertNil(record.dateOfExpiry, "2023 has no 29 February")
    XCTAssertEqual(record.dateOfIssue, "2018-11-30")
    XCTAssertEqual(record.sex, "F")
    XCTAssertEqual(record.issuer, "CO")
    XCTAssertEqual(record.documentNumber, "991234567")
  }

  func testVersion1FullNameAndYearFirstDates() throws {
    let record = try parse(AAMVASamples.southCarolinaV1)
    XCTAssertEqual(record.version, 1)
    XCTAssertNil(record.jurisdictionVersion)
    XCTAssertEqual(record.subfiles[0].offset, 29, "19-byte header and one entry")
    XCTAssertEqual(record.documentNumber, "102639206")
    XCTAssertEqual(record.surname, "SMITH")
    XCTAssertEqual(record.givenNames, "MARY ROBIN")
    XCTAssertEqual(record.dateOfBirth, "1972-02-12")
    XCTAssertEqual(record.dateOfExpiry, "2019-02-12")
    XCTAssertEqual(record.dateOfIssue, "2009-06-19")
    XCTAssertEqual(record.sex, "F")
    XCTAssertEqual(record.nationality, "USA", "no DCG: the IIN's country")
    XCTAssertEqual(record.issuer, "SC")
    XCTAssertEqual(record.value(of: "DAA"), "SMITH,MARY,ROBIN,")
    XCTAssertEqual(record.value(of: "DAT"), "")
  }

  func testVersion1NameElements() throws {
    let record = try parse(AAMVASamples.pennsylvaniaV1)
    XCTAssertEqual(record.surname, "JOHNSON")
    XCTAssertEqual(record.givenNames, "WILL T")
    XCTAssertEqual(record.sex, "M")
    XCTAssertEqual(record.dateOfBirth, "1986-02-02")
    XCTAssertEqual(record.dateOfExpiry, "2020-02-03")
    XCTAssertEqual(record.dateOfIssue, "2016-01-04")
    XCTAssertEqual(record.issuer, "PA")
    XCTAssertEqual(record.value(of: "ZPA"), "X")
  }

  func testVersion1WithJurisdictionVersion() throws {
    var payload = AAMVASamples.pennsylvaniaV1
    payload.jurisdictionVersion = 0
    let record = try parse(payload)
    XCTAssertEqual(record.version, 1)
    XCTAssertEqual(record.jurisdictionVersion, 0)
    XCTAssertEqual(record.surname, "JOHNSON")
    XCTAssertEqual(record.subfiles.map(\.offset), [41, record.subfiles[1].declaredOffset])
  }

  func testVersion2WithoutJurisdictionVersion() throws {
    var payload = AAMVASamples.coloradoV3
    payload.version = 2
    payload.jurisdictionVersion = nil
    let record = try parse(payload)
    XCTAssertEqual(record.version, 2)
    XCTAssertNil(record.jurisdictionVersion)
    XCTAssertEqual(record.surname, "NGUYEN")
  }

  func testEveryVersionFromZeroToTen() throws {
    for version in 0...10 {
      var payload = AAMVASamples.virginiaV10
      payload.version = version
      payload.jurisdictionVersion = version >= 2 ? 3 : nil
      let record = try parse(payload)
      XCTAssertEqual(record.version, version)
      XCTAssertEqual(record.jurisdictionVersion, version >= 2 ? 3 : nil)
      XCTAssertEqual(record.documentNumber, "A12345678")
      XCTAssertEqual(record.dateOfBirth, "1990-07-04", "version \(version)")
    }
  }

  func testSamplesLookLikeAAMVA() {
    for (name, payload) in AAMVASamples.all {
      XCTAssertTrue(AAMVAParser.looksLikeAAMVA(payload.bytes), name)
    }
    XCTAssertTrue(AAMVAParser.looksLikeAAMVA(Array("]L2@\n\u{1E}\rANSI 636000".utf8)))
    XCTAssertTrue(AAMVAParser.looksLikeAAMVA(Array("@\nAAMVA6360060101".utf8)))
    XCTAssertFalse(AAMVAParser.looksLikeAAMVA([]))
    XCTAssertFalse(AAMVAParser.looksLikeAAMVA(Array("@".utf8)))
    XCTAssertFalse(AAMVAParser.looksLikeAAMVA(Array("https://example.com".utf8)))
    XCTAssertFalse(AAMVAParser.looksLikeAAMVA(Array("@ANSI 636000".utf8)))
    XCTAssertFalse(AAMVAParser.looksLikeAAMVA(Array("@\n\u{1E}\rXNSI 636000".utf8)))
  }
}
