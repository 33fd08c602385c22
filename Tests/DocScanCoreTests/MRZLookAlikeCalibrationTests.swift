import DocScanCore
import XCTest

/// Look-alike digits and letters in alphanumeric fields, judged against the
/// same print's cells whose kind settles them; and cells where the readers
/// contest an unchecked character.
final class MRZLookAlikeCalibrationTests: XCTestCase {
  let today = MRZDate(year: 2026, month: 11, day: 22)
  /// Document number `ZE000509`: three zeros Tesseract may take for `O`.
  let canada = [
    "P<CANMARTIN<<SARAH<<<<<<<<<<<<<<<<<<<<<<<<<<",
    "ZE000509<9CAN8501019F2301147<<<<<<<<<<<<<<08",
  ]
  /// The same with an `O` in the name and one in the document number.
  let withLetterO = [
    "P<CANMORTON<<SARAH<<<<<<<<<<<<<<<<<<<<<<<<<<",
    "ZEO00509<3CAN8501019F2301147<<<<<<<<<<<<<<00",
  ]

  /// Evidence as the readers give it: every cell read right by Tesseract
  /// with a clear glyph match, except that Tesseract reads `ocrAs` at the
  /// listed cells, and `0`/`O` cells score `zeroLead` (score of `0` minus
  /// score of `O`) as the truth's kind dictates.
  func evidence(
    _ lines: [String], ocrAs: [MRZPosition: Character] = [:], zeroLead: Double = 0.05,
    letterOLead: Double = -0.09
  ) -> [[MRZCellEvidence]] {
    lines.enumerated().map { line, text in
      text.enumerated().map { column, character in
        let position = MRZPosition(line: line, column: column)
        var scores: [(character: Character, score: Double)] = [(character, 0.9), ("X", 0.5)]
        if character == "0" || character == "O" {
          let lead = character == "0" ? zeroLead : letterOLead
          scores = [("0", 0.85 + lead / 2), ("O", 0.85 - lead / 2), ("D", 0.7)]
        }
        if character == "<" { scores = [("<", 0.95), ("K", 0.3)] }
        return MRZCellEvidence(
          glyphScores: scores, ocr: (ocrAs[position] ?? character, 0.95))
      }
    }
  }

  func verified(_ votes: [[MRZCharacterVotes]]) -> [String]? {
    var fusion = MRZFusion()
    var state = MRZFusion.State.collecting
    for _ in 0..<3 { state = fusion.add(MRZReading(lines: votes), today: today) }
    guard case .accepted(let record) = state else { return nil }
    return record.lines
  }

  func testZerosReadAsLettersAreJudgedByTheDatesZeros() {
    // Tesseract says O, O, D, S, O for the document number's 0, 0, 0, 5, 0.
    let misread: [MRZPosition: Character] = [
      MRZPosition(line: 1, column: 2): "O", MRZPosition(line: 1, column: 3): "O",
      MRZPosition(line: 1, column: 4): "D", MRZPosition(line: 1, column: 5): "S",
      MRZPosition(line: 1, column: 6): "O",
    ]
    let cells = evidence(canada, ocrAs: misread)
    XCTAssertNil(
      verified(cells.map { $0.map(\.votes) }),
      "without calibration five disputed characters under one check stay unresolved")
    let votes = MRZLookAlikeCalibration.votes(for: cells)
    XCTAssertEqual(votes[1][2].best, "0")
    XCTAssertEqual(votes[1][3].best, "0")
    XCTAssertEqual(votes[1][4].best, "0")
    XCTAssertEqual(votes[1][5].best, "5", "the glyphs are sure, and a check looks")
    XCTAssertEqual(votes[1][6].best, "0")
    XCTAssertEqual(verified(votes), canada)
  }

  func testLetterReferencesKeepALetterOInTheDocumentNumber() {
    // The name's O scores like letters; the document number's O does too.
    let cells = evidence(withLetterO, ocrAs: [MRZPosition(line: 1, column: 3): "O"])
    let votes = MRZLookAlikeCalibration.votes(for: cells)
    XCTAssertEqual(votes[1][2].best, "O", "scores like the name's O: a letter")
    XCTAssertEqual(votes[1][3].best, "0", "scores like the dates' zeros: a digit")
    XCTAssertEqual(verified(votes), withLetterO)
  }

  func testWithoutReferencesNothingIsDecided() {
    // Digits and letters score alike: the references say nothing.
    let cells = evidence(
      withLetterO, ocrAs: [MRZPosition(line: 1, column: 3): "O"], zeroLead: -0.05,
      letterOLead: -0.05)
    let votes = MRZLookAlikeCalibration.votes(for: cells)
    XCTAssertEqual(votes[1][3].best, "O", "Tesseract's reading stands")
  }

  func testFillerCellsAreNeverTouched() {
    let cells = evidence(canada, ocrAs: [MRZPosition(line: 1, column: 8): "O"])
    let votes = MRZLookAlikeCalibration.votes(for: cells)
    XCTAssertEqual(votes[1][8].best, "<")
  }

