import DocScanCore
import XCTest

/// Formats, check digits, layouts and the confusion table.
final class MRZLayoutTests: XCTestCase {
  func testFormatShapesAndDetection() {
    XCTAssertEqual(MRZFormat.td1.lineCount, 3)
    XCTAssertEqual(MRZFormat.td1.lineLength, 30)
    XCTAssertEqual(MRZFormat.td2.lineLength, 36)
    XCTAssertEqual(MRZFormat.mrvB.lineLength, 36)
    XCTAssertEqual(MRZFormat.td3.lineLength, 44)
    XCTAssertEqual(MRZFormat.mrvA.lineLength, 44)
    XCTAssertEqual(MRZFormat.candidates(lineCount: 2, lineLength: 44), [.td3, .mrvA])
    XCTAssertEqual(MRZFormat.candidates(lineCount: 2, lineLength: 36), [.td2, .mrvB])
    XCTAssertEqual(MRZFormat.candidates(lineCount: 3, lineLength: 30), [.td1])
    XCTAssertEqual(MRZFormat.candidates(lineCount: 3, lineLength: 44), [])
    let line44 = String(repeating: "<", count: 44)
    let line36 = String(repeating: "<", count: 36)
    XCTAssertEqual(MRZFormat.detect(lines: ["P" + line44.dropFirst(), line44]), .td3)
    XCTAssertEqual(MRZFormat.detect(lines: ["V" + line44.dropFirst(), line44]), .mrvA)
    XCTAssertEqual(MRZFormat.detect(lines: ["I" + line36.dropFirst(), line36]), .td2)
    XCTAssertEqual(MRZFormat.detect(lines: ["V" + line36.dropFirst(), line36]), .mrvB)
    let line30 = String(repeating: "<", count: 30)
    XCTAssertEqual(MRZFormat.detect(lines: [line30, line30, line30]), .td1)
    XCTAssertNil(MRZFormat.detect(lines: [line44, line36]))
    XCTAssertNil(MRZFormat.detect(lines: [line30, line30]))
    XCTAssertNil(MRZFormat.detect(lines: []))
    XCTAssertEqual(MRZFormat.allCases.map(\.rawValue), ["TD1", "TD2", "TD3", "MRVA", "MRVB"])
  }

  func testCheckDigitValuesAndWeights() {
    XCTAssertEqual(MRZCheckDigit.value(of: "0"), 0)
    XCTAssertEqual(MRZCheckDigit.value(of: "9"), 9)
    XCTAssertEqual(MRZCheckDigit.value(of: "A"), 10)
    XCTAssertEqual(MRZCheckDigit.value(of: "Z"), 35)
    XCTAssertEqual(MRZCheckDigit.value(of: "<"), 0)
    XCTAssertNil(MRZCheckDigit.value(of: "a"))
    XCTAssertNil(MRZCheckDigit.value(of: " "))
    XCTAssertNil(MRZCheckDigit.value(of: "É"))
    XCTAssertEqual(MRZCheckDigit.compute("L898902C3"), "6")
    XCTAssertEqual(MRZCheckDigit.compute("740812"), "2")
    XCTAssertEqual(MRZCheckDigit.compute("120415"), "9")
    XCTAssertEqual(MRZCheckDigit.compute("ZE184226B<<<<<"), "1")
    XCTAssertEqual(
      MRZCheckDigit.compute("L898902C3674081221204159ZE184226B<<<<<1".dropFirst(0)), "0")
    XCTAssertEqual(MRZCheckDigit.compute(""), "0")
    // Against the independent implementation, on random text.
    var random = SplitMix64(state: 7)
    for _ in 0..<500 {
      let text = random.string(ICAOSpec.alphabet, count: random.int(0...40))
      XCTAssertEqual(MRZCheckDigit.compute(text), ICAOSpec.checkDigit(text), text)
    }
  }

  func testFieldsCoverEveryCharacterOnce() {
    for format in MRZFormat.allCases {
      let layout = MRZLayout.of(format)
      XCTAssertEqual(layout.format, format)
      var count = Array(
        repeating: Array(repeating: 0, count: format.lineLength), count: format.lineCount)
      for field in layout.fields {
        for column in field.range { count[field.line][column] += 1 }
      }
      XCTAssertEqual(
        count,
        Array(
          repeating: Array(repeating: 1, count: format.lineLength), count: format.lineCount),
        format.rawValue)
      XCTAssertEqual(Set(layout.fields.map(\.name)).count, layout.fields.count)
    }
  }

