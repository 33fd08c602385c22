import DocScanCore
import XCTest

/// The result and side messages, their JSON lines, redaction and rotation.
final class ResultValuesTests: XCTestCase {
  static let today = MRZDate(year: 2025, month: 6, day: 15)
  static let passport = [
    "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
    "L898902C36UTO7408122F1204159ZE184226B<<<<<10",
  ]

  var result: ResultMessage {
    let record = MRZParser.parse(Self.passport, today: Self.today)!
    return ResultMessage(
      record: record, times: StreamTimes(timestamp: 10, streamTime: 20, runningTime: nil),
      session: 3, framesAnalyzed: 17, elapsed: 1_500_000_000)
  }

  func testResultStructureHasSpecFieldsInOrderAndRoundTrips() throws {
    let result = self.result
    let structure = result.structure
    XCTAssertEqual(structure.name, "docscan-result")
    XCTAssertEqual(
      structure.fields.map(\.name),
      [
        "timestamp", "stream-time", "running-time", "session", "result-id", "document-class",
        "mrz-format", "mrz", "mrz-valid", "document-number", "surname", "given-names",
        "nationality", "issuer",
        "sex", "optional-data", "date-of-birth", "date-of-expiry", "data-match",
        "mismatched-fields", "mrz-extracted", "barcode-extracted", "viz-extracted",
        "document-image-extracted", "face-image-extracted", "frames-analyzed", "elapsed",
      ])
    XCTAssertEqual(structure.string("mrz"), Self.passport.joined(separator: "\n"))
    XCTAssertEqual(structure.string("document-class"), "passport")
    XCTAssertEqual(structure.string("mrz-format"), "TD3")
    XCTAssertEqual(structure.boolean("mrz-valid"), true)
    XCTAssertEqual(structure.string("data-match"), "not-available")
    XCTAssertEqual(structure.strings("mismatched-fields"), [])
    XCTAssertEqual(structure.uint64("running-time"), UInt64.max)
    XCTAssertEqual(structure.uint("frames-analyzed"), 17)
    XCTAssertEqual(try ResultMessage(structure: structure), result)

    var unknown = result
    unknown.elapsed = nil
    unknown.dateOfBirth = nil
    let decoded = try ResultMessage(structure: unknown.structure)
    XCTAssertNil(decoded.elapsed)
    XCTAssertNil(decoded.dateOfBirth)
    XCTAssertNil(unknown.structure["date-of-birth"], "an unknown date is absent")
    XCTAssertEqual(unknown.structure.uint64("elapsed"), UInt64.max)
  }

  func testEachResultHasItsOwnIdentifierAndCarriesTheDesk() throws {
    let first = result
    let second = result
    XCTAssertNotEqual(first.resultID, second.resultID, "made with each result")
    let uuid = try XCTUnwrap(first.structure.string("result-id"))
    XCTAssertEqual(uuid.count, 36)
    XCTAssertEqual(uuid, uuid.lowercased())
    XCTAssertEqual(uuid.split(separator: "-").map(\.count), [8, 4, 4, 4, 12])
    XCTAssertEqual(Array(uuid)[14], "4", "a random (version 4) UUID")
    XCTAssertNil(first.structure["desk"], "absent when the property is unset")

    var atDesk = result
    atDesk.desk = "branch-12/counter-3"
    let names = atDesk.structure.fields.map(\.name)
    XCTAssertEqual(Array(names[3...5]), ["session", "result-id", "desk"])
    XCTAssertEqual(try ResultMessage(structure: atDesk.structure), atDesk)
    XCTAssertTrue(
      JSONLine.encode(atDesk.structure).contains(
        "\"result-id\":\"\(atDesk.resultID)\",\"desk\":\"branch-12/counter-3\""))

    var missing = atDesk.structure
    missing.fields.removeAll { $0.name == "result-id" }
    XCTAssertThrowsError(try ResultMessage(structure: missing)) {
      XCTAssertEqual($0 as? MessageDecodingError, MessageDecodingError(field: "result-id"))
    }
  }

