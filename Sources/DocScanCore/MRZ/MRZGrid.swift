/// The zone as rows of ASCII bytes, the form checks and the corrector work on.
/// A character outside ASCII becomes 0, which no field kind allows.
struct MRZGrid: Equatable {
  var rows: [[UInt8]]

  init(_ lines: [String]) {
    rows = lines.map { line in line.map { $0.asciiValue ?? 0 } }
  }

  var lines: [String] {
    rows.map { String(decoding: $0, as: UTF8.self) }
  }

  subscript(position: MRZPosition) -> UInt8 {
    get { rows[position.line][position.column] }
    set { rows[position.line][position.column] = newValue }
  }

  func bytes(_ span: MRZSpan) -> ArraySlice<UInt8> {
    rows[span.line][span.range]
  }

  func string(_ span: MRZSpan) -> String {
    String(decoding: bytes(span), as: UTF8.self)
  }
}
