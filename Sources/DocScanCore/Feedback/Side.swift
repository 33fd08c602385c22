/// The side of the document the session asks for now.
public enum Side: String, Sendable, CaseIterable {
  case front
  case back
  case barcode
}
