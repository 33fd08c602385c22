/// A check digit of a format: the character at `digit` is the ICAO check digit
/// of the characters of `spans` read one after the other (several spans for a
/// composite check).
public struct MRZCheck: Sendable, Equatable {
  /// When a check digit other than a digit is acceptable.
  public enum Rule: Sendable, Equatable {
    /// The check digit is a digit and must hold.
    case digitOnly
    /// `<` is also a valid check digit when every checked character is `<`
    /// (TD3 personal number, Doc 9303 part 4).
    case fillerWhenEmpty
    /// TD1 long document number (Doc 9303-5 4.2.4): `<` at the check
    /// position means the number continues in `continuation` up to the first
    /// `<`; the character before that `<` is the check digit over the whole
    /// number, i.e. the checked spans followed by the continuation (the `<`
    /// at the check position is not part of the number).
    case longDocumentNumber(continuation: MRZSpan)
  }

  /// Stable name, reported in `MRZRecord.failedChecks`: `document-number`,
  /// `date-of-birth`, `date-of-expiry`, `personal-number` or `composite`.
  public var name: String
  public var digit: MRZPosition
  public var spans: [MRZSpan]
  public var rule: Rule

  public init(name: String, digit: MRZPosition, spans: [MRZSpan], rule: Rule = .digitOnly) {
    self.name = name
    self.digit = digit
    self.spans = spans
    self.rule = rule
  }

  /// Where the check digit and the checked characters are in these lines:
  /// the layout's own, except for a TD1 long document number. nil when a
  /// long document number has no room for a digit and a check digit.
  func resolved(in grid: MRZGrid) -> (digit: MRZPosition, spans: [MRZSpan])? {
    guard case .longDocumentNumber(let continuation) = rule,
      grid[digit] == UInt8(ascii: "<")
    else { return (digit, spans) }
    let row = grid.rows[continuation.line]
    let end =
      continuation.range.first { row[$0] == UInt8(ascii: "<") } ?? continuation.range.upperBound
    guard end - continuation.range.lowerBound >= 2 else { return nil }
    let number = MRZSpan(line: continuation.line, range: continuation.range.lowerBound..<end - 1)
    return (MRZPosition(line: continuation.line, column: end - 1), spans + [number])
  }

  /// Whether the check holds for these lines. A checked character outside the
  /// MRZ alphabet makes the check fail.
  func holds(in grid: MRZGrid) -> Bool {
    guard let (digitPosition, checked) = resolved(in: grid) else { return false }
    let character = grid[digitPosition]
    if character == UInt8(ascii: "<") {
      guard rule == .fillerWhenEmpty else { return false }
      return checked.allSatisfy { span in grid.bytes(span).allSatisfy { $0 == UInt8(ascii: "<") } }
    }
    guard let expected = Self.digit(of: checked, in: grid) else { return false }
    return character == UInt8(ascii: "0") + UInt8(expected)
  }

  /// The check digit value of the spans, nil when a character is not MRZ.
  static func digit(of spans: [MRZSpan], in grid: MRZGrid) -> Int? {
    var sum = 0
    var index = 0
    for span in spans {
      for byte in grid.bytes(span) {
        guard let value = MRZCheckDigit.value(ofByte: byte) else { return nil }
        sum += value * MRZCheckDigit.weight(at: index)
        index += 1
      }
    }
    return sum % 10
  }

  /// Every character this check reads in its layout form, the digit included
  /// (a TD1 long number's continuation is inside the composite anyway).
  public var coveredPositions: [MRZPosition] {
    [digit] + spans.flatMap { span in span.range.map { MRZPosition(line: span.line, column: $0) } }
  }
}
