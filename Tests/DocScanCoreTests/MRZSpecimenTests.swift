import DocScanCore
import XCTest

/// The ICAO Doc 9303 specimens of every format, field by field, and the
/// printed MRZs of real specimen documents in the shared data set.
final class MRZSpecimenTests: XCTestCase {
  let today = MRZDate(year: 2025, month: 6, day: 15)

  struct Expected {
    var format: MRZFormat
    var documentClass: String
    var documentCode: String
    var issuer: String
    var nationality: String
    var documentNumber: String
    var surname = "ERIKSSON"
    var givenNames = "ANNA MARIA"
    var sex = "F"
    var dateOfBirth: String
    var dateOfExpiry: String
    var optionalData: String
  }

  func assertRecord(
    _ lines: [String], _ expected: Expected, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let record = try XCTUnwrap(MRZParser.parse(lines, today: today), file: file, line: line)
    XCTAssertEqual(record.format, expected.format, file: file, line: line)
    XCTAssertEqual(MRZFormat.detect(lines: lines), expected.format, file: file, line: line)
    XCTAssertEqual(record.lines, lines, file: file, line: line)
    XCTAssertEqual(record.documentClass, expected.documentClass, file: file, line: line)
    XCTAssertEqual(record.documentCode, expected.documentCode, file: file, line: line)
    XCTAssertEqual(record.issuer, expected.issuer, file: file, line: line)
    XCTAssertEqual(record.nationality, expected.nationality, file: file, line: line)
    XCTAssertEqual(record.documentNumber, expected.documentNumber, file: file, line: line)
    XCTAssertEqual(record.surname, expected.surname, file: file, line: line)
    XCTAssertEqual(record.givenNames, expected.givenNames, file: file, line: line)
    XCTAssertEqual(record.sex, expected.sex, file: file, line: line)
    XCTAssertEqual(record.dateOfBirth?.iso8601, expected.dateOfBirth, file: file, line: line)
    XCTAssertEqual(record.dateOfExpiry?.iso8601, expected.dateOfExpiry, file: file, line: line)
    XCTAssertEqual(record.optionalData, expected.optionalData, file: file, line: line)
    XCTAssertEqual(record.failedChecks, [], file: file, line: line)
    XCTAssertEqual(record.invalidFields, [], file: file, line: line)
    XCTAssertTrue(record.isValid, file: file, line: line)
    XCTAssertEqual(
      MRZCorrector.correct(lines, format: expected.format), lines, file: file, line: line)
  }

  func testTD3Passport() throws {
    try assertRecord(
      [
        "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
        "L898902C36UTO7408122F1204159ZE184226B<<<<<10",
      ],
      Expected(
        format: .td3, documentClass: "passport", documentCode: "P", issuer: "UTO",
        nationality: "UTO", documentNumber: "L898902C3", dateOfBirth: "1974-08-12",
        dateOfExpiry: "2012-04-15", optionalData: "ZE184226B"))
  }

  func testTD1IdentityCard() throws {
    try assertRecord(
      [
        "I<UTOD231458907<<<<<<<<<<<<<<<",
        "7408122F1204159UTO<<<<<<<<<<<6",
        "ERIKSSON<<ANNA<MARIA<<<<<<<<<<",
      ],
      Expected(
        format: .td1, documentClass: "id-card", documentCode: "I", issuer: "UTO",
        nationality: "UTO", documentNumber: "D23145890", dateOfBirth: "1974-08-12",
        dateOfExpiry: "2012-04-15", optionalData: ""))
  }

  func testTD2() throws {
    try assertRecord(
      [
        "I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<",
        "D231458907UTO7408122F1204159<<<<<<<6",
      ],
      Expected(
        format: .td2, documentClass: "td2", documentCode: "I", issuer: "UTO",
        nationality: "UTO", documentNumber: "D23145890", dateOfBirth: "1974-08-12",
        dateOfExpiry: "2012-04-15", optionalData: ""))
  }

  func testMRVA() throws {
    try assertRecord(
      [
        "V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
        "L8988901C4XXX4009078F96121096ZE184226B<<<<<<",
      ],
      Expected(
        format: .mrvA, documentClass: "visa", documentCode: "V", issuer: "UTO",
        nationality: "XXX", documentNumber: "L8988901C", dateOfBirth: "1940-09-07",
        dateOfExpiry: "1996-12-10", optionalData: "6ZE184226B"))
  }

  func testMRVB() throws {
    try assertRecord(
      [
        "V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<",
        "L8988901C4XXX4009078F9612109<<<<<<<<",
      ],
      Expected(
        format: .mrvB, documentClass: "visa", documentCode: "V", issuer: "UTO",
        nationality: "XXX", documentNumber: "L8988901C", dateOfBirth: "1940-09-07",
        dateOfExpiry: "1996-12-10", optionalData: ""))
  }

  /// Doc 9303-5 4.2.4: a document number longer than nine characters goes on
  /// into the optional data, behind a `<` in the check-digit position.
  func testTD1LongDocumentNumber() throws {
    try assertRecord(
      [
        "I<UTOD23145890<7349<<<<<<<<<<<",
        "7408122F1204159UTO<<<<<<<<<<<6",
        "ERIKSSON<<ANNA<MARIA<<<<<<<<<<",
      ],
      Expected(
        format: .td1, documentClass: "id-card", documentCode: "I", issuer: "UTO",
        nationality: "UTO", documentNumber: "D23145890734", dateOfBirth: "1974-08-12",
        dateOfExpiry: "2012-04-15", optionalData: ""))
    // A wrong digit behind the continuation is caught by the number's check
    // (and the composite).
    let record = try XCTUnwrap(
      MRZParser.parse(
        [
          "I<UTOD23145890<7348<<<<<<<<<<<",
          "7408122F1204159UTO<<<<<<<<<<<6",
          "ERIKSSON<<ANNA<MARIA<<<<<<<<<<",
        ], today: today))
    XCTAssertEqual(record.failedChecks, ["document-number", "composite"])
  }

