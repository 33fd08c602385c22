/// Where every field and check digit of a format is (ICAO Doc 9303 parts 4–7).
/// The fields cover every character of the zone exactly once, so each
/// character has one kind.
public struct MRZLayout: Sendable, Equatable {
  public var format: MRZFormat
  /// Every field, in line and column order, check digits included.
  public var fields: [MRZField]
  /// Every check digit, in the order of the zone.
  public var checks: [MRZCheck]

  public static func of(_ format: MRZFormat) -> MRZLayout {
    switch format {
    case .td1: td1
    case .td2: twoLine(.td2)
    case .td3: twoLine(.td3)
    case .mrvA: twoLine(.mrvA)
    case .mrvB: twoLine(.mrvB)
    }
  }

  /// The field called `name`, if the format has one.
  public func field(_ name: String) -> MRZField? {
    fields.first { $0.name == name }
  }

  /// The kind of every character, indexed `[line][column]`.
  public var kinds: [[MRZFieldKind]] {
    var kinds = Array(
      repeating: Array(repeating: MRZFieldKind.alphanumeric, count: format.lineLength),
      count: format.lineCount)
    for field in fields {
      for column in field.range { kinds[field.line][column] = field.kind }
    }
    return kinds
  }

  /// Every position of the zone that neither a check digit nor its spans
  /// cover: names, codes, sex.
  public var uncheckedPositions: [MRZPosition] {
    let checked = Set(
      checks.flatMap { check in
        check.spans.flatMap { span in span.range.map { MRZPosition(line: span.line, column: $0) } }
          + [check.digit]
      })
    return (0..<format.lineCount).flatMap { line in
      (0..<format.lineLength).map { MRZPosition(line: line, column: $0) }
    }.filter { !checked.contains($0) }
  }

  /// TD1 (Doc 9303 part 5): number and optional data on line 1, dates, sex,
  /// nationality and more optional data on line 2, the name on line 3.
  private static let td1 = MRZLayout(
    format: .td1,
    fields: [
      MRZField(name: "document-code", line: 0, range: 0..<2, kind: .letters),
      MRZField(name: "issuer", line: 0, range: 2..<5, kind: .letters),
      MRZField(name: "document-number", line: 0, range: 5..<14, kind: .alphanumeric),
      MRZField(name: "document-number-check", line: 0, range: 14..<15, kind: .checkDigit),
      MRZField(name: "optional-data", line: 0, range: 15..<30, kind: .alphanumeric),
      MRZField(name: "date-of-birth", line: 1, range: 0..<6, kind: .digitsOrFiller),
      MRZField(name: "date-of-birth-check", line: 1, range: 6..<7, kind: .checkDigit),
      MRZField(name: "sex", line: 1, range: 7..<8, kind: .sex),
      MRZField(name: "date-of-expiry", line: 1, range: 8..<14, kind: .digitsOrFiller),
      MRZField(name: "date-of-expiry-check", line: 1, range: 14..<15, kind: .checkDigit),
      MRZField(name: "nationality", line: 1, range: 15..<18, kind: .letters),
      MRZField(name: "optional-data-2", line: 1, range: 18..<29, kind: .alphanumeric),
      MRZField(name: "composite-check", line: 1, range: 29..<30, kind: .checkDigit),
      MRZField(name: "names", line: 2, range: 0..<30, kind: .letters),
    ],
    checks: [
      MRZCheck(
        name: "document-number", digit: MRZPosition(line: 0, column: 14),
        spans: [MRZSpan(line: 0, range: 5..<14)],
        rule: .longDocumentNumber(continuation: MRZSpan(line: 0, range: 15..<30))),
      MRZCheck(
        name: "date-of-birth", digit: MRZPosition(line: 1, column: 6),
        spans: [MRZSpan(line: 1, range: 0..<6)]),
      MRZCheck(
        name: "date-of-expiry", digit: MRZPosition(line: 1, column: 14),
        spans: [MRZSpan(line: 1, range: 8..<14)]),
      MRZCheck(
        name: "composite", digit: MRZPosition(line: 1, column: 29),
        spans: [
          MRZSpan(line: 0, range: 5..<30), MRZSpan(line: 1, range: 0..<7),
          MRZSpan(line: 1, range: 8..<15), MRZSpan(line: 1, range: 18..<29),
        ]),
    ])

  /// TD2, TD3, MRV-A and MRV-B share one plan: code, issuer and name on line
  /// 1; number, nationality, birth, sex, expiry and optional data on line 2.
  /// They differ in length and in which checks follow the optional data: TD3
  /// has a personal-number check and a composite, TD2 a composite, visas none
  /// (Doc 9303 parts 4, 6 and 7).
  private static func twoLine(_ format: MRZFormat) -> MRZLayout {
    let length = format.lineLength
    let optionalEnd: Int
    switch format {
    case .td3: optionalEnd = 42
    case .td2: optionalEnd = 35
    default: optionalEnd = length
    }
    var fields = [
      MRZField(name: "document-code", line: 0, range: 0..<2, kind: .letters),
      MRZField(name: "issuer", line: 0, range: 2..<5, kind: .letters),
      MRZField(name: "names", line: 0, range: 5..<length, kind: .letters),
      MRZField(name: "document-number", line: 1, range: 0..<9, kind: .alphanumeric),
      MRZField(name: "document-number-check", line: 1, range: 9..<10, kind: .checkDigit),
      MRZField(name: "nationality", line: 1, range: 10..<13, kind: .letters),
      MRZField(name: "date-of-birth", line: 1, range: 13..<19, kind: .digitsOrFiller),
      MRZField(name: "date-of-birth-check", line: 1, range: 19..<20, kind: .checkDigit),
      MRZField(name: "sex", line: 1, range: 20..<21, kind: .sex),
      MRZField(name: "date-of-expiry", line: 1, range: 21..<27, kind: .digitsOrFiller),
      MRZField(name: "date-of-expiry-check", line: 1, range: 27..<28, kind: .checkDigit),
      MRZField(
        name: format == .td3 ? "personal-number" : "optional-data", line: 1,
        range: 28..<optionalEnd, kind: .alphanumeric),
    ]
    var checks = [
      MRZCheck(
        name: "document-number", digit: MRZPosition(line: 1, column: 9),
        spans: [MRZSpan(line: 1, range: 0..<9)]),
      MRZCheck(
        name: "date-of-birth", digit: MRZPosition(line: 1, column: 19),
        spans: [MRZSpan(line: 1, range: 13..<19)]),
      MRZCheck(
        name: "date-of-expiry", digit: MRZPosition(line: 1, column: 27),
        spans: [MRZSpan(line: 1, range: 21..<27)]),
    ]
    if format == .td3 {
      fields.append(
        MRZField(name: "personal-number-check", line: 1, range: 42..<43, kind: .checkDigit))
      checks.append(
        MRZCheck(
          name: "personal-number", digit: MRZPosition(line: 1, column: 42),
          spans: [MRZSpan(line: 1, range: 28..<42)], rule: .fillerWhenEmpty))
    }
    if format == .td3 || format == .td2 {
      fields.append(
        MRZField(
          name: "composite-check", line: 1, range: length - 1..<length, kind: .checkDigit))
      checks.append(
        MRZCheck(
          name: "composite", digit: MRZPosition(line: 1, column: length - 1),
          spans: [
            MRZSpan(line: 1, range: 0..<10), MRZSpan(line: 1, range: 13..<20),
            MRZSpan(line: 1, range: 21..<length - 1),
          ]))
    }
    return MRZLayout(format: format, fields: fields, checks: checks)
  }
}
