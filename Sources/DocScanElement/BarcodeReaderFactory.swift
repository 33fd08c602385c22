import CDocScanElement
import DocScanBarcode
import DocScanCore

/// Makes the barcode reader an element uses, once per start, for the
/// symbologies of `barcode-types`.
enum BarcodeReaderFactory {
  /// The reader for `types` (nil = every symbology); throws a
  /// `StartupProblem` naming the first unknown name.
  static func make(types: String?) throws -> SessionBarcodeReader {
    guard let types else { return SessionBarcodeReader(symbologies: Set(BarcodeSymbology.all)) }
    do {
      return SessionBarcodeReader(symbologies: try BarcodeSymbology.parse(list: types))
    } catch {
      throw StartupProblem(
        kind: DOCSCAN_START_BARCODE_TYPE_UNKNOWN, description: "barcode-types: \(error)")
    }
  }
}
