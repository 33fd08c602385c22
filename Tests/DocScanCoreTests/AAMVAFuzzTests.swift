import DocScanCore
import XCTest

/// Random, truncated and mutated payloads: each must parse or throw — no trap,
/// no hang — and whatever parses must be consistent. The generator is
/// seeded (`SplitMix64`), so a failure can be reproduced.
final class AAMVAFuzzTests: XCTestCase {
  struct Counts {
    var parsed = 0
    var rejected = 0
  }

  /// Parses `payload`, checks the record's invariants, and returns it.
  @discardableResult
  func check(
    _ payload: [UInt8], _ counts: inout Counts, file: StaticString = #filePath,
    line: UInt = #line
  ) -> AAMVARecord? {
    do {
      let record = try AAMVAParser.parse(payload)
      counts.parsed += 1
      assertConsistent(record, payloadLength: payload.count, file: file, line: line)
      return record
    } catch {
      counts.rejected += 1
      XCTAssertFalse(error.description.isEmpty, file: file, line: line)
      return nil
    }
  }

  func assertConsistent(
    _ record: AAMVARecord, payloadLength: Int, file: StaticString, line: UInt
  ) {
    var problems: [String] = []
    for date in [record.dateOfBirth, record.dateOfExpiry, record.dateOfIssue] {
      if let date, !Self.isISODate(date) { problems.append("not an ISO date: \(date)") }
    }
    if let sex = record.sex, !["M", "F", "X"].contains(sex) { problems.append("sex \(sex)") }
    if let nationality = record.nationality,
      nationality.count != 3 || !nationality.allSatisfy({ $0.isASCII && $0.isUppercase })
    {
      problems.append("nationality \(nationality)")
    }
    if !(0...99).contains(record.version) { problems.append("version \(record.version)") }
    if record.issuerIdentificationNumber.count != 6 {
      problems.append("IIN \(record.issuerIdentificationNumber)")
    }
    let cardType = record.documentClass == .driverLicense ? "DL" : "ID"
    if !record.subfiles.contains(where: {
      $0.type == cardType && $0.offset != nil && !$0.elements.isEmpty
    }) {
      problems.append("document class \(record.documentClass) without its subfile")
    }
    for subfile in record.subfiles {
      if let offset = subfile.offset, !(0..<payloadLength).contains(offset) {
        problems.append("\(subfile.type) offset \(offset)")
      }
      if subfile.offset == nil, !subfile.elements.isEmpty {
        problems.append("\(subfile.type) has elements but no offset")
      }
      for element in subfile.elements {
        let idIsCode =
          element.id.unicodeScalars.count == 3
          && element.id.unicodeScalars.allSatisfy {
            ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          }
        if !idIsCode { problems.append("element ID \(element.id)") }
        if element.value.hasPrefix(" ") || element.value.hasSuffix(" ") {
          problems.append("\(element.id) value not trimmed")
        }
      }
    }
    if record.documentNumber?.isEmpty == true { problems.append("empty document number") }
    XCTAssertEqual(problems, [], file: file, line: line)
  }

  static func isISODate(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      (1...12).contains(month), day >= 1
    else { return false }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    return day <= days[month - 1]
  }

  func report(_ name: String, _ counts: Counts, started: ContinuousClock.Instant) {
    let elapsed = ContinuousClock.now - started
    print(
      "AAMVA fuzz \(name): \(counts.parsed + counts.rejected) payloads, "
        + "\(counts.parsed) parsed, \(counts.rejected) rejected, \(elapsed)")
  }

