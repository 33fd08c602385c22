/// Settles a disputed letter of the issuer or nationality by the codes that
/// exist.
///
/// No check digit covers these two codes, so a cell where the readers
/// disagree (the glyphs say `J`, Tesseract `I`) would stay contested and
/// withhold the MRZ. But only one of `JPN` and `IPN` is a state: when
/// exactly one combination of the contenders makes a known code
/// (`MRZCountryCode`), it is the only reading the checks could ever accept,
/// so it is taken and the losing contenders are dropped. With no known
/// combination, or more than one, nothing changes and the dispute stands.
public enum MRZCountryCodeSettling {
  /// The fields this applies to.
  static let fieldNames = ["issuer", "nationality"]

  /// `votes` with the issuer's and nationality's disputes settled where
  /// the known codes allow exactly one reading.
  public static func settle(_ votes: [[MRZCharacterVotes]], format: MRZFormat)
    -> [[MRZCharacterVotes]]
  {
    let layout = MRZLayout.of(format)
    guard votes.count == format.lineCount,
      votes.allSatisfy({ $0.count == format.lineLength })
    else { return votes }
    var settled = votes
    for field in fieldNames.compactMap(layout.field) {
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

  /// The characters of a cell close enough to its best to contest it
  /// (`MRZFusion.contestedRatio`), as a code's letters or its filler.
  static func contenders(_ votes: MRZCharacterVotes) -> [Character] {
    let legal = votes.candidates.filter {
      $0.weight > 0 && ($0.character.isLetter || $0.character == "<")
    }
    guard let top = legal.first?.weight else { return [] }
    return legal.filter { $0.weight >= MRZFusion.contestedRatio * top }.map(\.character)
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
