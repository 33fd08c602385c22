import DocScanCore

/// The bytes as text (invalid UTF-8 replaced), split into lines, parsed as
/// whatever format they fit and then as every format.
enum MRZParserFuzz {
  static func run(_ bytes: [UInt8]) {
    let lines = String(decoding: bytes, as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if let record = MRZParser.parse(lines, today: FuzzTarget.today) {
      // A record read from its own lines is the same record.
      precondition(MRZParser.parse(record.lines, today: FuzzTarget.today) == record)
    }
    for format in MRZFormat.allCases {
      _ = MRZParser.parse(lines, format: format, today: FuzzTarget.today)
    }
  }
}
