import DocScanCore
import XCTest

/// ICAO Doc 9303 written down a second time, independently of `MRZLayout`, so
/// the tests do not check the library against itself.
enum ICAOSpec {
  static let letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
  static let digits = "0123456789"
  static let alphabet = letters + digits + "<"

  static func value(_ character: Character) -> Int {
    if let digit = character.wholeNumberValue { return digit }
    if character == "<" { return 0 }
    return Int(character.asciiValue! - Character("A").asciiValue!) + 10
  }

  static func checkDigit<S: StringProtocol>(_ text: S) -> Character {
    let weights = [7, 3, 1]
    let sum = text.enumerated().reduce(0) { $0 + value($1.element) * weights[$1.offset % 3] }
    return Character(String(sum % 10))
  }

  /// 1-based positions `(line, first...last)` read by each check, the check
  /// digit included, as listed in the brief and Doc 9303 parts 4–7.
  static func checkedPositions(_ format: MRZFormat) -> Set<MRZPosition> {
    let ranges: [(Int, ClosedRange<Int>)]
    switch format {
    case .td3: ranges = [(2, 1...10), (2, 14...20), (2, 22...44)]
    case .td1: ranges = [(1, 6...30), (2, 1...7), (2, 9...15), (2, 19...30)]
    case .td2: ranges = [(2, 1...10), (2, 14...20), (2, 22...36)]
    case .mrvA, .mrvB: ranges = [(2, 1...10), (2, 14...20), (2, 22...28)]
    }
    return Set(
      ranges.flatMap { line, positions in
        positions.map { MRZPosition(line: line - 1, column: $0 - 1) }
      })
  }
}

/// A random valid MRZ and the fields it was made from.
struct GeneratedMRZ {
  var format: MRZFormat
  var lines: [String]
  var documentCode: String
  var issuer: String
  var nationality: String
  var documentNumber: String
  var surname: String
  var givenNames: String
  var sex: String
  var dateOfBirth: MRZDate?
  var dateOfExpiry: MRZDate
  var optionalData: String

  static let today = MRZDate(year: 2025, month: 6, day: 15)

