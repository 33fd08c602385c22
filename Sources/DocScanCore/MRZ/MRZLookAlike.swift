/// The OCR confusion table: characters that OCR-B text is commonly misread as.
///
/// | digit | letters  |
/// |-------|----------|
/// | `0`   | `O Q D`  |
/// | `1`   | `I L`    |
/// | `2`   | `Z`      |
/// | `4`   | `A`      |
/// | `5`   | `S`      |
/// | `6`   | `G`      |
/// | `7`   | `T`      |
/// | `8`   | `B`      |
///
/// In a numeric field a letter becomes its digit (`digit(for:)`); in a letter
/// field a digit becomes its first letter (`letter(for:)`: `0`→`O`, `1`→`I`),
/// so a `D` or `Q` misread as `0` in a name comes back as `O`. `3` and `9`
/// have no look-alike. `1`/`L` and `6`/`G` differ by 20 and 10 in value, so no
/// check digit can tell them apart.
public enum MRZLookAlike {
  /// Each group: the digit, then the letters that look like it.
  public static let groups: [String] = ["0ODQ", "1IL", "2Z", "4A", "5S", "6G", "7T", "8B"]

  /// The digit a letter is read for in a numeric field.
  public static func digit(for letter: Character) -> Character? {
    guard let group = group(of: letter), group.first != letter else { return nil }
    return group.first
  }

  /// The letter a digit is read for in a letter field.
  public static func letter(for digit: Character) -> Character? {
    guard let group = group(of: digit), group.first == digit else { return nil }
    return group.dropFirst().first
  }

  /// The other members of the character's group (empty when it has none).
  public static func alternatives(of character: Character) -> [Character] {
    group(of: character).map { $0.filter { $0 != character } } ?? []
  }

  /// The character a field of `kind` holds when `character` was read there:
  /// the character itself when the kind allows it, else its look-alike when
  /// the kind allows that, else nil (the reading cannot be right).
  public static func forced(_ character: Character, kind: MRZFieldKind) -> Character? {
    if kind.allows(character) { return character }
    let lookAlike = kind.isNumeric ? digit(for: character) : letter(for: character)
    return lookAlike.flatMap { kind.allows($0) ? $0 : nil }
  }

  private static func group(of character: Character) -> String? {
    groups.first { $0.contains(character) }
  }

  /// `forced(_:kind:)` on ASCII bytes, for the corrector.
  static func forced(byte: UInt8, kind: MRZFieldKind) -> UInt8? {
    if kind.allows(byte: byte) { return byte }
    guard byte < 128 else { return nil }
    return forced(Character(Unicode.Scalar(byte)), kind: kind)?.asciiValue
  }

  /// `alternatives(of:)` on ASCII bytes, without those no check digit can
  /// tell from `byte` (value differing by a multiple of 10).
  static func visibleAlternatives(of byte: UInt8) -> [UInt8] {
    guard byte < 128, let value = MRZCheckDigit.value(ofByte: byte) else { return [] }
    return alternatives(of: Character(Unicode.Scalar(byte))).compactMap { alternative in
      guard let other = alternative.asciiValue, let otherValue = MRZCheckDigit.value(ofByte: other),
        (otherValue - value) % 10 != 0
      else { return nil }
      return other
    }
  }
}
