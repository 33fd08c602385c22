import DocScanBarcode
import DocScanCore

/// The session's `BarcodeScanning`, done by `BarcodeReader` (zbar and
/// zxing-cpp) for a fixed set of symbologies. A structured-append set whose
/// symbols are all in the image comes back joined; a symbol of a set shown
/// alone comes back as the symbol it is (its own payload, as zbar and
/// zxing-cpp's tools report it).
final class SessionBarcodeReader: BarcodeScanning {
  let symbologies: Set<BarcodeSymbology>
  private let reader = BarcodeReader()

  init(symbologies: Set<BarcodeSymbology>) {
    self.symbologies = symbologies
  }

  /// The `barcode-types` spelling of what is read, for the log.
  var typesDescription: String {
    symbologies.isEmpty ? "none" : BarcodeSymbology.list(symbologies)
  }

  func read(_ image: LumaImage) -> [ScannedBarcode] {
    guard !symbologies.isEmpty else { return [] }
    return reader.read(image, symbologies: symbologies).map {
      ScannedBarcode(
        symbology: $0.symbology.name, bytes: $0.bytes, text: $0.text, sources: $0.sources)
    }
  }
}