  static func make(_ format: MRZFormat, _ random: inout SplitMix64) -> GeneratedMRZ {
    func padded(_ text: String, _ count: Int) -> String {
      precondition(text.count <= count, "\(text) longer than \(count)")
      return text + String(repeating: "<", count: count - text.count)
    }
    func code3(_ random: inout SplitMix64) -> (field: String, value: String) {
      if random.chance(0.2) { return ("D<<", "D") }
      let code = random.string(ICAOSpec.letters, count: 3)
      return (code, code)
    }
    /// Optional data: alphanumeric with inner fillers, never starting or
    /// ending with one, so trimming gives it back.
    func optional(_ random: inout SplitMix64, maxCount: Int) -> String {
      let count = random.int(0...maxCount)
      guard count > 0 else { return "" }
      var characters = Array(
        random.string(ICAOSpec.letters + ICAOSpec.digits + "<<<", count: count))
      characters[0] = random.pick(ICAOSpec.digits + ICAOSpec.letters)
      characters[count - 1] = random.pick(ICAOSpec.digits + ICAOSpec.letters)
      return String(characters)
    }

    let codes: [String]
    switch format {
    case .td3: codes = ["P<", "PD", "PO"]
    case .td1: codes = ["I<", "ID", "AC", "IR"]
    case .td2: codes = ["I<", "ID", "AC"]
    case .mrvA, .mrvB: codes = ["V<", "VD"]
    }
    let code = random.pick(codes)
    let issuer = code3(&random)
    let nationality = code3(&random)

    let nameLength = format == .td1 ? 30 : format.lineLength - 5
    var surnameWords: [String]
    var givenWords: [String]
    var nameField: String
    repeat {
      surnameWords = (0..<random.int(1...2)).map { _ in
        let count = random.int(1...9)
        return random.string(ICAOSpec.letters, count: count)
      }
      givenWords = (0..<random.int(0...3)).map { _ in
        let count = random.int(1...8)
        return random.string(ICAOSpec.letters, count: count)
      }
      nameField = surnameWords.joined(separator: "<")
      if !givenWords.isEmpty { nameField += "<<" + givenWords.joined(separator: "<") }
    } while nameField.count > nameLength

    let isLong = format == .td1 && random.chance(0.3)
    let numberLength = isLong ? random.int(10...14) : random.int(1...9)
    let number = random.string(ICAOSpec.letters + ICAOSpec.digits, count: numberLength)

    let birthYear = random.int(today.year - 98...today.year - 1)
    let birthMonth = random.int(1...12)
    let birthDay = random.int(1...days(birthMonth, birthYear))
    var birthField = yymmdd(birthYear, birthMonth, birthDay)
    var birth: MRZDate? = MRZDate(year: birthYear, month: birthMonth, day: birthDay)
    if random.chance(0.1) {
      birthField = random.pick([
        "<<<<<<", String(birthField.prefix(2)) + "<<<<", String(birthField.prefix(4)) + "<<",
      ])
      birth = nil
    }
    let expiryYear = random.int(today.year - 10...today.year + 15)
    let expiryMonth = random.int(1...12)
    let expiryDay = random.int(1...days(expiryMonth, expiryYear))
    let expiryField = yymmdd(expiryYear, expiryMonth, expiryDay)
    let sexField = random.pick(["M", "F", "X", "<"])

    func check<S: StringProtocol>(_ text: S) -> Character { ICAOSpec.checkDigit(text) }
    let birthPart = birthField + String(check(birthField))
    let expiryPart = expiryField + String(check(expiryField))
    let lines: [String]
    let optionalData: String
    switch format {
    case .td1:
      var first = "\(code)\(issuer.field)"
      let optional1: String
      if isLong {
        let head = number.prefix(9)
        let tail = number.dropFirst(9)
        first += "\(head)<\(tail)\(check(number))<"
        optional1 = optional(&random, maxCount: 30 - first.count)
      } else {
        first += padded(number, 9) + String(check(padded(number, 9)))
        optional1 = optional(&random, maxCount: 15)
      }
      first = padded(first + optional1, 30)
      let optional2 = optional(&random, maxCount: 11)
      var second = birthPart + sexField + expiryPart + nationality.field + padded(optional2, 11)
      let composite = String(first.dropFirst(5)) + birthPart + expiryPart + padded(optional2, 11)
      second += String(check(composite))
      lines = [first, second, padded(nameField, 30)]
      optionalData = [optional1, optional2].filter { !$0.isEmpty }.joined(separator: " ")
    case .td3, .td2, .mrvA, .mrvB:
      let numberPart = padded(number, 9) + String(check(padded(number, 9)))
      let optionalLength = [MRZFormat.td3: 14, .td2: 7, .mrvA: 16, .mrvB: 8][format]!
      optionalData = optional(&random, maxCount: optionalLength)
      var optionalPart = padded(optionalData, optionalLength)
      if format == .td3 {
        optionalPart +=
          optionalData.isEmpty ? random.pick(["<", "0"]) : String(check(optionalPart))
      }
      var second = numberPart + nationality.field + birthPart + sexField + expiryPart + optionalPart
      if format == .td3 || format == .td2 {
        second += String(check(numberPart + birthPart + expiryPart + optionalPart))
      }
      lines = [padded(code + issuer.field + nameField, format.lineLength), second]
    }
    return GeneratedMRZ(
      format: format, lines: lines, documentCode: code.filter { $0 != "<" },
      issuer: issuer.value, nationality: nationality.value, documentNumber: number,
      surname: surnameWords.joined(separator: " "), givenNames: givenWords.joined(separator: " "),
      sex: sexField == "<" ? "X" : sexField, dateOfBirth: birth,
      dateOfExpiry: MRZDate(year: expiryYear, month: expiryMonth, day: expiryDay),
      optionalData: optionalData)
  }

  static func days(_ month: Int, _ year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  static func yymmdd(_ year: Int, _ month: Int, _ day: Int) -> String {
    [year % 100, month, day].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined()
  }

  static func all(perFormat count: Int, seed: UInt64) -> [GeneratedMRZ] {
    var random = SplitMix64(state: seed)
    return MRZFormat.allCases.flatMap { format in
      (0..<count).map { _ in make(format, &random) }
    }
  }
}

/// Random valid MRZs of every format: they parse back exactly, single
/// corruptions are never accepted wrong unless no check can see them, and
/// look-alike OCR errors in typed fields are repaired.
final class MRZPropertyTests: XCTestCase {
  let documents = GeneratedMRZ.all(perFormat: 12, seed: 0x9303)

