/// One barcode as the session sees it: the symbology's `barcode-types` name,
/// the payload's bytes exactly as encoded, and its text when the reader
/// knows it (a character set chosen by ECI or by the reader's guess).
public struct ScannedBarcode: Hashable, Sendable {
  /// The symbology, as `barcode-types` names it (`pdf417`, `qrcode`, ...).
  public var symbology: String
  public var bytes: [UInt8]
  /// The payload as text; nil when it is binary.
  public var text: String?

  public init(symbology: String, bytes: [UInt8], text: String? = nil) {
    self.symbology = symbology
    self.bytes = bytes
    self.text = text
  }
}
