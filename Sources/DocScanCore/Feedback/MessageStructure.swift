/// A bus message's content as named, typed fields: what the GStreamer glue
/// turns into a `GstStructure`, and what tests read back from one.
public struct MessageStructure: Equatable, Sendable {
  public indirect enum Value: Equatable, Sendable {
    case string(String)
    case uint(UInt32)
    case uint64(UInt64)
    case double(Double)
    case boolean(Bool)
    case strings([String])
    case doubles([Double])
    /// A nested structure (a `GstStructure` field, e.g. `barcode-fields`).
    case structure(MessageStructure)
    /// A PNG file's bytes: a `GstSample` with `image/png` caps on the bus,
    /// base64 in a JSON line.
    case png([UInt8])
  }

  public struct Field: Equatable, Sendable {
    public var name: String
    public var value: Value

    public init(_ name: String, _ value: Value) {
      self.name = name
      self.value = value
    }
  }

  public var name: String
  public var fields: [Field]

  public init(name: String, fields: [Field] = []) {
    self.name = name
    self.fields = fields
  }

  public subscript(name: String) -> Value? {
    fields.first { $0.name == name }?.value
  }

  public mutating func append(_ name: String, _ value: Value) {
    fields.append(Field(name, value))
  }

  // Typed readers, nil when the field is absent or of another type.
  public func string(_ name: String) -> String? {
    if case .string(let value)? = self[name] { return value }
    return nil
  }
  public func uint(_ name: String) -> UInt32? {
    if case .uint(let value)? = self[name] { return value }
    return nil
  }
  public func uint64(_ name: String) -> UInt64? {
    if case .uint64(let value)? = self[name] { return value }
    return nil
  }
  public func double(_ name: String) -> Double? {
    if case .double(let value)? = self[name] { return value }
    return nil
  }
  public func boolean(_ name: String) -> Bool? {
    if case .boolean(let value)? = self[name] { return value }
    return nil
  }
  public func strings(_ name: String) -> [String]? {
    if case .strings(let value)? = self[name] { return value }
    return nil
  }
  public func doubles(_ name: String) -> [Double]? {
    if case .doubles(let value)? = self[name] { return value }
    return nil
  }
  public func structure(_ name: String) -> MessageStructure? {
    if case .structure(let value)? = self[name] { return value }
    return nil
  }
  public func png(_ name: String) -> [UInt8]? {
    if case .png(let value)? = self[name] { return value }
    return nil
  }
}

/// Why a structure could not be read as a docscan message.
public struct MessageDecodingError: Error, Equatable, CustomStringConvertible {
  public var field: String
  public var description: String { "missing or invalid field '\(field)'" }

  public init(field: String) { self.field = field }
}
