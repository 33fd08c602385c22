/// One barcode as the session sees it: the symbology's `barcode-types` name,
/// the payload's bytes exactly as encoded, and its text when the reader
/// knows it (a character set chosen by ECI or by the reader's guess).
///
/// An AAMVA payload is parsed once, when the barcode is made (or its bytes
/// change): the side flow, the messages and the result all read `aamva`.
public struct ScannedBarcode: Hashable, Sendable {
  /// The symbology, as `barcode-types` names it (`pdf417`, `qrcode`, ...).
  public var symbology: String
  public var bytes: [UInt8] {
    didSet { aamva = try? AAMVAParser.parse(bytes) }
  }
  /// The payload as text; nil when it is binary.
  public var text: String?
  /// The decoder passes that read this payload in the image (for example
  /// zxing-cpp with each of its binarizers, and zbar): each is an
  /// independent reading for `BarcodeConfirmation`. Empty when the reader
  /// does not say.
  public var sources: Set<String>
  /// The card's fields when the payload is an AAMVA DL/ID file.
  public private(set) var aamva: AAMVARecord?

  public init(symbology: String, bytes: [UInt8], text: String? = nil, sources: Set<String> = []) {
    self.symbology = symbology
    self.bytes = bytes
    self.text = text
    self.sources = sources
    self.aamva = try? AAMVAParser.parse(bytes)
  }

  // `aamva` follows from the bytes and `sources` says who read them: neither
  // takes part in equality.
  public static func == (lhs: ScannedBarcode, rhs: ScannedBarcode) -> Bool {
    lhs.symbology == rhs.symbology && lhs.bytes == rhs.bytes && lhs.text == rhs.text
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(symbology)
    hasher.combine(bytes)
    hasher.combine(text)
  }
}
