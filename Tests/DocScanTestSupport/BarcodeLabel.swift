import CDocScanTestShim
import CZXingShim
import DocScanCore

/// A printed barcode label: one symbol of any format zxing-cpp writes (QR
/// code, Code 128, EAN-13, ...) centred on a light card, drawn flat for
/// `DeskScene.page`. Linear codes are drawn as bars 45% of the card's
/// height; 2D symbols with square modules, 60% of the card's height.
public enum BarcodeLabel {
  /// `text` as a symbol of `format` (DOCSCAN_ZXING_*) on a card of `width`
  /// x `height` pixels; nil when zxing-cpp cannot encode it.
  public static func render(
    format: UInt32, text: String, width: Int = 900, height: Int = 567
  ) -> LumaImage? {
    var columns: Int32 = 0
    var rows: Int32 = 0
    guard docscan_zxing_encode(format, text, nil, 0, &columns, &rows) == -1 else { return nil }
    var modules = [UInt8](repeating: 0, count: Int(columns) * Int(rows))
    guard docscan_zxing_encode(format, text, &modules, modules.count, &columns, &rows) == 1
    else { return nil }
    var card = LumaImage(width: width, height: height, fill: 230)
    let linear = rows == 1
    // Linear: as wide as the card allows with a 10-module quiet zone on
    // each side; 2D: square modules, 4-module quiet zone inside the card.
    let module =
      linear
      ? Double(width) / Double(Int(columns) + 20)
      : Double(height) * 0.6 / Double(rows)
    let symbolWidth = module * Double(columns)
    let symbolHeight = linear ? Double(height) * 0.45 : module * Double(rows)
    let left = (Double(width) - symbolWidth) / 2
    let top = (Double(height) - symbolHeight) / 2
    for y in Int(top)..<min(height, Int(top + symbolHeight)) {
      let row = linear ? 0 : min(Int(rows) - 1, Int((Double(y) - top) / module))
      for x in Int(left)..<min(width, Int(left + symbolWidth)) {
        let column = min(Int(columns) - 1, Int((Double(x) - left) / module))
        if modules[row * Int(columns) + column] != 0 { card[x, y] = 25 }
      }
    }
    return card
  }
}
