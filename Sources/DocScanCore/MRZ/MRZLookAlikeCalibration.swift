/// Tells look-alike digits and letters apart (`0`/`O`, `8`/`B`, `5`/`S` …)
/// in the MRZ's alphanumeric fields by comparing each cell with cells of the
/// same MRZ whose kind settles what they are.
///
/// At the sizes a desk camera or a small scan gives, OCR-B's `0` and `O`
/// differ by a pixel or less, and both readers guess: Tesseract mostly says
/// `O`, the glyph matcher's scores for the two are within a few hundredths.
/// But the difference between the two scores is steady within one print (the
/// same ink, blur and scale), so the cells where the field kind decides it
/// (dates and check digits can only hold digits; names, codes only letters)
/// show how this print's digits and letters score, and a document number's
/// cell is judged by which of them it resembles. Only document numbers and
/// optional data need it: elsewhere the kind decides (`MRZLookAlike`).
///
/// The decision is made only when the references are clear; otherwise the
/// cell keeps both candidates and the check digits may choose
/// (`MRZVoteResolver`). A decided cell keeps the other character as a weak
/// candidate when a reader voted for it, so a check that fails still shows
/// the doubt.
public enum MRZLookAlikeCalibration {
  /// A pair is decided only when the cell's score difference lies at least
  /// this share of the digit/letter gap away from the midpoint.
  public static let marginOfGap = 0.1
  /// With digit references only: the cell must score as a digit at least as
  /// well as their mean less this many standard deviations (and letters
  /// are never decided from digits alone, nor digits from letters alone
  /// the other way round).
  public static let deviations = 2.0
  /// ... less this much more (a print's digits may score very evenly).
  public static let floorTolerance = 0.005
  /// At least this many references of a kind are needed to use them.
  public static let minimumReferences = 2
  /// The weight left to the character not chosen.
  public static let doubtWeight = 0.25

  /// Votes for every cell: `MRZCellEvidence.votes(glyphsMayDecide:)`, the
  /// glyphs allowed to decide where a check digit covers the cell, with the
  /// look-alike pairs in alphanumeric fields decided where this print's
  /// references allow. Rows whose shape is no MRZ format are returned as
  /// plain votes.
  public static func votes(for rows: [[MRZCellEvidence]]) -> [[MRZCharacterVotes]] {
    let plain = rows.map { $0.map(\.votes) }
    guard let format = MRZFormat.detect(lines: plain.map { String($0.map(\.best)) }) else {
      return plain
    }
    let layout = MRZLayout.of(format)
    let kinds = layout.kinds
    guard kinds.count == rows.count, zip(kinds, rows).allSatisfy({ $0.count == $1.count }) else {
      return plain
    }
    // A check digit's own cell counts as covered: a wrong choice there
    // fails its check.
    let checked = Set(
      layout.checks.flatMap { check in
        check.spans.flatMap { span in span.range.map { MRZPosition(line: span.line, column: $0) } }
          + [check.digit]
      })
    var votes = rows.indices.map { line in
      rows[line].indices.map { column in
        rows[line][column].votes(
          glyphsMayDecide: checked.contains(MRZPosition(line: line, column: column)))
      }
    }
    for (digit, letter) in pairs {
      let cells = rows.indices.flatMap { line in
        rows[line].indices.map { column in
          Cell(
            line: line, column: column, kind: kinds[line][column],
            evidence: rows[line][column], digit: digit, letter: letter)
        }
      }.filter { $0.difference != nil }
      let digitReferences = cells.filter { $0.kind.isNumeric && $0.glyphGroupLeads }
        .compactMap(\.difference)
      let letterReferences = cells.filter { $0.kind == .letters && $0.glyphPairLeads }
        .compactMap(\.difference)
      guard let rule = Rule(digits: digitReferences, letters: letterReferences) else { continue }
      for cell in cells where cell.kind == .alphanumeric {
        let best = votes[cell.line][cell.column].best
        guard best == digit || best == letter else { continue }
        guard let difference = cell.difference, let isDigit = rule.isDigit(difference) else {
          continue
        }
        let chosen = isDigit ? digit : letter
        // What the readers voted for besides stays, weakly: a candidate
        // nobody read would only add doubt, and another pair's decision on
        // this cell must not drop this one's rival.
        let others = votes[cell.line][cell.column].candidates
          .filter { $0.character != chosen }
          .map { (character: $0.character, weight: min($0.weight, doubtWeight)) }
        votes[cell.line][cell.column] = MRZCharacterVotes([(chosen, 1)] + others)
      }
    }
    return votes
  }