  func testMalformedResultsAreRejectedWithTheFieldName() {
    var structure = result.structure
    structure.fields.removeAll { $0.name == "mrz-valid" }
    XCTAssertThrowsError(try ResultMessage(structure: structure)) {
      XCTAssertEqual($0 as? MessageDecodingError, MessageDecodingError(field: "mrz-valid"))
    }
    structure = result.structure
    let index = structure.fields.firstIndex { $0.name == "data-match" }!
    structure.fields[index].value = .string("perhaps")
    XCTAssertThrowsError(try ResultMessage(structure: structure)) {
      XCTAssertEqual($0 as? MessageDecodingError, MessageDecodingError(field: "data-match"))
    }
    structure = result.structure
    structure.name = "docscan-side"
    XCTAssertThrowsError(try ResultMessage(structure: structure))
  }

  func testSideStructureRoundTrips() throws {
    let back = SideMessage(
      times: .unknown, session: 2, side: .back, documentClass: .idCard,
      mrzLines: ["I<UTO", "7408", "ERIK"])
    XCTAssertEqual(
      back.structure.fields.map(\.name),
      ["timestamp", "stream-time", "running-time", "session", "side", "document-class", "mrz"])
    XCTAssertEqual(try SideMessage(structure: back.structure), back)
    let front = SideMessage(times: .unknown, session: 2, side: .front, documentClass: .idCard)
    XCTAssertNil(front.structure["mrz"])
    XCTAssertNil(front.structure["desk"])
    XCTAssertEqual(try SideMessage(structure: front.structure), front)
    let atDesk = SideMessage(
      times: .unknown, session: 2, side: .front, documentClass: .idCard, desk: "kiosk 7")
    XCTAssertEqual(atDesk.structure.string("desk"), "kiosk 7")
    XCTAssertEqual(atDesk.structure.fields.map(\.name)[3...4], ["session", "desk"])
    XCTAssertEqual(try SideMessage(structure: atDesk.structure), atDesk)
    var wrong = front.structure
    wrong.fields.removeAll { $0.name == "side" }
    XCTAssertThrowsError(try SideMessage(structure: wrong))
  }

  func testJSONLineCarriesTheMessageFields() {
    let line = JSONLine.encode(result.structure)
    XCTAssertFalse(line.contains("\n"), "one line")
    XCTAssertTrue(line.hasPrefix("{\"timestamp\":10,\"stream-time\":20,\"running-time\":null,"))
    XCTAssertTrue(line.contains("\"session\":3,\"result-id\":\""))
    XCTAssertTrue(line.contains("\",\"document-class\":\"passport\""))
    XCTAssertTrue(
      line.contains(
        "\"mrz\":\"P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\\nL898902C36UTO7408122F"))
    XCTAssertTrue(line.contains("\"mrz-valid\":true"))
    XCTAssertTrue(line.contains("\"mismatched-fields\":[],"))
    XCTAssertTrue(line.contains("\"barcode-extracted\":false"))
    XCTAssertTrue(line.hasSuffix("\"frames-analyzed\":17,\"elapsed\":1500000000}"))
  }