  /// Germany writes `D<<`, its holders' nationality `D`; an empty personal
  /// number may have `<` as its check digit.
  func testGermanCodesAndFillerCheckDigit() throws {
    var expected = Expected(
      format: .td3, documentClass: "passport", documentCode: "P", issuer: "D",
      nationality: "D", documentNumber: "C01X00T47", dateOfBirth: "1964-08-12",
      dateOfExpiry: "2027-02-28", optionalData: "")
    expected.surname = "MUSTERMANN"
    expected.givenNames = "ERIKA"
    try assertRecord(
      [
        "P<D<<MUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<",
        "C01X00T478D<<6408125F2702283<<<<<<<<<<<<<<<4",
      ], expected)
  }

  func testFailuresAreReportedNotHidden() throws {
    let record = try XCTUnwrap(
      MRZParser.parse(
        [
          "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
          "L898902C37UTO7413122F1204159ZE184226B<<<<<1Q",
        ], today: today))
    XCTAssertEqual(record.failedChecks, ["document-number", "date-of-birth", "composite"])
    XCTAssertEqual(record.invalidFields, ["composite-check", "date-of-birth"])
    XCTAssertNil(record.dateOfBirth)
    XCTAssertFalse(record.isValid)
    XCTAssertNil(MRZParser.parse(["P<UTO", "L898902C3"], today: today))
    XCTAssertNil(MRZParser.parse([], today: today))
  }

  // MARK: Real specimen documents

  /// `../shared/data/mrz-Arg0s1080-mrz/images` next to the package root.
  static let dataFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("../shared/data/mrz-Arg0s1080-mrz/images").standardizedFileURL

  func realDocuments() throws -> [(name: String, lines: [String])] {
    let folder = Self.dataFolder
    guard FileManager.default.fileExists(atPath: folder.path) else {
      throw XCTSkip(
        "!!! MRZ SPECIMEN DATA MISSING: \(folder.path) does not exist; "
          + "the real-document MRZ tests did NOT run !!!")
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".txt") }.sorted()
    return try names.map { name in
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      return (name, text.split(whereSeparator: \.isNewline).map(String.init))
    }
  }

  func testRealSpecimensValidateExceptTheDeliberatelyBadOne() throws {
    let documents = try realDocuments()
    XCTAssertEqual(documents.count, 20)
    var valid = 0
    for (name, lines) in documents {
      let record = try XCTUnwrap(MRZParser.parse(lines, today: today), name)
      let corrected = MRZCorrector.correct(lines, format: record.format)
      if name == "passports_ICAO_Example2.txt" {
        XCTAssertFalse(record.isValid, name)
        XCTAssertFalse(record.failedChecks.isEmpty, name)
        XCTAssertNil(corrected, name)
      } else {
        XCTAssertTrue(record.isValid, "\(name): \(record.failedChecks) \(record.invalidFields)")
        XCTAssertEqual(corrected, lines, name)
        valid += 1
      }
    }
    XCTAssertEqual(valid, 19)
  }

  func testRealSpecimenFields() throws {
    let records = Dictionary(
      uniqueKeysWithValues: try realDocuments().map { ($0.name, $0.lines) })
    func record(_ name: String) throws -> MRZRecord {
      try XCTUnwrap(MRZParser.parse(try XCTUnwrap(records[name + ".txt"]), today: today))
    }
    let iceland = try record("passports_Iceland")
    XCTAssertEqual(iceland.documentCode, "PA")
    XCTAssertEqual(iceland.issuer, "ISL")
    XCTAssertEqual(iceland.surname, "AEVARSDOTTIR")
    XCTAssertEqual(iceland.givenNames, "THURIDUR OESP")
    XCTAssertEqual(iceland.optionalData, "121212<1239")
    XCTAssertEqual(iceland.dateOfBirth?.iso8601, "2012-12-12")
    let qatar = try record("passports_Qatar")
    XCTAssertEqual(qatar.surname, "AL KAABI")
    XCTAssertEqual(qatar.givenNames, "ALI HAMAD ABDULLAH")
    XCTAssertEqual(qatar.sex, "M")
    let sweden = try record("id_cards_Sweden")
    XCTAssertEqual(sweden.documentNumber, "59000002")
    XCTAssertEqual(sweden.optionalData, "198703142391")
    XCTAssertEqual(sweden.dateOfExpiry?.iso8601, "2017-01-02")
    let spain = try record("id_cards_Spain")
    XCTAssertEqual(spain.documentCode, "ID")
    XCTAssertEqual(spain.surname, "ESPANOLA ESPANOLA")
    XCTAssertEqual(spain.optionalData, "99999999R")
    let britishVisa = try record("visas_United_Kingdom")
    XCTAssertEqual(britishVisa.format, .mrvB)
    XCTAssertEqual(britishVisa.documentCode, "VD")
    XCTAssertEqual(britishVisa.nationality, "PAK")
    XCTAssertEqual(britishVisa.documentNumber, "AD0725981")
    XCTAssertEqual(britishVisa.dateOfExpiry?.iso8601, "2006-11-16")
    let bad = try record("passports_ICAO_Example2")
    XCTAssertEqual(bad.surname, "MXHMWD EBDALRXHYM")
    XCTAssertEqual(bad.givenNames, "")
  }
}
