import DocScanCore

/// The bytes as a barcode payload: a parse either gives a record or throws.
enum AAMVAParserFuzz {
  static func run(_ bytes: [UInt8]) {
    _ = AAMVAParser.looksLikeAAMVA(bytes)
    _ = try? AAMVAParser.parse(bytes)
  }
}
