/// A message structure as one line of JSON: an object with the structure's
/// fields, in order, under the same names. Strings are JSON strings, numbers
/// numbers, booleans booleans, arrays arrays, nested structures objects; a guint64 holding
/// GST_CLOCK_TIME_NONE (an unknown time) and a double that is not finite
/// are `null`, and a PNG image is its base64 text. The line is plain ASCII: control characters and everything
/// beyond ASCII are written as `\u` escapes (UTF-16, surrogate pairs for
/// characters outside the BMP), so no reader can misjudge its encoding.
public enum JSONLine {
  /// The JSON object, without a line break.
  public static func encode(_ structure: MessageStructure) -> String {
    var out = "{"
    for (index, field) in structure.fields.enumerated() {
      if index > 0 { out += "," }
      appendString(field.name, to: &out)
      out += ":"
      appendValue(field.value, to: &out)
    }
    out += "}"
    return out
  }

  /// A JSON string literal, quotes included.
  public static func quoted(_ text: String) -> String {
    var out = ""
    appendString(text, to: &out)
    return out
  }

  private static func appendValue(_ value: MessageStructure.Value, to out: inout String) {
    switch value {
    case .string(let text): appendString(text, to: &out)
    case .uint(let number): out += String(number)
    case .uint64(let number):
      out += number == MessageStructure.clockTimeNone ? "null" : String(number)
    case .double(let number): out += number.isFinite ? String(number) : "null"
    case .boolean(let flag): out += flag ? "true" : "false"
    case .strings(let texts):
      out += "["
      for (index, text) in texts.enumerated() {
        if index > 0 { out += "," }
        appendString(text, to: &out)
      }
      out += "]"
    case .doubles(let numbers):
      out += "[" + numbers.map { $0.isFinite ? String($0) : "null" }.joined(separator: ",") + "]"
    // A nested structure is an object of its fields (its name is not written).
    case .structure(let nested): out += encode(nested)
    case .png(let bytes): out += "\"" + Base64.encode(bytes) + "\""
    }
  }

  private static func appendString(_ text: String, to out: inout String) {
    out += "\""
    for unit in text.utf16 {
      switch unit {
      case 0x22: out += "\\\""
      case 0x5C: out += "\\\\"
      case 0x0A: out += "\\n"
      case 0x0D: out += "\\r"
      case 0x09: out += "\\t"
      case 0x08: out += "\\b"
      case 0x0C: out += "\\f"
      case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
      default: out += "\\u" + hex4(unit)
      }
    }
    out += "\""
  }

  private static func hex4(_ unit: UInt16) -> String {
    let digits = Array("0123456789abcdef")
    return String((0..<4).reversed().map { digits[Int(unit >> (UInt16($0) * 4)) & 0xF] })
  }
}
