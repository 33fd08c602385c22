/// What a `mode=barcode` session has read: each distinct barcode (symbology
/// and bytes) is reported once per session, and the first frame with a new
/// barcode gives the result.
struct BarcodeFlow: Sendable {
  private var reported = Set<ScannedBarcode>()

  /// The barcodes of `found` not reported before in this session, in
  /// order; they count as reported from now on.
  mutating func newBarcodes(_ found: [ScannedBarcode]) -> [ScannedBarcode] {
    found.filter { reported.insert($0).inserted }
  }

  /// The barcode a result is made of when several are new in one frame:
  /// the first AAMVA payload (a card's data beats a stray code), else the
  /// first.
  static func resultBarcode(_ barcodes: [ScannedBarcode]) -> ScannedBarcode? {
    barcodes.first { $0.aamva != nil } ?? barcodes.first
  }
}
