import DocScanCore
import XCTest

/// The rules that turn elements into fields: dates, names, sex, country,
/// issuer and the decoding of non-ASCII bytes.
final class AAMVAFieldRuleTests: XCTestCase {
  func record(
    _ elements: [(String, String)], iin: String = "636000", version: Int = 10,
    type: String = "DL"
  ) throws -> AAMVARecord {
    let payload = AAMVATestPayload(
      iin: iin, version: version, jurisdictionVersion: version >= 2 ? 0 : nil,
      subfiles: [.init(type, [("DAQ", "1")] + elements)])
    return try AAMVAParser.parse(payload.bytes)
  }

  func dateOfBirth(_ value: String, iin: String = "636000", version: Int = 10) throws -> String? {
    try record([("DBB", value)], iin: iin, version: version).dateOfBirth
  }

  func testUnitedStatesDatesAreMonthFirst() throws {
    XCTAssertEqual(try dateOfBirth("12311999"), "1999-12-31")
    XCTAssertEqual(try dateOfBirth("01022003"), "2003-01-02")
    XCTAssertEqual(try dateOfBirth("02292000"), "2000-02-29", "2000 is a leap year")
    XCTAssertNil(try dateOfBirth("02291900"), "1900 is not")
  }

  func testCanadianDatesAreYearFirst() throws {
    XCTAssertEqual(try record([("DCG", "CAN"), ("DBB", "19991231")]).dateOfBirth, "1999-12-31")
    XCTAssertEqual(try dateOfBirth("20030102", iin: "604428"), "2003-01-02", "Quebec's IIN")
  }

  func testImpossibleOrderFallsBackToTheOther() throws {
    XCTAssertEqual(try dateOfBirth("19991231"), "1999-12-31", "US card writing year first")
    XCTAssertEqual(
      try record([("DCG", "CAN"), ("DBB", "12311999")]).dateOfBirth, "1999-12-31",
      "Canadian card writing month first")
    XCTAssertEqual(try dateOfBirth("12311999", version: 1), "1999-12-31")
    XCTAssertEqual(try dateOfBirth("19991231", version: 1), "1999-12-31")
    XCTAssertEqual(try dateOfBirth("1999-12-31"), "1999-12-31")
    XCTAssertEqual(try dateOfBirth("12/31/1999"), "1999-12-31")
  }

  func testInvalidDatesAreNil() throws {
    for value in [
      "", "1231199", "123119990", "13311999", "00001999", "04311999", "1999123X", "00000000",
      "99999999", "12310099", "DATE", "\u{00E9}1231999",
    ] {
      XCTAssertNil(try dateOfBirth(value), value)
    }
  }

  func testFullNameRules() throws {
    func names(_ fullName: String) throws -> [String?] {
      let record = try record([("DAA", fullName)], iin: "636005", version: 1)
      return [record.surname, record.givenNames]
    }
    XCTAssertEqual(try names("SMITH,MARY,ROBIN"), ["SMITH", "MARY ROBIN"])
    XCTAssertEqual(try names("SMITH,MARY,ROBIN,JR"), ["SMITH", "MARY ROBIN"], "suffix left out")
    XCTAssertEqual(try names("SMITH, MARY ,"), ["SMITH", "MARY"])
    XCTAssertEqual(try names("PUBLIC$JOHN$Q"), ["PUBLIC", "JOHN Q"])
    XCTAssertEqual(try names("DOE,"), ["DOE", nil])
    XCTAssertEqual(try names("JOHN  Q PUBLIC"), ["JOHN Q PUBLIC", nil], "no order to guess")
  }

