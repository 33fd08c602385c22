/// Settles disputed letters of the codes no check digit covers, by the codes
/// that can exist: the document code's first letter and the issuer's and
/// nationality's country codes.
///
/// Where the readers disagree on such a letter (one view says `J`, another
/// `I`), the views' confirmation would withhold the MRZ for good, or
/// worse, the louder reader would win unseen. But the format allows only
/// some document codes (`MRZDocumentCode`: a card's starts with `A`, `C` or
/// `I`), and only one of `JPN` and `IPN` is a state (`MRZCountryCode`):
///
/// - In the document code's first cell, characters the format does not
///   allow are dropped when some reader voted for one it does.
/// - In a country code, when exactly one combination of the contenders
///   makes a known code, it is taken (a code that exists is far likelier
///   than a misread one) and the losing contenders are dropped. With no
///   known combination, or more than one, the dispute stands.
public enum MRZCodeSettling {
  /// The country-code fields.
  static let countryFields = ["issuer", "nationality"]

  /// `votes` with these disputes settled where the codes allow.
  public static func settle(_ votes: [[MRZCharacterVotes]], format: MRZFormat)
    -> [[MRZCharacterVotes]]
  {
    let layout = MRZLayout.of(format)
    guard votes.count == format.lineCount,
      votes.allSatisfy({ $0.count == format.lineLength })
    else { return votes }
    var settled = votes
    if let code = layout.field("document-code") {
      let first = votes[code.line][code.range.lowerBound]
      let allowed = MRZDocumentCode.firstLetters(of: format)
      let kept = first.candidates.filter { $0.weight > 0 && allowed.contains($0.character) }
      if !kept.isEmpty { settled[code.line][code.range.lowerBound] = MRZCharacterVotes(kept) }
    }
    for field in countryFields.compactMap(layout.field) {
      let cells = field.range.map { votes[field.line][$0] }
      let contenders = cells.map(Self.contenders)
      guard contenders.contains(where: { $0.count > 1 }),
        contenders.allSatisfy({ !$0.isEmpty })
      else { continue }
      let known = combinations(contenders).filter { MRZCountryCode.isKnown(code($0)) }
      guard known.count == 1, let choice = known.first else { continue }
      for (offset, column) in field.range.enumerated() {
        let losers = Set(contenders[offset]).subtracting([choice[offset]])
        settled[field.line][column] = MRZCharacterVotes(
          cells[offset].candidates.filter { !losers.contains($0.character) })
      }
    }
    return settled
  }

  /// One reader's own lines (`?` where it read nothing) with its disputes
  /// settled from that reader's own candidates (`votes`, one per cell): its
  /// opinion as a decoder that knows what the format allows reads it. The
  /// document code's first letter is settled among the letters any format
  /// of the zone's shape allows (a passport's `P` and a visa's `V` share a
  /// shape) before the format is told from it, and then as `settle` settles
  /// fused votes.
  ///
  /// A country code's letter that only the list of codes would change is
  /// left unread (`?`): the view abstains there, neither confirming nor
  /// dissenting (`MRZConfirmation`). The list is a prior, not a reading:
  /// applied to every view it made them agree on `BRB` where the page said
  /// `BMB`, a code the list does not hold (a rendered development clip),
  /// and a wrong nationality was returned.
  public static func settledOpinion(_ lines: [String], votes: [[MRZCharacterVotes]])
    -> [String]
  {
    var rows = lines.map { Array($0) }
    guard let length = rows.first?.count, votes.count == rows.count,
      zip(rows, votes).allSatisfy({ $0.count == length && $1.count == length })
    else { return lines }
    let allowed = MRZFormat.candidates(lineCount: rows.count, lineLength: length)
      .reduce(into: Set<Character>()) { $0.formUnion(MRZDocumentCode.firstLetters(of: $1)) }
    if let first = rows[0].first, first != "?", !allowed.contains(first),
      let letter = votes[0][0].candidates.first(where: {
        $0.weight > 0 && allowed.contains($0.character)
      })
    {
      rows[0][0] = letter.character
    }
    guard let format = MRZFormat.detect(lines: rows.map { String($0) }) else { return lines }
    let settled = settle(votes, format: format)
    let layout = MRZLayout.of(format)
    let codeCells = Set(
      countryFields.compactMap(layout.field).flatMap { field in
        field.range.map { MRZPosition(line: field.line, column: $0) }
      })
    for line in rows.indices {
      for column in rows[line].indices where rows[line][column] != "?" {
        guard settled[line][column] != votes[line][column] else { continue }
        let best = settled[line][column].best
        let inACode = codeCells.contains(MRZPosition(line: line, column: column))
        rows[line][column] = inACode && best != rows[line][column] ? "?" : best
      }
    }
    return rows.map { String($0) }
  }

  /// A runner-up with this share of the best's weight contests a code's
  /// letter.
  static let contestedRatio = 0.6

  /// The characters of a cell close enough to its best to contest it
  /// (`contestedRatio`), as a code's letters or its filler.
  static func contenders(_ votes: MRZCharacterVotes) -> [Character] {
    let legal = votes.candidates.filter {
      $0.weight > 0 && ($0.character.isLetter || $0.character == "<")
    }
    guard let top = legal.first?.weight else { return [] }
    return legal.filter { $0.weight >= contestedRatio * top }.map(\.character)
  }

  /// Every way of taking one contender per cell.
  static func combinations(_ contenders: [[Character]]) -> [[Character]] {
    contenders.reduce([[]]) { partial, options in
      partial.flatMap { prefix in options.map { prefix + [$0] } }
    }
  }

  /// The code as `MRZCountryCode` knows it: trailing fillers dropped
  /// (Germany is `D<<`).
  static func code(_ characters: [Character]) -> String {
    var text = String(characters)
    while text.hasSuffix("<") { text.removeLast() }
    return text
  }
}
