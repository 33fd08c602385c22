/// Byte-level helpers for payload text. AAMVA values are meant to be ASCII, but
/// cards carry accented names too: a value that is valid UTF-8 is read as UTF-8,
/// any other as ISO-8859-1 (Latin-1), where every byte is one character, so no
/// byte is ever dropped or replaced and decoding cannot fail.
enum AAMVAText {
  static func decode(_ bytes: ArraySlice<UInt8>) -> String {
    if bytes.allSatisfy({ $0 < 0x80 }) {
      return String(decoding: bytes, as: UTF8.self)
    }
    // Decoding replaces invalid sequences with U+FFFD, so the bytes come back
    // unchanged exactly when they were valid UTF-8.
    let utf8 = String(decoding: bytes, as: UTF8.self)
    if utf8.utf8.elementsEqual(bytes) {
      return utf8
    }
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: bytes.map { Unicode.Scalar($0) })
    return String(scalars)
  }

  /// `bytes` without spaces and control characters at either end: the padding
  /// of fixed-length fields and stray CRs of keyboard-wedge scanners.
  static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var slice = bytes
    while let first = slice.first, isPadding(first) { slice = slice.dropFirst() }
    while let last = slice.last, isPadding(last) { slice = slice.dropLast() }
    return slice
  }

  /// Payload bytes as printable text for error messages: printable ASCII as is,
  /// anything else as `\xNN`.
  static func escaped(_ bytes: ArraySlice<UInt8>) -> String {
    var text = ""
    for byte in bytes {
      if byte >= 0x20 && byte < 0x7F {
        text.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        text += "\\x" + (hex.count < 2 ? "0" + hex : hex)
      }
    }
    return text
  }

  /// The value of a run of ASCII digits; nil when empty or any byte is no digit.
  static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
    guard !bytes.isEmpty, bytes.count <= 9, bytes.allSatisfy(isDigit) else { return nil }
    return bytes.reduce(0) { $0 * 10 + Int($1 - 0x30) }
  }

  static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
  static func isUppercase(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
  static func isLowercase(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }

  static func isAlphanumeric(_ byte: UInt8) -> Bool {
    isDigit(byte) || isUppercase(byte) || isLowercase(byte)
  }

  /// Whether `bytes` is an upper-case letter followed by upper-case letters or
  /// digits: the shape of subfile types (`DL`, `ZV`) and element IDs (`DAQ`).
  static func isCode(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard let first = bytes.first, isUppercase(first) else { return false }
    return bytes.dropFirst().allSatisfy { isUppercase($0) || isDigit($0) }
  }

  private static func isPadding(_ byte: UInt8) -> Bool { byte <= 0x20 || byte == 0x7F }
}
