/// Which sides and data a session needs (the element's `mode`).
///
/// Only the modes whose reading exists are offered: `front` comes with the
/// front's image.
public enum ScanMode: String, Sendable, CaseIterable {
  /// As the document needs: one side for a passport, visa or TD2; front,
  /// then back for a TD1 ID card.
  case combined
  /// The side with the MRZ only.
  case mrz
  /// Barcodes only (the symbologies of `barcode-types`), on a document or
  /// held alone.
  case barcode
}