  func testGeneratedDocumentsParseBackExactly() throws {
    XCTAssertEqual(documents.count, 60)
    for document in documents {
      XCTAssertEqual(
        document.lines.map(\.count),
        Array(
          repeating: document.format.lineLength, count: document.format.lineCount))
      let record = try XCTUnwrap(
        MRZParser.parse(document.lines, today: GeneratedMRZ.today), "\(document.lines)")
      let context = document.lines.joined(separator: "\n")
      XCTAssertEqual(record.format, document.format, context)
      XCTAssertEqual(record.documentCode, document.documentCode, context)
      XCTAssertEqual(record.issuer, document.issuer, context)
      XCTAssertEqual(record.nationality, document.nationality, context)
      XCTAssertEqual(record.documentNumber, document.documentNumber, context)
      XCTAssertEqual(record.surname, document.surname, context)
      XCTAssertEqual(record.givenNames, document.givenNames, context)
      XCTAssertEqual(record.sex, document.sex, context)
      XCTAssertEqual(record.dateOfBirth, document.dateOfBirth, context)
      XCTAssertEqual(record.dateOfExpiry, document.dateOfExpiry, context)
      XCTAssertEqual(record.optionalData, document.optionalData, context)
      XCTAssertEqual(record.failedChecks, [], context)
      XCTAssertEqual(record.invalidFields, [], context)
      XCTAssertTrue(record.isValid, context)
      XCTAssertEqual(MRZCorrector.correct(document.lines, format: document.format), document.lines)
    }
  }

  func testSingleCorruptionsAreCorrectedRejectedOrInvisibleByDesign() {
    var corrected = 0
    var rejected = 0
    var invisible = 0
    var invisibleByPosition = 0
    for document in documents {
      let kinds = MRZLayout.of(document.format).kinds
      let checked = ICAOSpec.checkedPositions(document.format)
      for (line, text) in document.lines.enumerated() {
        let truth = Array(text)
        for column in truth.indices {
          let kind = kinds[line][column]
          let position = MRZPosition(line: line, column: column)
          for character in ICAOSpec.alphabet where character != truth[column] {
            var corrupted = document.lines
            var characters = truth
            characters[column] = character
            corrupted[line] = String(characters)
            let result = MRZCorrector.correct(corrupted, format: document.format)
            let forced = MRZLookAlike.forced(character, kind: kind)
            let context = "\(document.lines) \(position) \(truth[column])→\(character)"
            if result == document.lines {
              corrected += 1
              continue
            }
            XCTAssertNotEqual(forced, truth[column], "kind forces it back: \(context)")
            guard let result else {
              rejected += 1
              continue
            }
            // Accepted, yet not the truth: only where the arithmetic is blind.
            guard let forced else {
              XCTFail("accepted a character its kind rejects: \(context)")
              continue
            }
            let isCovered = checked.contains(position)
            let differenceIsInvisible =
              (ICAOSpec.value(forced) - ICAOSpec.value(truth[column])) % 10 == 0
            XCTAssertTrue(!isCovered || differenceIsInvisible, "accepted wrong: \(context)")
            characters[column] = forced
            corrupted[line] = String(characters)
            XCTAssertEqual(result, corrupted, "changed more than the forced character: \(context)")
            invisible += 1
            if !isCovered { invisibleByPosition += 1 }
          }
        }
      }
    }
    print(
      "MRZ single corruptions: corrected \(corrected), rejected \(rejected), "
        + "invisible by design \(invisible) (\(invisibleByPosition) outside every check, "
        + "\(invisible - invisibleByPosition) differing by a multiple of 10)")
    XCTAssertGreaterThan(corrected, 0)
    XCTAssertGreaterThan(rejected, 0)
  }

