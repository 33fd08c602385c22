import CDocScanTestShim
import CZXingShim
import DocScanCore

/// The back of an ID-1 card carrying a PDF417 (an AAMVA driver licence's
/// back), drawn flat for `DeskScene.cardBack`.
public enum BarcodeCardBack {
  /// `payload` as a PDF417 (zxing-cpp's writer) on a light card of
  /// `width` x `height` pixels, the symbol across 84% of the width and
  /// below the middle; nil when zxing-cpp cannot encode it.
  public static func render(payload: String, width: Int = 900, height: Int = 567) -> LumaImage? {
    var columns: Int32 = 0
    var rows: Int32 = 0
    let format = UInt32(DOCSCAN_ZXING_PDF417)
    guard docscan_zxing_encode(format, payload, nil, 0, &columns, &rows) == -1 else { return nil }
    var modules = [UInt8](repeating: 0, count: Int(columns) * Int(rows))
    guard docscan_zxing_encode(format, payload, &modules, modules.count, &columns, &rows) == 1
    else { return nil }
    var card = LumaImage(width: width, height: height, fill: 225)
    let symbolWidth = Double(width) * 0.84
    let module = symbolWidth / Double(columns)
    // PDF417 rows are three modules tall in zxing-cpp's output already.
    let symbolHeight = module * Double(rows)
    let left = (Double(width) - symbolWidth) / 2
    let top = Double(height) * 0.92 - symbolHeight
    for y in 0..<height {
      let row = Int((Double(y) - top) / module)
      guard Double(y) >= top, row < Int(rows) else { continue }
      for x in 0..<width {
        let column = Int((Double(x) - left) / module)
        guard Double(x) >= left, column < Int(columns) else { continue }
        if modules[row * Int(columns) + column] != 0 { card[x, y] = 25 }
      }
    }
    // A printed band above the symbol, as on a real back.
    for y in Int(Double(height) * 0.08)..<Int(Double(height) * 0.14) {
      for x in Int(left)..<Int(left + symbolWidth * 0.6) { card[x, y] = 90 }
    }
    return card
  }
}
