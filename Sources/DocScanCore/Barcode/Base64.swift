/// RFC 4648 base64 with padding, for binary barcode payloads (the core has
/// no Foundation).
public enum Base64 {
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  public static func encode(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let count = min(3, bytes.count - index)
      var group = UInt32(bytes[index]) << 16
      if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
      if count > 2 { group |= UInt32(bytes[index + 2]) }
      for position in 0..<4 {
        let sextet = Int((group >> (18 - 6 * UInt32(position))) & 0x3F)
        out.append(position <= count ? alphabet[sextet] : UInt8(ascii: "="))
      }
      index += 3
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// nil when `text` is not padded base64.
  public static func decode(_ text: String) -> [UInt8]? {
    let characters = Array(text.utf8)
    guard characters.count % 4 == 0 else { return nil }
    var values: [UInt8: UInt32] = [:]
    for (value, character) in alphabet.enumerated() { values[character] = UInt32(value) }
    var out: [UInt8] = []
    var index = 0
    while index < characters.count {
      var group: UInt32 = 0
      var padding = 0
      for position in 0..<4 {
        let character = characters[index + position]
        if character == UInt8(ascii: "="), index + 4 == characters.count, position >= 2 {
          padding += 1
          group <<= 6
          continue
        }
        guard padding == 0, let value = values[character] else { return nil }
        group = group << 6 | value
      }
      out.append(UInt8(group >> 16))
      if padding < 2 { out.append(UInt8((group >> 8) & 0xFF)) }
      if padding < 1 { out.append(UInt8(group & 0xFF)) }
      index += 4
    }
    return out
  }
}
