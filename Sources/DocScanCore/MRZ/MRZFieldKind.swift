/// Which characters a field may hold (ICAO Doc 9303 part 3, "n", "a", "a/n"
/// fields, with the filler `<` where ICAO allows it). The corrector only
/// changes a character where its kind forces it.
public enum MRZFieldKind: Sendable, Equatable, CaseIterable {
  /// `0`–`9`, or `<` for the parts of a date that are unknown (dates of
  /// birth and of expiry).
  case digitsOrFiller
  /// `A`–`Z` and the filler (document code, issuer, nationality, names).
  case letters
  /// `A`–`Z`, `0`–`9` and the filler (document number, optional data).
  case alphanumeric
  /// `M`, `F`, `X`, or `<` for unspecified.
  case sex
  /// `0`–`9`, or `<` where the check allows it (an empty personal number, the
  /// TD1 long document number); whether it holds is the check's business.
  case checkDigit

  /// Whether `character` may stand in a field of this kind.
  public func allows(_ character: Character) -> Bool {
    guard let byte = character.asciiValue else { return false }
    return allows(byte: byte)
  }

  /// Whether the kind holds digits (letters in such a field are OCR errors).
  public var isNumeric: Bool {
    switch self {
    case .digitsOrFiller, .checkDigit: true
    case .letters, .alphanumeric, .sex: false
    }
  }

  /// Whether the kind holds letters (digits in such a field are OCR errors).
  public var isAlphabetic: Bool { self == .letters || self == .sex }

  func allows(byte: UInt8) -> Bool {
    let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    let isLetter = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    let isFiller = byte == UInt8(ascii: "<")
    switch self {
    case .digitsOrFiller, .checkDigit: return isDigit || isFiller
    case .letters: return isLetter || isFiller
    case .alphanumeric: return isDigit || isLetter || isFiller
    case .sex:
      switch byte {
      case UInt8(ascii: "M"), UInt8(ascii: "F"), UInt8(ascii: "X"), UInt8(ascii: "<"): return true
      default: return false
      }
    }
  }
}
