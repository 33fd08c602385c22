/// A column range of one MRZ line.
///
/// Lines and columns count from 0: ICAO position `p` (1-based) of line `l` is
/// `line: l - 1`, column `p - 1`.
public struct MRZSpan: Sendable, Equatable {
  public var line: Int
  public var range: Range<Int>

  public init(line: Int, range: Range<Int>) {
    self.line = line
    self.range = range
  }
}

/// One character of the zone, 0-based like `MRZSpan`.
public struct MRZPosition: Sendable, Hashable {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }
}

/// A named field of a format: where it is and what it may hold.
public struct MRZField: Sendable, Equatable {
  /// Stable name, e.g. `document-number` or `date-of-birth-check`.
  public var name: String
  /// 0-based line.
  public var line: Int
  /// 0-based columns of the line.
  public var range: Range<Int>
  public var kind: MRZFieldKind

  public init(name: String, line: Int, range: Range<Int>, kind: MRZFieldKind) {
    self.name = name
    self.line = line
    self.range = range
    self.kind = kind
  }

  public var span: MRZSpan { MRZSpan(line: line, range: range) }
}