  /// Every look-alike digit/letter pair (`MRZLookAlike.groups`).
  static let pairs: [(digit: Character, letter: Character)] = MRZLookAlike.groups.flatMap {
    group in group.dropFirst().map { (group.first!, $0) }
  }

  /// One cell seen for one pair.
  private struct Cell {
    var line: Int
    var column: Int
    var kind: MRZFieldKind
    /// Digit score minus letter score; nil when the matcher scored neither.
    var difference: Double?
    /// The glyph matcher's best is one of the pair.
    var glyphPairLeads: Bool
    /// The glyph matcher's best is in the digit's look-alike group: in a
    /// digit field that cell is the digit (`0` references come from cells
    /// led by `0`, `O`, `D` or `Q`).
    var glyphGroupLeads: Bool

    init(
      line: Int, column: Int, kind: MRZFieldKind, evidence: MRZCellEvidence, digit: Character,
      letter: Character
    ) {
      self.line = line
      self.column = column
      self.kind = kind
      let scores = evidence.glyphScores
      let digitScore = scores.first { $0.character == digit }?.score
      let letterScore = scores.first { $0.character == letter }?.score
      difference = digitScore.flatMap { d in letterScore.map { d - $0 } }
      let lead = scores.first?.character
      glyphPairLeads = lead == digit || lead == letter
      let group = MRZLookAlike.groups.first { $0.first == digit } ?? ""
      glyphGroupLeads = lead.map { group.contains($0) } ?? false
    }
  }

  /// How a difference is judged, from this print's references.
  private enum Rule {
    /// Both kinds seen: digits above `threshold + margin`, letters below
    /// `threshold - margin`, undecided between.
    case midpoint(threshold: Double, margin: Double)
    /// Only digits seen: at or above `floor` is a digit, below undecided.
    case digitFloor(Double)

    init?(digits: [Double], letters: [Double]) {
      let minimum = MRZLookAlikeCalibration.minimumReferences
      guard digits.count >= minimum else { return nil }
      let digitMean = Self.mean(digits)
      if letters.count >= minimum {
        let letterMean = Self.mean(letters)
        // Digits must score as digits better than letters do, or the
        // references say nothing.
        guard digitMean > letterMean else { return nil }
        self = .midpoint(
          threshold: (digitMean + letterMean) / 2,
          margin: MRZLookAlikeCalibration.marginOfGap * (digitMean - letterMean))
      } else {
        let deviation = Self.standardDeviation(digits, mean: digitMean)
        self = .digitFloor(
          digitMean - MRZLookAlikeCalibration.deviations * deviation
            - MRZLookAlikeCalibration.floorTolerance)
      }
    }

    /// True for a digit, false for a letter, nil when undecided.
    func isDigit(_ difference: Double) -> Bool? {
      switch self {
      case .midpoint(let threshold, let margin):
        if difference >= threshold + margin { return true }
        if difference <= threshold - margin { return false }
        return nil
      case .digitFloor(let floor):
        return difference >= floor ? true : nil
      }
    }

    private static func mean(_ values: [Double]) -> Double {
      values.reduce(0, +) / Double(values.count)
    }

    private static func standardDeviation(_ values: [Double], mean: Double) -> Double {
      (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count))
        .squareRoot()
    }
  }
}