  func testTheGlyphsDecideOnlyWhereACheckLooks() {
    // Both readers disagree on the same character, decisively for the
    // glyphs: in the document number (checked) they win, in the name
    // (unchecked) the cell is contested.
    let glyphSure = MRZCellEvidence(
      glyphScores: [("8", 0.9), ("B", 0.7)], ocr: ("B", 0.95))
    XCTAssertEqual(glyphSure.votes(glyphsMayDecide: true).best, "8")
    let contested = glyphSure.votes(glyphsMayDecide: false)
    XCTAssertEqual(contested.candidates.count, 2)
    XCTAssertEqual(contested.candidates[0].weight, contested.candidates[1].weight)
    // 0.02 ahead: below both margins, Tesseract's reading stands.
    let unsure = MRZCellEvidence(glyphScores: [("F", 0.8), ("E", 0.78)], ocr: ("E", 0.95))
    XCTAssertEqual(unsure.votes(glyphsMayDecide: true).best, "E", "a close glyph call defers")
    XCTAssertEqual(unsure.votes(glyphsMayDecide: false).best, "E")
  }

  func testTesseractSettlesTheGlyphsTwoBestLetters() {
    // On faint prints the glyphs take E for F by up to 0.13, with E second;
    // Tesseract, reading E, names the glyphs' own runner-up: no contest.
    let nearTie = MRZCellEvidence(
      glyphScores: [("F", 0.72), ("E", 0.62), ("P", 0.5)], ocr: ("E", 0.99))
    let votes = nearTie.votes(glyphsMayDecide: false)
    XCTAssertEqual(votes.best, "E")
    XCTAssertLessThan(
      votes.candidates[1].weight, MRZFusion.contestedRatio * votes.candidates[0].weight)
    // A letter the glyphs rank lower (a visa's VD read VO) stays contested.
    let otherLetter = MRZCellEvidence(
      glyphScores: [("D", 0.749), ("P", 0.682), ("O", 0.39)], ocr: ("O", 0.95))
    let contested = otherLetter.votes(glyphsMayDecide: false)
    XCTAssertEqual(contested.candidates.count, 2)
    XCTAssertEqual(contested.candidates[0].weight, contested.candidates[1].weight)
  }

  func testATesseractLetterThatFitsNoGlyphContestsEvenANearTie() {
    // A stamp across a name: the glyphs' K barely leads, Tesseract reads R,
    // whose glyph fits the cell far worse.
    let stamped = MRZCellEvidence(
      glyphScores: [("K", 0.686), ("<", 0.666), ("R", 0.37)], ocr: ("R", 0.84))
    let contested = stamped.votes(glyphsMayDecide: false)
    XCTAssertEqual(contested.candidates.count, 2)
    XCTAssertEqual(contested.candidates[0].weight, contested.candidates[1].weight)
    // Unsure glyphs and a Tesseract letter 0.2 behind: Tesseract reads.
    let unsure = MRZCellEvidence(
      glyphScores: [("Q", 0.724), ("S", 0.72), ("G", 0.51)], ocr: ("G", 0.99))
    XCTAssertEqual(unsure.votes(glyphsMayDecide: false).best, "G")
  }

  func testAContestedUncheckedCellWithholdsTheMRZ() {
    var votes = canada.map { $0.map { MRZCharacterVotes([($0, 0.9)]) } }
    XCTAssertEqual(verified(votes), canada)
    // The name's M: as believed as an N. No check covers names.
    votes[0][5] = MRZCharacterVotes([("M", 0.8), ("N", 0.8)])
    XCTAssertNil(verified(votes))
    // Withheld, not "cannot be verified": every check digit holds.
    var fusion = MRZFusion()
    for _ in 0..<(2 * fusion.unverifiableAfter) {
      XCTAssertEqual(fusion.add(MRZReading(lines: votes), today: today), .collecting)
    }
    // A weak runner-up is no contest.
    votes[0][5] = MRZCharacterVotes([("M", 0.9), ("N", 0.3)])
    XCTAssertEqual(verified(votes), canada)
  }

  func testADecidedCellKeepsOnlyARivalSomeReaderVotedFor() {
    // Column 2 read right by both readers, column 3 read O by Tesseract.
    let cells = evidence(canada, ocrAs: [MRZPosition(line: 1, column: 3): "O"])
    let votes = MRZLookAlikeCalibration.votes(for: cells)
    XCTAssertEqual(votes[1][2].candidates.map(\.character), ["0"], "nobody read O here")
    XCTAssertEqual(votes[1][3].candidates.map(\.character), ["0", "O"])
  }

  func testTheGlyphsMayDecideACheckDigitCell() {
    // Tesseract reads the document number's check digit 9 as S; the glyph
    // match is sure. A wrong read there fails its own check.
    let cells = evidence(canada, ocrAs: [MRZPosition(line: 1, column: 9): "S"])
    XCTAssertEqual(cells[1][9].votes.best, "S")
    XCTAssertEqual(MRZLookAlikeCalibration.votes(for: cells)[1][9].best, "9")
  }
}
