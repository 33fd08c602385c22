/// One data element of a subfile, kept as read so that every field of the barcode
/// can be shown, including those the record does not map (`barcode-fields`).
public struct AAMVAElement: Sendable, Equatable, Hashable {
  /// The 3-character element ID, e.g. `DAQ`, `DCS` or a jurisdiction's `ZVA`.
  public var id: String
  /// The value with padding spaces and control characters trimmed from both ends.
  public var value: String

  public init(id: String, value: String) {
    self.id = id
    self.value = value
  }
}
