import DocScanCore
import XCTest

/// Real-world deviations the parser reads through, and the malformed payloads
/// it rejects with a typed error.
final class AAMVAToleranceTests: XCTestCase {
  let sample = AAMVASamples.virginiaV10

  func assertSameFields(
    _ record: AAMVARecord, as expected: AAMVARecord, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertEqual(record.documentNumber, expected.documentNumber, file: file, line: line)
    XCTAssertEqual(record.surname, expected.surname, file: file, line: line)
    XCTAssertEqual(record.givenNames, expected.givenNames, file: file, line: line)
    XCTAssertEqual(record.dateOfBirth, expected.dateOfBirth, file: file, line: line)
    XCTAssertEqual(record.dateOfExpiry, expected.dateOfExpiry, file: file, line: line)
    XCTAssertEqual(record.dateOfIssue, expected.dateOfIssue, file: file, line: line)
    XCTAssertEqual(record.sex, expected.sex, file: file, line: line)
    XCTAssertEqual(record.elements, expected.elements, file: file, line: line)
  }

  func assertError(
    _ payload: [UInt8], _ expected: AAMVAError, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    do {
      let record = try AAMVAParser.parse(payload)
      XCTFail("parsed, expected \(expected): \(record)", file: file, line: line)
    } catch {
      XCTAssertEqual(error, expected, file: file, line: line)
      XCTAssertFalse(error.description.isEmpty, file: file, line: line)
    }
  }

  // MARK: Deviations read through

  func testWrongOffsetsFallBackToTheTypeCode() throws {
    let expected = try AAMVAParser.parse(sample.bytes)
    for errors in [[3, -2], [-4, 5], [1, 1], [0, 3000], [9000, -9]] {
      var payload = sample
      payload.offsetErrors = errors
      let record = try AAMVAParser.parse(payload.bytes)
      assertSameFields(record, as: expected)
      XCTAssertEqual(record.subfiles.map(\.offset), expected.subfiles.map(\.offset), "\(errors)")
      XCTAssertEqual(
        record.subfiles.map(\.declaredOffset),
        zip(expected.subfiles, errors).map { $0.declaredOffset + $1 })
    }
  }

  func testSubfileOffsetIntoAnotherSubfileStillFindsTheRightOne() throws {
    var payload = sample
    payload.offsetErrors = [0, -200]
    let record = try AAMVAParser.parse(payload.bytes)
    XCTAssertEqual(record.value(of: "ZVA"), "01")
    XCTAssertEqual(record.subfiles[0].elements.count, 26)
  }

  func testLostJurisdictionSubfileIsKeptWithoutElements() throws {
    var payload = sample
    payload.phantomEntries = [("ZX", 9000, 20)]
    let record = try AAMVAParser.parse(payload.bytes)
    XCTAssertEqual(record.subfiles.map(\.type), ["DL", "ZV", "ZX"])
    XCTAssertNil(record.subfiles[2].offset)
    XCTAssertEqual(record.subfiles[2].elements, [])
    XCTAssertEqual(record.value(of: "ZVB"), "SAMPLE DATA")
    XCTAssertEqual(record.documentNumber, "A12345678")
  }

  func testTruncatedJurisdictionSubfileIsDropped() throws {
    let bytes = Array(sample.bytes.dropLast(5))
    let record = try AAMVAParser.parse(bytes)
    XCTAssertNil(record.subfiles[1].offset)
    XCTAssertEqual(record.subfiles[1].elements, [])
    XCTAssertEqual(record.documentNumber, "A12345678")
  }

  func testMissingFinalTerminatorIsTolerated() throws {
    let expected = try AAMVAParser.parse(sample.bytes)
    let record = try AAMVAParser.parse(Array(sample.bytes.dropLast()))
    assertSameFields(record, as: expected)
  }

  func testSeparatorsAreReadFromTheHeader() throws {
    var payload = sample
    payload.separators = [0x1D, 0x1C, 0x1F]
    let expected = try AAMVAParser.parse(sample.bytes)
    assertSameFields(try AAMVAParser.parse(payload.bytes), as: expected)
    // With the standard separators assumed, the LF-less payload would be one element.
    XCTAssertEqual(try AAMVAParser.parse(payload.bytes).elements.count, 28)
  }

  func testSeparatorBeforeTerminator() throws {
    var payload = sample
    payload.separatorBeforeTerminator = true
    let expected = try AAMVAParser.parse(sample.bytes)
    assertSameFields(try AAMVAParser.parse(payload.bytes), as: expected)
  }

  func testCarriageReturnLineFeedFromKeyboardWedge() throws {
    let expected = try AAMVAParser.parse(sample.bytes)
    let bytes = sample.bytes
    let directoryEnd = sample.firstSubfileOffset
    var mangled = Array(bytes[..<directoryEnd])
    for byte in bytes[directoryEnd...] {
      if byte == 0x0A { mangled.append(0x0D) }
      mangled.append(byte)
    }
    let record = try AAMVAParser.parse(mangled)
    assertSameFields(record, as: expected)
  }

  func testHeaderThatLostSeparators() throws {
    let expected = try AAMVAParser.parse(sample.bytes)
    var bytes = sample.bytes
    bytes.removeSubrange(2...3)  // "@\nANSI ...", as typed by some keyboard wedges
    let record = try AAMVAParser.parse(bytes)
    assertSameFields(record, as: expected)
    XCTAssertEqual(record.subfiles[0].offset, 39)
    XCTAssertEqual(record.subfiles[0].declaredOffset, 41)
  }

