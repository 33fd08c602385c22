/// A payload as the `barcode-data` string field: its text when it has one
/// without NUL (the reader's, which follows ECI character sets; else the
/// bytes when they are valid UTF-8), otherwise the bytes in base64 (RFC
/// 4648, padded), flagged by `barcode-data-base64`. A GstStructure string
/// ends at a NUL, so a NUL can only travel in base64.
public struct BarcodeData: Equatable, Sendable {
  public var text: String
  /// `text` is the payload in base64.
  public var isBase64: Bool

  public init(text: String, isBase64: Bool) {
    self.text = text
    self.isBase64 = isBase64
  }

  public init(bytes: [UInt8], text: String? = nil) {
    if let text, !text.utf8.contains(0) {
      self.init(text: text, isBase64: false)
    } else if !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) {
      self.init(text: text, isBase64: false)
    } else {
      self.init(text: Base64.encode(bytes), isBase64: true)
    }
  }

  public init(_ barcode: ScannedBarcode) {
    self.init(bytes: barcode.bytes, text: barcode.text)
  }

  /// The payload's bytes again (of the text, as UTF-8, when it is text);
  /// nil for base64 that does not decode.
  public var bytes: [UInt8]? {
    isBase64 ? Base64.decode(text) : Array(text.utf8)
  }
}
