import DocScanCore
import XCTest

/// `MRZZeroOrLetterO` on a TD3 zone's cells drawn as 8 x 8 bitmaps: a
/// narrow `0` and a round `O`, as OCR-B prints them.
final class MRZZeroOrLetterOTests: XCTestCase {
  static let zero = [
    "..####..",
    ".##..##.",
    ".#....#.",
    ".#....#.",
    ".#....#.",
    ".#....#.",
    ".##..##.",
    "..####..",
  ]
  static let letterO = [
    ".######.",
    "##....##",
    "#......#",
    "#......#",
    "#......#",
    "#......#",
    "##....##",
    ".######.",
  ]
  static let kinds = MRZZeroOrLetterO.sharedKinds([.td3])

  func glyph(_ character: Character, _ bitmap: [String]) -> MRZGlyph {
    let pixels = bitmap.joined().map { $0 == "#" ? Float(0) : Float(255) }
    return MRZGlyph(character: character, samples: [MRZGlyph.normalised(pixels)!])
  }

  /// A TD3 zone's cells, all empty but `cells` (line, column: glyph).
  func zone(_ cells: [(Int, Int, MRZGlyph)]) -> [[MRZGlyph?]] {
    var glyphs = [[MRZGlyph?]](repeating: [MRZGlyph?](repeating: nil, count: 44), count: 2)
    for (line, column, glyph) in cells { glyphs[line][column] = glyph }
    return glyphs
  }

  // Line 2 of TD3: number 0-8, check 9, nationality 10-12, birth 13-18.
  // Line 1: the name from column 5.

  func testANumbersCellsTakeTheCharacterTheirPrintIs() {
    let glyphs = zone([
      (0, 6, glyph("O", Self.letterO)),  // a name's O
      (1, 14, glyph("0", Self.zero)),  // a birth date's 0
      (1, 0, glyph("O", Self.zero)),  // a 0 read O
      (1, 4, glyph("0", Self.letterO)),  // an O read 0
    ])
    XCTAssertEqual(
      MRZZeroOrLetterO.settled(glyphs, kinds: Self.kinds),
      [MRZPosition(line: 1, column: 0): "0", MRZPosition(line: 1, column: 4): "O"])
  }

  func testNothingIsSettledWithoutBothCharactersInTheZone() {
    // No O in a letters' field: nothing shows how this printer's O looks.
    let glyphs = zone([(1, 14, glyph("0", Self.zero)), (1, 0, glyph("O", Self.zero))])
    XCTAssertEqual(MRZZeroOrLetterO.settled(glyphs, kinds: Self.kinds), [:])
  }

  func testAnOInAnumericFieldIsNoExample() {
    // A date's cell read O is a misreading, not the printer's O.
    let glyphs = zone([
      (1, 14, glyph("0", Self.zero)), (1, 15, glyph("O", Self.letterO)),
      (1, 0, glyph("O", Self.zero)),
    ])
    XCTAssertEqual(MRZZeroOrLetterO.settled(glyphs, kinds: Self.kinds), [:])
  }

  func testPrintAlikeToBothSettlesNothing() {
    // A printer whose 0 is as round as its O.
    let glyphs = zone([
      (0, 6, glyph("O", Self.letterO)), (1, 14, glyph("0", Self.letterO)),
      (1, 0, glyph("O", Self.letterO)),
    ])
    XCTAssertEqual(MRZZeroOrLetterO.settled(glyphs, kinds: Self.kinds), [:])
  }

  func testKindsTheFormatsOfOneShapeDisagreeOnAreLeftOut() {
    // TD3 and MRV-A share the 2 x 44 shape; their second lines differ
    // after the expiry's check digit.
    let kinds = MRZZeroOrLetterO.sharedKinds([.td3, .mrvA])
    XCTAssertEqual(kinds[1][0], .alphanumeric)
    XCTAssertEqual(kinds[1][13], .digitsOrFiller)
    XCTAssertEqual(kinds[0][6], .letters)
    XCTAssertTrue(kinds[1][28...43].contains { $0 == nil })
    XCTAssertEqual(MRZZeroOrLetterO.sharedKinds([]), [])
  }
}
