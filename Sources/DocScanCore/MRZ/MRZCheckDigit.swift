/// The ICAO Doc 9303 part 3 check digit: character values (digits 0–9,
/// `A`–`Z` = 10–35, filler `<` = 0) weighted 7, 3, 1, 7, 3, 1, … and summed
/// modulo 10.
///
/// Because every weight is prime to 10, a single changed character is always
/// seen unless its value changes by a multiple of 10: `<`, `0`, `A`, `K`, `U`
/// (0, 0, 10, 20, 30) are interchangeable for the check, and so are e.g. `1`,
/// `B`, `L`, `V` or `6`, `G`, `Q`. Such substitutions, and any change outside
/// the checked ranges (names, nationality, sex, the document code), cannot be
/// found by the arithmetic; nothing built on check digits can see them.
public enum MRZCheckDigit {
  /// Value of an MRZ character for the check digit; nil outside the MRZ
  /// alphabet `0`–`9`, `A`–`Z`, `<`.
  public static func value(of character: Character) -> Int? {
    guard let byte = character.asciiValue else { return nil }
    return value(ofByte: byte)
  }

  /// The check digit of `text`. Characters outside the MRZ alphabet count as
  /// 0, as the filler does; validate with `value(of:)` first when that matters.
  public static func compute<S: StringProtocol>(_ text: S) -> Character {
    var sum = 0
    for (index, character) in text.enumerated() {
      sum += (value(of: character) ?? 0) * weight(at: index)
    }
    return digitCharacter(sum % 10)
  }

  /// Weight of the character at `index` (0-based) of a checked sequence.
  static func weight(at index: Int) -> Int {
    switch index % 3 {
    case 0: 7
    case 1: 3
    default: 1
    }
  }

  static func value(ofByte byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A")) + 10
    case UInt8(ascii: "<"): 0
    default: nil
    }
  }

  static func digitCharacter(_ digit: Int) -> Character {
    Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8(digit)))
  }
}
