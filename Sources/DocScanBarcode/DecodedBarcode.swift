import CZXingShim
import DocScanCore

/// One barcode read from an image.
public struct DecodedBarcode: Sendable, Equatable {
  public var symbology: BarcodeSymbology
  /// The payload exactly as encoded (binary-safe; no character-set
  /// conversion).
  public var bytes: [UInt8]
  /// The payload as text: for zxing-cpp's text content, zxing-cpp's
  /// conversion (it follows ECI designators or guesses the character set);
  /// otherwise `bytes` when they are valid UTF-8 (ASCII included); else nil.
  public var text: String?
  /// Where the symbol is, in image pixels. For zxing-cpp's reads and zbar's
  /// QR, the symbol's four corners (top-left, top-right, bottom-right,
  /// bottom-left in the symbol's own orientation); for zbar's linear codes,
  /// the four corners of the box around the scan lines that read it; for a
  /// joined structured-append set, the box around its parts (empty when
  /// they were read from different images).
  public var corners: [Point]
  /// This symbol's place in a structured-append set, when it is one part of
  /// a set (nil otherwise, and for a set already joined).
  public var structuredAppend: StructuredAppendPart?
  /// The decoder passes that read this payload (`BarcodeReader.Source`'s
  /// names): independent readings of it.
  public var sources: Set<String>

  public init(
    symbology: BarcodeSymbology, bytes: [UInt8], text: String?, corners: [Point],
    structuredAppend: StructuredAppendPart? = nil, sources: Set<String> = []
  ) {
    self.symbology = symbology
    self.bytes = bytes
    self.text = text
    self.corners = corners
    self.structuredAppend = structuredAppend
    self.sources = sources
  }

  /// `bytes` as UTF-8, when they are valid UTF-8.
  static func utf8Text(_ bytes: [UInt8]) -> String? {
    String(validating: bytes, as: UTF8.self)
  }

  /// The text of a payload zxing-cpp decoded as `zxingText` with content
  /// type `contentType` (DOCSCAN_ZXING_CONTENT_*): zxing-cpp's text for
  /// text content, else the bytes when they are valid UTF-8 (binary content
  /// by zxing-cpp's rules includes control characters such as AAMVA's
  /// separators), else nil.
  static func zxingText(_ zxingText: String?, contentType: Int32, bytes: [UInt8]) -> String? {
    let isText = [
      DOCSCAN_ZXING_CONTENT_TEXT, DOCSCAN_ZXING_CONTENT_GS1, DOCSCAN_ZXING_CONTENT_ISO15434,
    ].contains(contentType)
    return isText ? zxingText : utf8Text(bytes)
  }

  /// The corners of the axis-aligned box around `points` (top-left,
  /// top-right, bottom-right, bottom-left); empty for no points.
  static func box(around points: [Point]) -> [Point] {
    guard let first = points.first else { return [] }
    var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
    for point in points.dropFirst() {
      minX = min(minX, point.x)
      minY = min(minY, point.y)
      maxX = max(maxX, point.x)
      maxY = max(maxY, point.y)
    }
    return [
      Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY),
      Point(x: minX, y: maxY),
    ]
  }
}

/// One symbol's place in a structured-append set (a payload split over
/// several symbols), as zxing-cpp reports it for PDF417 (Macro PDF417), QR
/// and Data Matrix. zbar does not report it.
public struct StructuredAppendPart: Sendable, Hashable {
  /// 0-based position in the set.
  public var index: Int
  /// How many symbols the set has; nil when this symbol does not say (a
  /// Macro PDF417 segment other than the last, without a segment count).
  public var count: Int?
  /// What the parts of one set share: PDF417 and Data Matrix's file id,
  /// QR's parity.
  public var id: String
  /// The symbol's ECI designators (character sets from a byte on), which
  /// hold on into the following parts when a set is joined.
  var ecis: [ECIDesignator] = []

  public init(index: Int, count: Int?, id: String) {
    self.index = index
    self.count = count
    self.id = id
  }
}

/// From byte `position` of a symbol's payload on, the character set is ECI
/// `eci`.
struct ECIDesignator: Sendable, Hashable {
  var eci: Int32
  var position: Int32
}