  func testNameElementsWinOverTheFullName() throws {
    let record = try record([
      ("DAA", "WRONG,NAME"), ("DAB", "LAST"), ("DAC", "FIRST"), ("DAD", "UNAVL"),
    ])
    XCTAssertEqual(record.surname, "LAST")
    XCTAssertEqual(record.givenNames, "FIRST")
    let family = try self.record([("DCS", "FAMILY"), ("DAB", "LAST"), ("DCT", "GIVEN  NAMES")])
    XCTAssertEqual(family.surname, "FAMILY")
    XCTAssertEqual(family.givenNames, "GIVEN NAMES")
    let none = try self.record([("DCS", "NONE"), ("DAC", "")])
    XCTAssertNil(none.surname)
    XCTAssertNil(none.givenNames)
  }

  func testSexCodes() throws {
    let expected: [String: String?] = [
      "1": "M", "2": "F", "9": "X", "M": "M", "F": "F", "x": "X", "0": nil, "U": nil, "": nil,
    ]
    for (value, sex) in expected {
      XCTAssertEqual(try record([("DBC", value)]).sex, sex, value)
    }
  }

  func testNationalityAndIssuer() throws {
    let unknownIIN = try record([("DAJ", "ca"), ("DCG", "usa")], iin: "999999")
    XCTAssertEqual(unknownIIN.issuer, "CA", "DAJ when the IIN is not in the table")
    XCTAssertEqual(unknownIIN.nationality, "USA")
    let virginia = try record([("DAJ", "DC")])
    XCTAssertEqual(virginia.issuer, "VA", "the IIN names the issuer, DAJ the address")
    XCTAssertEqual(virginia.nationality, "USA")
    let noCountry = try record([("DCG", "U S")], iin: "999999")
    XCTAssertNil(noCountry.nationality)
    XCTAssertNil(noCountry.issuer)
    XCTAssertEqual(try record([], iin: "636048").nationality, "CAN")
  }

  func testJurisdictionTable() {
    XCTAssertEqual(
      AAMVAJurisdiction.issuing(iin: "636012"), AAMVAJurisdiction(code: "ON", country: "CAN"))
    XCTAssertEqual(
      AAMVAJurisdiction.issuing(iin: "636014"), AAMVAJurisdiction(code: "CA", country: "USA"))
    XCTAssertEqual(AAMVAJurisdiction.issuing(iin: "604428")?.code, "QC")
    XCTAssertNil(AAMVAJurisdiction.issuing(iin: "123456"))
  }

  func testNonASCIIValuesDecodeAsUTF8OrLatin1() throws {
    let latin1: [UInt8] = [0x43, 0xD4, 0x54, 0xC9]  // "CÔTÉ" in ISO-8859-1
    let utf8 = Array("CÔTÉ".utf8)
    let control: [UInt8] = [0x41, 0x00, 0xFF, 0x42]
    let payload = AAMVATestPayload(
      iin: "604428", version: 8,
      subfiles: [
        .init("DL", bytes: [("DAQ", Array("1".utf8)), ("DCS", latin1), ("DAC", utf8)]),
        .init("ZQ", bytes: [("ZQA", control)]),
      ])
    let record = try AAMVAParser.parse(payload.bytes)
    XCTAssertEqual(record.surname, "CÔTÉ")
    XCTAssertEqual(record.givenNames, "CÔTÉ")
    XCTAssertEqual(record.value(of: "ZQA"), "A\u{0}\u{FF}B", "every byte is a character")
    XCTAssertEqual(record.value(of: "ZQA")?.unicodeScalars.count, 4)
  }

  func testCardDataComesFromDLAndIDSubfilesOnly() throws {
    let payload = AAMVATestPayload(
      subfiles: [
        .init("ZV", [("DAQ", "FROM-ZV"), ("DCS", "ZED")]),
        .init("ID", [("DAQ", "FROM-ID")]),
      ])
    let record = try AAMVAParser.parse(payload.bytes)
    XCTAssertEqual(record.documentClass, .idCard)
    XCTAssertEqual(record.documentNumber, "FROM-ID")
    XCTAssertNil(record.surname)
    XCTAssertEqual(record.value(of: "DAQ"), "FROM-ZV", "value(of:) reads every subfile")
  }
}
