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

  /// Two candidates with the same say: `MRZFusion` withholds the MRZ.
  func assertContested(
    _ votes: MRZCharacterVotes, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(votes.candidates.count, 2, file: file, line: line)
    XCTAssertEqual(
      votes.candidates.first?.weight, votes.candidates.last?.weight, file: file, line: line)
  }

  /// A runner-up too weak to contest the cell.
  func assertUncontested(
    _ votes: MRZCharacterVotes, file: StaticString = #filePath, line: UInt = #line
  ) {
    guard votes.candidates.count > 1 else { return }
    XCTAssertLessThan(
      votes.candidates[1].weight, MRZFusion.contestedRatio * votes.candidates[0].weight,
      file: file, line: line)
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
    assertContested(contested)
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
    assertUncontested(votes)
    // A letter the glyphs rank lower (a visa's VD read VO) stays contested.
    let otherLetter = MRZCellEvidence(
      glyphScores: [("D", 0.749), ("P", 0.682), ("O", 0.39)], ocr: ("O", 0.95))
    let contested = otherLetter.votes(glyphsMayDecide: false)
    assertContested(contested)
  }

  func testATesseractLetterThatFitsNoGlyphContestsEvenANearTie() {
    // A stamp across a name: the glyphs' K barely leads, Tesseract reads R,
    // whose glyph fits the cell far worse.
    let stamped = MRZCellEvidence(
      glyphScores: [("K", 0.686), ("<", 0.666), ("R", 0.37)], ocr: ("R", 0.84))
    let contested = stamped.votes(glyphsMayDecide: false)
    assertContested(contested)
    // Unsure glyphs and a Tesseract letter 0.2 behind: Tesseract reads.
    let unsure = MRZCellEvidence(
      glyphScores: [("Q", 0.724), ("S", 0.72), ("G", 0.51)], ocr: ("G", 0.99))
    XCTAssertEqual(unsure.votes(glyphsMayDecide: false).best, "G")
  }

  func testATesseractMisfitInACheckedCellIsOnlyADoubt() {
    // Spain's optional data: Tesseract reads 9 as I, a letter whose glyph
    // fits the cell 0.49 worse than the glyphs' 9.
    let nine = MRZCellEvidence(
      glyphScores: [("9", 0.762), ("Y", 0.62), ("I", 0.274)], ocr: ("I", 0.91))
    let votes = nine.votes(glyphsMayDecide: true)
    XCTAssertEqual(votes.best, "9")
    XCTAssertLessThan(
      votes.candidates[1].weight, MRZVoteResolver.runnerUpRatio * votes.candidates[0].weight,
      "the misfit is a doubt, never chosen")
    // The glyphs lead even when their own top two are close (an expiry
    // date's 1 read 9 by Tesseract).
    let one = MRZCellEvidence(
      glyphScores: [("1", 0.757), ("T", 0.691), ("9", 0.32)], ocr: ("9", 0.92))
    XCTAssertEqual(one.votes(glyphsMayDecide: true).best, "1")
    // A Tesseract character that fits (0.15 behind) still leads the close
    // call: an 8 the glyphs took for A, read B.
    let eight = MRZCellEvidence(
      glyphScores: [("A", 0.652), ("8", 0.641), ("B", 0.503)], ocr: ("B", 0.97))
    XCTAssertEqual(eight.votes(glyphsMayDecide: true).best, "B")
  }

  func testAMisfitThatWasRightLeavesTheCheckFailingNotWrong() {
    // Date of birth 850101, its 5 read 6 by the glyphs and 5 by a Tesseract
    // whose 5 fits the cell badly: the glyphs lead, the check fails, and
    // the doubt is not chosen to make it hold.
    var cells = evidence(canada)
    cells[1][14] = MRZCellEvidence(
      glyphScores: [("6", 0.8), ("G", 0.75), ("5", 0.5)], ocr: ("5", 0.95))
    let votes = MRZLookAlikeCalibration.votes(for: cells)
    XCTAssertEqual(votes[1][14].best, "6")
    XCTAssertNil(verified(votes))
  }

  func testTesseractSettlesATieForSecondOnlyWhenSure() {
    // Spain's names: the glyphs rank D, then Q 0.002 ahead of O; Tesseract
    // reads O, sure of it.
    let tied = MRZCellEvidence(
      glyphScores: [("D", 0.699), ("Q", 0.645), ("O", 0.643)], ocr: ("O", 0.99))
    let settled = tied.votes(glyphsMayDecide: false)
    XCTAssertEqual(settled.best, "O")
    assertUncontested(settled)
    // Unsure, the same reading contests the cell.
    let unsure = MRZCellEvidence(glyphScores: tied.glyphScores, ocr: ("O", 0.9))
    let contested = unsure.votes(glyphsMayDecide: false)
    assertContested(contested)
    // So does the glyphs' own runner-up read without certainty (Qatar's
    // stamped ALI read ATI with 0.91).
    let stamped = MRZCellEvidence(glyphScores: [("I", 0.86), ("T", 0.768)], ocr: ("T", 0.91))
    let votes = stamped.votes(glyphsMayDecide: false)
    assertContested(votes)
    // A lone glyph score has no runner-up to tie: a sure Tesseract letter
    // the matcher did not score still contests the cell.
    let lone = MRZCellEvidence(glyphScores: [("K", 0.8)], ocr: ("R", 0.99))
    assertContested(lone.votes(glyphsMayDecide: false))
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
