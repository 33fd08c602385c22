/// What the first letter of a document code may be (ICAO Doc 9303): `P` on
/// passports (part 4), `A`, `C` or `I` on TD1 and TD2 cards (parts 5 and 6),
/// `V` on visas (part 7). The second letter is the issuer's choice.
///
/// No check digit covers the code, so this rule is the only check on it: a
/// card's `I` read as `T` or `L` (thin strokes, small prints) is refused
/// instead of returned.
public enum MRZDocumentCode {
  /// The letters a code of `format` may start with.
  public static func firstLetters(of format: MRZFormat) -> Set<Character> {
    switch format {
    case .td3: ["P"]
    case .td1, .td2: ["A", "C", "I"]
    case .mrvA, .mrvB: ["V"]
    }
  }

  /// Where a document code's first letter is: the zone's first character.
  public static let typePosition = MRZPosition(line: 0, column: 0)

  /// Whether `byte` is a first letter some document may have: a reader
  /// that reads anything else there has misread it, and its reading is no
  /// rival to the letter the others read (`MRZConfirmation`, `MRZFusion`).
  public static func isDocumentType(byte: UInt8) -> Bool {
    MRZFormat.allCases.contains { format in
      firstLetters(of: format).contains(Character(Unicode.Scalar(byte)))
    }
  }

  /// True when `code` (as printed, fillers included) may start a `format`
  /// document.
  public static func isAllowed(_ code: String, in format: MRZFormat) -> Bool {
    code.first.map(firstLetters(of: format).contains) ?? false
  }
}
