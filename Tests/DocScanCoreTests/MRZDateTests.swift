import DocScanCore
import XCTest

/// Two-digit years, impossible dates and unknown parts of a date of birth.
final class MRZDateTests: XCTestCase {
  let today = MRZDate(year: 2025, month: 6, day: 15)

  func testBirthCenturyKeepsTheDateInThePast() {
    XCTAssertEqual(MRZDateReading.birth("740812", today: today).date?.iso8601, "1974-08-12")
    XCTAssertEqual(MRZDateReading.birth("000229", today: today).date?.iso8601, "2000-02-29")
    XCTAssertEqual(MRZDateReading.birth("250615", today: today).date?.iso8601, "2025-06-15")
    XCTAssertEqual(MRZDateReading.birth("250616", today: today).date?.iso8601, "1925-06-16")
    XCTAssertEqual(MRZDateReading.birth("241231", today: today).date?.iso8601, "2024-12-31")
    XCTAssertEqual(MRZDateReading.birth("991231", today: today).date?.iso8601, "1999-12-31")
  }

  func testExpiryCenturyAllowsTwentyYearsAhead() {
    XCTAssertEqual(MRZDateReading.expiry("120415", today: today).date?.iso8601, "2012-04-15")
    XCTAssertEqual(MRZDateReading.expiry("350101", today: today).date?.iso8601, "2035-01-01")
    XCTAssertEqual(MRZDateReading.expiry("450615", today: today).date?.iso8601, "2045-06-15")
    XCTAssertEqual(MRZDateReading.expiry("450616", today: today).date?.iso8601, "1945-06-16")
    XCTAssertEqual(MRZDateReading.expiry("961210", today: today).date?.iso8601, "1996-12-10")
    XCTAssertEqual(MRZCentury.expiryHorizonYears, 20)
  }

  func testCenturyFollowsToday() {
    let later = MRZDate(year: 2090, month: 1, day: 1)
    XCTAssertEqual(MRZDateReading.birth("050101", today: later).date?.iso8601, "2005-01-01")
    XCTAssertEqual(MRZDateReading.expiry("050101", today: later).date?.iso8601, "2105-01-01")
    XCTAssertEqual(MRZDateReading.expiry("100102", today: later).date?.iso8601, "2010-01-02")
    XCTAssertEqual(
      MRZCentury.year(
        twoDigitYear: 99, month: 12, day: 31,
        notAfter: MRZDate(
          year: 2000, month: 1, day: 1)), 1999)
  }

  func testImpossibleDatesAreInvalid() {
    for field in ["741332", "740012", "740100", "740431", "010229", "1A0101", "74081", "7408122"] {
      XCTAssertEqual(MRZDateReading.birth(field, today: today), .invalid, field)
      XCTAssertEqual(MRZDateReading.expiry(field, today: today), .invalid, field)
    }
    // 29 February 2000 exists, 29 February 1900 does not.
    XCTAssertEqual(
      MRZDateReading.birth("000229", today: MRZDate(year: 1999, month: 1, day: 1)), .invalid)
    XCTAssertFalse(MRZDate(year: 2023, month: 2, day: 29).isValid)
    XCTAssertTrue(MRZDate(year: 2024, month: 2, day: 29).isValid)
  }

  func testUnknownPartsAreAllowedButGiveNoDate() {
    for field in ["<<<<<<", "74<<<<", "7408<<"] {
      XCTAssertEqual(MRZDateReading.birth(field, today: today), .unknown, field)
      XCTAssertNil(MRZDateReading.birth(field, today: today).date, field)
      XCTAssertEqual(MRZDateReading.expiry(field, today: today), .unknown, field)
    }
    for field in ["<<0812", "74<<12", "7<0812", "<<<<<1"] {
      XCTAssertEqual(MRZDateReading.birth(field, today: today), .invalid, field)
      XCTAssertEqual(MRZDateReading.expiry(field, today: today), .invalid, field)
    }
  }

  func testRecordsWithUnknownOrImpossibleDates() throws {
    func passport(birth: String, expiry: String) throws -> MRZRecord {
      let birthPart = birth + String(MRZCheckDigit.compute(birth))
      let expiryPart = expiry + String(MRZCheckDigit.compute(expiry))
      let head = "L898902C36UTO\(birthPart)F\(expiryPart)ZE184226B<<<<<1"
      let composite = MRZCheckDigit.compute(
        head.prefix(10) + head.dropFirst(13).prefix(7) + head.dropFirst(21))
      return try XCTUnwrap(
        MRZParser.parse(
          ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", head + String(composite)],
          today: today))
    }
    let unknown = try passport(birth: "74<<<<", expiry: "120415")
    XCTAssertNil(unknown.dateOfBirth)
    XCTAssertTrue(unknown.isValid)
    XCTAssertEqual(unknown.dateOfExpiry?.iso8601, "2012-04-15")

    let impossibleBirth = try passport(birth: "740230", expiry: "120415")
    XCTAssertNil(impossibleBirth.dateOfBirth)
    XCTAssertEqual(impossibleBirth.failedChecks, [])
    XCTAssertEqual(impossibleBirth.invalidFields, ["date-of-birth"])
    XCTAssertFalse(impossibleBirth.isValid)

    let impossibleExpiry = try passport(birth: "740812", expiry: "121315")
    XCTAssertNil(impossibleExpiry.dateOfExpiry)
    XCTAssertEqual(impossibleExpiry.invalidFields, ["date-of-expiry"])
    XCTAssertFalse(impossibleExpiry.isValid)
    XCTAssertNil(MRZCorrector.correct(impossibleExpiry.lines, format: .td3))

    let unknownExpiry = try passport(birth: "740812", expiry: "12<<<<")
    XCTAssertNil(unknownExpiry.dateOfExpiry)
    XCTAssertTrue(unknownExpiry.isValid)
  }
}