  func testLookAlikeErrorsInTypedFieldsAreCorrected() {
    var random = SplitMix64(state: 42)
    var singles = 0
    for document in documents {
      let kinds = MRZLayout.of(document.format).kinds
      var lookAlikes: [(MRZPosition, Character)] = []
      for (line, text) in document.lines.enumerated() {
        for (column, character) in text.enumerated() {
          let kind = kinds[line][column]
          let position = MRZPosition(line: line, column: column)
          if kind.isNumeric {
            for (letter, digit) in OCRTable.digitForLetter where digit == character {
              lookAlikes.append((position, letter))
            }
          } else if kind.isAlphabetic,
            let digit = OCRTable.letterForDigit.first(where: { $0.value == character })?.key
          {
            lookAlikes.append((position, digit))
          }
        }
      }
      for (position, misread) in lookAlikes {
        let corrupted = document.lines.replacingCharacter(at: position, with: misread)
        XCTAssertEqual(
          MRZCorrector.correct(corrupted, format: document.format), document.lines,
          "\(document.lines) \(position) → \(misread)")
        singles += 1
      }
      // Several at once, one per position.
      for _ in 0..<5 where !lookAlikes.isEmpty {
        var corrupted = document.lines
        var used = Set<MRZPosition>()
        for _ in 0..<random.int(2...6) {
          let (position, misread) = random.pick(lookAlikes)
          guard used.insert(position).inserted else { continue }
          corrupted = corrupted.replacingCharacter(at: position, with: misread)
        }
        XCTAssertEqual(
          MRZCorrector.correct(corrupted, format: document.format), document.lines, "\(corrupted)")
      }
    }
    print("MRZ look-alike corruptions in typed fields: \(singles) single, all corrected")
    XCTAssertGreaterThan(singles, 500)
  }

  /// The opt-in search in alphanumeric fields: a look-alike misreading comes
  /// back right or is rejected; an arbitrary one can be accepted wrong, and
  /// how often is printed, not hidden.
  func testAlphanumericSearchIsRightOrRejectsLookAlikesAndIsMeasuredOnOthers() {
    for limit in 1...2 {
      var lookAlike = (corrected: 0, rejected: 0)
      var arbitrary = (corrected: 0, rejected: 0, wrong: 0)
      for document in documents {
        let layout = MRZLayout.of(document.format)
        for field in ["document-number", "personal-number"].compactMap(layout.field) {
          for column in field.range {
            let position = MRZPosition(line: field.line, column: column)
            let truth = Array(document.lines[field.line])[column]
            for character in ICAOSpec.alphabet
            where (ICAOSpec.value(character) - ICAOSpec.value(truth)) % 10 != 0 {
              let corrupted = document.lines.replacingCharacter(at: position, with: character)
              let result = MRZCorrector.correct(
                corrupted, format: document.format, alphanumericSubstitutions: limit)
              if MRZLookAlike.alternatives(of: truth).contains(character) {
                XCTAssertTrue(
                  result == nil || result == document.lines,
                  "look-alike accepted wrong: \(document.lines) \(position) \(truth)→\(character)")
                if result == nil { lookAlike.rejected += 1 } else { lookAlike.corrected += 1 }
              } else if result == nil {
                arbitrary.rejected += 1
              } else if result == document.lines {
                arbitrary.corrected += 1
              } else {
                arbitrary.wrong += 1
              }
            }
          }
        }
      }
      print(
        "MRZ alphanumeric search (≤\(limit) substitutions): look-alike misreadings corrected "
          + "\(lookAlike.corrected), rejected \(lookAlike.rejected); other visible misreadings "
          + "corrected \(arbitrary.corrected), rejected \(arbitrary.rejected), "
          + "accepted wrong \(arbitrary.wrong)")
      XCTAssertGreaterThan(lookAlike.corrected, 0)
      XCTAssertEqual(arbitrary.corrected, 0, "the truth is not among look-alike substitutions")
    }
  }
}

/// The brief's confusion table, written down independently of `MRZLookAlike`.
enum OCRTable {
  static let digitForLetter: [Character: Character] = [
    "O": "0", "Q": "0", "D": "0", "I": "1", "L": "1", "Z": "2", "A": "4", "S": "5", "G": "6",
    "T": "7", "B": "8",
  ]
  static let letterForDigit: [Character: Character] = [
    "0": "O", "1": "I", "2": "Z", "4": "A", "5": "S", "6": "G", "7": "T", "8": "B",
  ]
}

extension [String] {
  /// The lines with one character replaced.
  func replacingCharacter(at position: MRZPosition, with character: Character) -> [String] {
    var lines = self
    var characters = [Character](lines[position.line])
    characters[position.column] = character
    lines[position.line] = String(characters)
    return lines
  }
}