  func testChecksMatchTheSpecification() {
    func positions(_ layout: MRZLayout) -> Set<MRZPosition> {
      Set(layout.checks.flatMap(\.coveredPositions))
    }
    for format in MRZFormat.allCases {
      XCTAssertEqual(
        positions(MRZLayout.of(format)), ICAOSpec.checkedPositions(format), format.rawValue)
    }
    XCTAssertEqual(
      MRZLayout.of(.td3).checks.map(\.name),
      ["document-number", "date-of-birth", "date-of-expiry", "personal-number", "composite"])
    XCTAssertEqual(
      MRZLayout.of(.td1).checks.map(\.name),
      ["document-number", "date-of-birth", "date-of-expiry", "composite"])
    XCTAssertEqual(
      MRZLayout.of(.td2).checks.map(\.name),
      ["document-number", "date-of-birth", "date-of-expiry", "composite"])
    for format in [MRZFormat.mrvA, .mrvB] {
      XCTAssertEqual(
        MRZLayout.of(format).checks.map(\.name),
        ["document-number", "date-of-birth", "date-of-expiry"])
    }
    let composite = MRZLayout.of(.td3).checks.last!
    XCTAssertEqual(composite.digit, MRZPosition(line: 1, column: 43))
    XCTAssertEqual(
      composite.spans,
      [
        MRZSpan(line: 1, range: 0..<10), MRZSpan(line: 1, range: 13..<20),
        MRZSpan(line: 1, range: 21..<43),
      ])
  }

  func testKindsOfTheTypedFields() {
    let kinds = MRZLayout.of(.td3).kinds
    XCTAssertEqual(kinds[0][0], .letters)
    XCTAssertEqual(kinds[1][0], .alphanumeric)
    XCTAssertEqual(kinds[1][9], .checkDigit)
    XCTAssertEqual(kinds[1][13], .digitsOrFiller)
    XCTAssertEqual(kinds[1][20], .sex)
    XCTAssertEqual(kinds[1][21], .digitsOrFiller, "an expiry date's unknown parts")
    XCTAssertEqual(kinds[1][30], .alphanumeric)
    XCTAssertTrue(MRZFieldKind.sex.allows("<"))
    XCTAssertFalse(MRZFieldKind.sex.allows("Q"))
    XCTAssertFalse(MRZFieldKind.digitsOrFiller.allows("A"))
    XCTAssertFalse(MRZFieldKind.letters.allows("1"))
    XCTAssertFalse(MRZFieldKind.alphanumeric.allows("a"))
  }

  func testConfusionTable() {
    for letter in ICAOSpec.letters {
      XCTAssertEqual(MRZLookAlike.digit(for: letter), OCRTable.digitForLetter[letter], "\(letter)")
    }
    for digit in ICAOSpec.digits {
      XCTAssertEqual(MRZLookAlike.letter(for: digit), OCRTable.letterForDigit[digit], "\(digit)")
    }
    XCTAssertNil(MRZLookAlike.digit(for: "<"))
    XCTAssertEqual(Set(MRZLookAlike.alternatives(of: "0")), ["O", "D", "Q"])
    XCTAssertEqual(Set(MRZLookAlike.alternatives(of: "O")), ["0", "D", "Q"])
    XCTAssertEqual(MRZLookAlike.alternatives(of: "3"), [])
    XCTAssertEqual(MRZLookAlike.forced("O", kind: .digitsOrFiller), "0")
    XCTAssertEqual(MRZLookAlike.forced("O", kind: .alphanumeric), "O")
    XCTAssertEqual(MRZLookAlike.forced("5", kind: .letters), "S")
    XCTAssertNil(MRZLookAlike.forced("3", kind: .letters))
    XCTAssertNil(MRZLookAlike.forced("K", kind: .digitsOrFiller))
    XCTAssertNil(MRZLookAlike.forced("8", kind: .sex))
  }
}
