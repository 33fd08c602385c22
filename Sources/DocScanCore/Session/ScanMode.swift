/// Which sides and data a session needs (the element's `mode`).
///
public enum ScanMode: String, Sendable, CaseIterable {
  /// As the document needs: one side for a passport, visa or TD2; front,
  /// then back for a TD1 ID card.
  case combined
  /// The side with the MRZ only.
  case mrz
  /// Barcodes only (the symbologies of `barcode-types`), on a document or
  /// held alone.
  case barcode
  /// The front's pictures only (document image and portrait); nothing is read.
  case front
}
