import DocScanBarcode
import DocScanCore

/// The real decoders as the element hands them to the session (PDF417 only).
struct SessionDecoders: BarcodeScanning {
  let reader = BarcodeReader()

  func read(_ image: LumaImage) -> [ScannedBarcode] {
    reader.read(image, symbologies: [.pdf417]).map {
      ScannedBarcode(symbology: "pdf417", bytes: $0.bytes, text: $0.text, sources: $0.sources)
    }
  }
}
