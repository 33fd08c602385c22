/// Reads barcodes in an image for the session. The element's glue gives the
/// session one (zbar and zxing-cpp, `DocScanBarcode`), made once per start
/// for the symbologies of `barcode-types`; the core itself decodes nothing.
public protocol BarcodeScanning: Sendable {
  /// The barcodes in `image`, each once.
  func read(_ image: LumaImage) -> [ScannedBarcode]
}