  func testJSONEscapesControlCharactersQuotesAndNonASCII() {
    XCTAssertEqual(JSONLine.quoted("a\"b\\c/d"), "\"a\\\"b\\\\c/d\"")
    XCTAssertEqual(JSONLine.quoted("\n\r\t\u{08}\u{0C}"), "\"\\n\\r\\t\\b\\f\"")
    XCTAssertEqual(JSONLine.quoted("\u{00}\u{01}\u{1F}\u{7F}"), "\"\\u0000\\u0001\\u001f\\u007f\"")
    XCTAssertEqual(JSONLine.quoted("MÜLLER Ødegård"), "\"M\\u00dcLLER \\u00d8deg\\u00e5rd\"")
    XCTAssertEqual(JSONLine.quoted("€ 😀"), "\"\\u20ac \\ud83d\\ude00\"", "surrogate pair")
    XCTAssertEqual(JSONLine.quoted("\u{2028}"), "\"\\u2028\"")
    var structure = MessageStructure(name: "x")
    structure.append("d", .double(0.25))
    structure.append("nan", .double(.nan))
    structure.append("list", .doubles([1, .infinity, -2.5]))
    structure.append("names", .strings(["a", "b\"c"]))
    structure.append("big", .uint64(UInt64.max - 1))
    XCTAssertEqual(
      JSONLine.encode(structure),
      "{\"d\":0.25,\"nan\":null,\"list\":[1.0,null,-2.5],\"names\":[\"a\",\"b\\\"c\"],"
        + "\"big\":18446744073709551614}")
  }

  func testRedactionKeepsFirstLetters() {
    XCTAssertEqual(Redaction.mask("ERIKSSON"), "E*")
    XCTAssertEqual(Redaction.mask("ANNA MARIA"), "A* M*")
    XCTAssertEqual(Redaction.mask("F"), "F")
    XCTAssertEqual(Redaction.mask(""), "")
    XCTAssertEqual(Redaction.maskMRZ(["P<UTO12"]), ["*<*****"])
    XCTAssertFalse(LogPrivacy.showsPersonalData(at: .debug, redact: false))
    XCTAssertTrue(LogPrivacy.showsPersonalData(at: .log, redact: false))
    XCTAssertFalse(LogPrivacy.showsPersonalData(at: .trace, redact: true))
    XCTAssertEqual(LogPrivacy.personal("ERIKSSON", at: .info, redact: false), "E*")
    XCTAssertEqual(LogPrivacy.personal("ERIKSSON", at: .log, redact: false), "ERIKSSON")
  }

  func testResultCardShowsTheDocumentAndMasksWithRedact() {
    XCTAssertEqual(
      ResultCard(result, redact: false).lines,
      [
        "Passport", "ERIKSSON, ANNA MARIA", "No. L898902C3",
        "Born 1974-08-12, expires 2012-04-15", "MRZ valid",
      ])
    XCTAssertEqual(
      ResultCard(result, redact: true).lines,
      ["Passport", "E*, A* M*", "No. L*", "Born 1*, expires 2012-04-15", "MRZ valid"])
  }

  func testImageRotations() {
    var image = LumaImage(width: 3, height: 2, stride: 5, fill: 0)
    // 1 2 3
    // 4 5 6
    for (index, value) in [1, 2, 3, 4, 5, 6].enumerated() {
      image[index % 3, index / 3] = UInt8(value)
    }
    let clockwise = image.rotatedClockwise()
    XCTAssertEqual(clockwise.width, 2)
    XCTAssertEqual(clockwise.height, 3)
    // 4 1
    // 5 2
    // 6 3
    XCTAssertEqual(
      (0..<3).flatMap { y in (0..<2).map { clockwise[$0, y] } }, [4, 1, 5, 2, 6, 3])
    let half = image.rotatedHalfTurn()
    XCTAssertEqual((0..<2).flatMap { y in (0..<3).map { half[$0, y] } }, [6, 5, 4, 3, 2, 1])
    let full = clockwise.rotatedClockwise().rotatedClockwise().rotatedClockwise()
    XCTAssertEqual(full.pixels, (0..<2).flatMap { y in (0..<3).map { image[$0, y] } })
  }

  func testDocumentClassesAndModesAreSpecNames() {
    XCTAssertEqual(
      DocumentClass.allCases.map(\.rawValue),
      ["passport", "id-card", "td2", "visa", "driver-license", "barcode", "unknown"])
    XCTAssertEqual(DataMatch.allCases.map(\.rawValue), ["match", "mismatch", "not-available"])
    XCTAssertEqual(ScanMode.allCases.map(\.rawValue), ["combined", "mrz", "barcode", "front"])
  }
}
