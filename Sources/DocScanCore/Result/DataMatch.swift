/// Whether two sides that both carry data agree (SPEC `data-match`).
public enum DataMatch: String, Sendable, CaseIterable {
  case match
  case mismatch
  /// Only one source of data was read.
  case notAvailable = "not-available"
}