  func testPreStandardFileTypeAndAnsiWithoutSpace() throws {
    var payload = AAMVASamples.southCarolinaV1
    payload.fileType = "AAMVA"
    let expected = try AAMVAParser.parse(AAMVASamples.southCarolinaV1.bytes)
    assertSameFields(try AAMVAParser.parse(payload.bytes), as: expected)

    var bytes = sample.bytes
    bytes.remove(at: 8)  // "ANSI636000..."
    let record = try AAMVAParser.parse(bytes)
    assertSameFields(record, as: try AAMVAParser.parse(sample.bytes))
    XCTAssertEqual(record.issuerIdentificationNumber, "636000")
  }

  func testSymbologyIdentifierAndLeadingWhitespace() throws {
    let expected = try AAMVAParser.parse(sample.bytes)
    let prefixed = Array("]L2".utf8) + sample.bytes
    assertSameFields(try AAMVAParser.parse(prefixed), as: expected)
    assertSameFields(try AAMVAParser.parse(Array("\r\n  ".utf8) + sample.bytes), as: expected)
  }

  func testElementRightAfterLineFeedFollowingTheType() throws {
    var bytes = AAMVASamples.pennsylvaniaV1.bytes
    let start = AAMVASamples.pennsylvaniaV1.firstSubfileOffset
    bytes.insert(0x0A, at: start + 2)  // "DL\nDAQ...": the ZP subfile moves by one
    let record = try AAMVAParser.parse(bytes)
    XCTAssertEqual(record.documentNumber, "26798765")
    XCTAssertEqual(record.value(of: "ZPA"), "X")
  }

  // MARK: Errors

  func header(_ text: String) -> [UInt8] { Array(text.utf8) }

  func testRejectsPayloadsThatAreNoAAMVAFile() {
    assertError([], .truncatedHeader(length: 0))
    assertError(header("hello world"), .missingComplianceIndicator)
    assertError(header("@"), .truncatedHeader(length: 1))
    assertError(header("@\n\u{1E}\r"), .truncatedHeader(length: 4))
    assertError(header("@ANSI 636000100001DL00310010"), .missingSeparators)
    assertError(header("@\n\u{1E}\rANSX 636000100001"), .unknownFileType("ANSX "))
    assertError(
      header("@\n\u{1E}\rANSI 63A000100001"), .invalidIssuerIdentificationNumber("63A000"))
    assertError(header("@\n\u{1E}\rANSI 6360001A0001"), .invalidVersion("1A"))
    assertError(header("@\n\u{1E}\rANSI 636000100A01"), .invalidJurisdictionVersion("0A"))
    assertError(header("@\n\u{1E}\rANSI 636000100000DL"), .invalidEntryCount("00"))
    assertError(header("@\n\u{1E}\rANSI 63600010"), .truncatedHeader(length: 17))
  }

  func testRejectsBadDirectories() {
    let twoEntries = "@\n\u{1E}\rANSI 636000100002DL00410010"
    assertError(header(twoEntries), .truncatedDirectory(entries: 2, payloadLength: 31))
    assertError(
      header("@\n\u{1E}\rANSI 636000100001DL00A10010DLDAQ1\r"),
      .invalidDirectoryEntry(index: 0, text: "DL00A10010"))
    assertError(
      header("@\n\u{1E}\rANSI 636000100001dl00310010DLDAQ1\r"),
      .invalidDirectoryEntry(index: 0, text: "dl00310010"))
    assertError(
      header("@\n\u{1E}\rANSI 636000100001DL\u{1}0310010DLDAQ1\r"),
      .invalidDirectoryEntry(index: 0, text: "DL\\x010310010"))
  }

  func testRejectsMissingOrTruncatedCardSubfile() {
    var bytes = sample.bytes
    let start = sample.firstSubfileOffset
    bytes[start] = UInt8(ascii: "X")
    assertError(bytes, .subfileNotFound(type: "DL", offset: 41))

    var onlyCardSubfile = sample
    onlyCardSubfile.subfiles.removeLast()
    let full = onlyCardSubfile.bytes
    let length = full.count - onlyCardSubfile.firstSubfileOffset
    assertError(
      Array(full.dropLast(10)),
      .subfileOutOfBounds(type: "DL", offset: 31, length: length, payloadLength: full.count - 10))

    var phantomCard = sample
    phantomCard.phantomEntries = [("ID", 9000, 20)]
    assertError(phantomCard.bytes, .subfileNotFound(type: "ID", offset: 9000))
  }

  func testRejectsPayloadWithoutCardData() {
    let jurisdictionOnly = AAMVATestPayload(subfiles: [.init("ZV", [("ZVA", "01")])])
    assertError(jurisdictionOnly.bytes, .noCardSubfile)
    let empty = AAMVATestPayload(subfiles: [.init("DL", [])])
    assertError(empty.bytes, .emptyCardSubfile(type: "DL"))
    let junk = AAMVATestPayload(subfiles: [.init("DL", [("d1", "x"), ("12", "")])])
    assertError(junk.bytes, .emptyCardSubfile(type: "DL"))
  }

  func testErrorMessagesSayWhatIsWrong() {
    XCTAssertEqual(
      AAMVAError.invalidVersion("1A").description, "AAMVA version '1A' is not 2 digits")
    XCTAssertEqual(
      AAMVAError.subfileNotFound(type: "DL", offset: 41).description,
      "AAMVA subfile DL is not at offset 41 nor anywhere else")
  }
}
