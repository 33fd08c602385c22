/// The `barcode-type`, `barcode-data` and `barcode-data-base64` fields that
/// side and result messages share.
extension MessageStructure {
  mutating func appendBarcode(type: String?, data: BarcodeData?) {
    if let type { append("barcode-type", .string(type)) }
    guard let data else { return }
    append("barcode-data", .string(data.text))
    // Only binary payloads carry the flag; its absence means text.
    if data.isBase64 { append("barcode-data-base64", .boolean(true)) }
  }

  func barcodeData() -> BarcodeData? {
    string("barcode-data").map {
      BarcodeData(text: $0, isBase64: boolean("barcode-data-base64") ?? false)
    }
  }
}