  func testRandomPayloads() {
    let started = ContinuousClock.now
    var random = SplitMix64(state: 0xAA_4D_FA)
    var counts = Counts()
    for _ in 0..<2000 {
      let length = Int.random(in: 0..<400, using: &random)
      check((0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }, &counts)
    }
    report("random bytes", counts, started: started)
    XCTAssertEqual(counts.parsed + counts.rejected, 2000)

    // Random elements after a valid header and directory reach the subfile and
    // field code: known IDs with random values, now and then random bytes.
    let ids = [
      "DAQ", "DCS", "DAC", "DAD", "DAA", "DAB", "DCT", "DBB", "DBA", "DBD", "DBC", "DCG", "DAJ",
    ]
    let alphabet = Array("ABCMXZ0123456789 ,$-/\n\r\u{1E}".utf8)
    func randomByte() -> UInt8 {
      Int.random(in: 0..<4, using: &random) == 0
        ? UInt8.random(in: 0...255, using: &random) : alphabet.randomElement(using: &random)!
    }
    var headed = Counts()
    for _ in 0..<2000 {
      var body = Array("DL".utf8)
      for index in 0..<Int.random(in: 0..<14, using: &random) {
        if index > 0 {
          body.append(Int.random(in: 0..<10, using: &random) == 0 ? randomByte() : 0x0A)
        }
        body += Array(ids.randomElement(using: &random)!.utf8)
        body += (0..<Int.random(in: 0..<11, using: &random)).map { _ in randomByte() }
      }
      if Bool.random(using: &random) { body.append(0x0D) }
      let declaredLength =
        Int.random(in: 0..<4, using: &random) == 0
        ? Int.random(in: 0...400, using: &random) : body.count
      let header = Array("@\n\u{1E}\rANSI 636000100001DL0031".utf8)
      check(header + AAMVATestPayload.digits(declaredLength, 4) + body, &headed)
    }
    report("random elements after a header", headed, started: started)
    XCTAssertGreaterThan(headed.parsed, 0)
    XCTAssertGreaterThan(headed.rejected, 0)
  }

  func testEveryTruncation() throws {
    let started = ContinuousClock.now
    var counts = Counts()
    for (name, sample) in AAMVASamples.all {
      let bytes = sample.bytes
      let full = try AAMVAParser.parse(bytes)
      let fullCard = full.subfiles.first(where: \.isCardData)!
      for length in 0...bytes.count {
        let prefix = Array(bytes.prefix(length))
        guard let record = check(prefix, &counts) else {
          XCTAssertLessThan(length, bytes.count, "\(name) whole payload rejected")
          continue
        }
        // Only the terminator of a card subfile may be cut: a prefix that parses
        // carries the card subfile's elements whole.
        XCTAssertEqual(
          record.subfiles.first(where: \.isCardData)?.elements, fullCard.elements,
          "\(name) prefix \(length) of \(bytes.count)")
        XCTAssertGreaterThanOrEqual(length, sample.firstSubfileOffset, name)
      }
    }
    report("truncations", counts, started: started)
    XCTAssertGreaterThan(counts.parsed, AAMVASamples.all.count)
    XCTAssertGreaterThan(counts.rejected, counts.parsed)
  }

  func testSingleByteMutations() {
    let started = ContinuousClock.now
    var random = SplitMix64(state: 0x5EED_AA4D)
    let interesting = Array("@\n\r\u{1E} 0123456789DLIZVAQ".utf8) + [0x00, 0x7F, 0xFF]
    var counts = Counts()
    let samples = AAMVASamples.all.map(\.payload.bytes)
    for round in 0..<5000 {
      var bytes = samples[round % samples.count]
      let index = Int.random(in: 0..<bytes.count, using: &random)
      let byte =
        Bool.random(using: &random)
        ? interesting.randomElement(using: &random)!
        : UInt8.random(in: 0...255, using: &random)
      switch round % 10 {
      case 0: bytes.remove(at: index)
      case 1: bytes.insert(byte, at: index)
      default: bytes[index] = byte
      }
      check(bytes, &counts)
    }
    report("single-byte mutations", counts, started: started)
    XCTAssertGreaterThan(counts.parsed, 0)
    XCTAssertGreaterThan(counts.rejected, 0)
  }

  func testMutatedDirectoriesOfWrongOffsetSamples() {
    let started = ContinuousClock.now
    var random = SplitMix64(state: 0xD1_2EC7)
    var counts = Counts()
    for _ in 0..<1000 {
      var payload = AAMVASamples.virginiaV10
      payload.offsetErrors = [
        Int.random(in: -41...60, using: &random), Int.random(in: -290...300, using: &random),
      ]
      do {
        let record = try AAMVAParser.parse(payload.bytes)
        counts.parsed += 1
        XCTAssertEqual(record.documentNumber, "A12345678", "\(payload.offsetErrors)")
        XCTAssertEqual(record.value(of: "ZVB"), "SAMPLE DATA", "\(payload.offsetErrors)")
      } catch {
        counts.rejected += 1
        XCTFail("offset errors \(payload.offsetErrors): \(error)")
      }
    }
    report("skewed offsets", counts, started: started)
  }
}
