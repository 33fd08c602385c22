import DocScanCore
import XCTest

/// `MRZPrintConsistency` on glyphs drawn as 6 x 8 bitmaps: an `E`, an `F`
/// (an `E` without its bottom bar) and an `L`.
final class MRZPrintConsistencyTests: XCTestCase {
  static let e = [
    "######",
    "#.....",
    "#.....",
    "#####.",
    "#.....",
    "#.....",
    "#.....",
    "######",
  ]
  static let f = e.enumerated().map { $0.offset == 7 ? "#....." : $0.element }
  static let l = e.enumerated().map { [0, 3].contains($0.offset) ? "#....." : $0.element }

  /// `bitmap` read as `character`, with `speck` pixels changed (print
  /// noise), as a glyph of one sample.
  func glyph(_ character: Character, _ bitmap: [String], speck: [Int] = []) -> MRZGlyph {
    var pixels = bitmap.joined().map { $0 == "#" ? Float(0) : Float(255) }
    for index in speck { pixels[index] = 255 - pixels[index] }
    return MRZGlyph(character: character, samples: [MRZGlyph.normalised(pixels)!])
  }

  /// Every cell's candidates: its own letter and `extra`.
  func candidates(_ glyphs: [[MRZGlyph?]], extra: Set<Character>) -> [[Set<Character>]] {
    glyphs.map { $0.map { glyph in glyph.map { Set([$0.character]).union(extra) } ?? [] } }
  }

  func testAnELikeTheZonesOtherEsReadFIsDoubted() {
    // Line 0: the misread `E` (read `F`), an `E` printed alike, and `L`;
    // line 1: a true `F` (the sex field).
    let glyphs: [[MRZGlyph?]] = [
      [glyph("F", Self.e, speck: [13]), glyph("E", Self.e), nil, glyph("L", Self.l)],
      [glyph("F", Self.f)],
    ]
    XCTAssertEqual(
      MRZPrintConsistency.doubtful(glyphs, candidates: candidates(glyphs, extra: ["E"])),
      [MRZPosition(line: 0, column: 0)])
  }

  func testNoDoubtWithoutTheModelConsideringTheRival() {
    let glyphs: [[MRZGlyph?]] = [
      [glyph("F", Self.e, speck: [13]), glyph("E", Self.e)], [glyph("F", Self.f)],
    ]
    XCTAssertEqual(
      MRZPrintConsistency.doubtful(glyphs, candidates: candidates(glyphs, extra: [])), [])
  }

  func testALetterWithNoOtherInstanceIsNeverDoubted() {
    // Nothing in the zone shows how this print's `F` looks.
    let glyphs: [[MRZGlyph?]] = [[glyph("F", Self.e, speck: [13]), glyph("E", Self.e)]]
    XCTAssertEqual(
      MRZPrintConsistency.doubtful(glyphs, candidates: candidates(glyphs, extra: ["E"])), [])
  }

  func testLettersReadAsPrintedAreNotDoubted() {
    // Each letter is its own print: an `F` is 0.9 like an `E` here, below
    // the likeness of one letter's instances.
    let glyphs: [[MRZGlyph?]] = [
      [glyph("F", Self.f), glyph("E", Self.e), glyph("L", Self.l)],
      [glyph("F", Self.f, speck: [40]), glyph("E", Self.e, speck: [2])],
    ]
    XCTAssertEqual(
      MRZPrintConsistency.doubtful(glyphs, candidates: candidates(glyphs, extra: ["E", "F", "L"])),
      [])
  }

  func testNormalisedPrintHasNoMeanAndUnitLength() {
    let sample = MRZGlyph.normalised([0, 255, 255, 0])!
    XCTAssertEqual(sample.reduce(0, +), 0, accuracy: 1e-5)
    XCTAssertEqual(sample.reduce(0) { $0 + $1 * $1 }, 1, accuracy: 1e-5)
    XCTAssertNil(MRZGlyph.normalised([7, 7, 7]))
    XCTAssertNil(MRZGlyph.normalised([]))
  }
}
