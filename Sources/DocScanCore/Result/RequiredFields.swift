/// Reading typed messages back: a field that must be there.
extension MessageStructure {
  /// The field read by `read`, or a decoding error naming it.
  func required<T>(_ name: String, _ read: (String) -> T?) throws -> T {
    guard let value = read(name) else { throw MessageDecodingError(field: name) }
    return value
  }

  /// A string field holding one of an enumeration's raw values.
  func required<T: RawRepresentable>(_ name: String, as type: T.Type) throws -> T
  where T.RawValue == String {
    guard let raw = string(name), let value = T(rawValue: raw) else {
      throw MessageDecodingError(field: name)
    }
    return value
  }
}
