/// Reads an MRZ as written, without correcting anything (see `MRZCorrector`).
public enum MRZParser {
  /// Parses exact-length lines. nil only when the shape fits no format; a
  /// record with wrong check digits, illegal characters or impossible dates
  /// is returned with those listed (`failedChecks`, `invalidFields`).
  public static func parse(_ lines: [String], today: MRZDate) -> MRZRecord? {
    guard let format = MRZFormat.detect(lines: lines) else { return nil }
    return parse(lines, format: format, today: today)
  }

  /// Parses the lines as `format`; nil when their shape does not fit it.
  public static func parse(_ lines: [String], format: MRZFormat, today: MRZDate) -> MRZRecord? {
    guard lines.count == format.lineCount,
      lines.allSatisfy({ $0.count == format.lineLength })
    else { return nil }
    let grid = MRZGrid(lines)
    let layout = MRZLayout.of(format)
    func text(_ name: String) -> String {
      layout.field(name).map { grid.string($0.span) } ?? ""
    }

    let number = documentNumber(grid, layout)
    let names = MRZNameField(text("names"))
    let birth = MRZDateReading.birth(text("date-of-birth"), today: today)
    let expiry = MRZDateReading.expiry(text("date-of-expiry"), today: today)
    let sexField = text("sex")

    var invalidFields = layout.fields.filter { field in
      !grid.bytes(field.span).allSatisfy { field.kind.allows(byte: $0) }
    }.map(\.name)
    for (name, reading) in [("date-of-birth", birth), ("date-of-expiry", expiry)]
    where reading == .invalid && !invalidFields.contains(name) {
      invalidFields.append(name)
    }
    if !MRZDocumentCode.isAllowed(text("document-code"), in: format) {
      invalidFields.append("document-code")
    }

    let optionalData: String
    switch format {
    case .td1:
      let firstLine = MRZSpan(line: 0, range: number.optionalStart..<format.lineLength)
      optionalData = [grid.string(firstLine), text("optional-data-2")]
        .map(trimmingFillers).filter { !$0.isEmpty }.joined(separator: " ")
    case .td3:
      optionalData = trimmingFillers(text("personal-number"))
    case .td2, .mrvA, .mrvB:
      optionalData = trimmingFillers(text("optional-data"))
    }

    return MRZRecord(
      format: format, lines: lines,
      documentCode: String(text("document-code").reversed().drop { $0 == "<" }.reversed()),
      issuer: withoutFillers(text("issuer")), nationality: withoutFillers(text("nationality")),
      documentNumber: number.value, surname: names.surname, givenNames: names.givenNames,
      sex: sexField == "<" ? "X" : sexField, dateOfBirth: birth.date, dateOfExpiry: expiry.date,
      optionalData: optionalData,
      failedChecks: layout.checks.filter { !$0.holds(in: grid) }.map(\.name),
      invalidFields: invalidFields)
  }

  /// The document number, and where the optional data after it starts (in
  /// TD1 a long number takes the start of the optional data, up to and
  /// including its check digit).
  private static func documentNumber(_ grid: MRZGrid, _ layout: MRZLayout)
    -> (value: String, optionalStart: Int)
  {
    guard let check = layout.checks.first(where: { $0.name == "document-number" }),
      let field = layout.field("document-number")
    else { return ("", 0) }
    let resolved = check.resolved(in: grid) ?? (check.digit, check.spans)
    let value = resolved.spans.map { withoutFillers(grid.string($0)) }.joined()
    let optionalStart = max(field.range.upperBound, resolved.digit.column) + 1
    return (value, optionalStart)
  }

  private static func withoutFillers(_ text: String) -> String {
    text.filter { $0 != "<" }
  }

  private static func trimmingFillers(_ text: String) -> String {
    String(text.drop { $0 == "<" }.reversed().drop { $0 == "<" }.reversed())
  }
}
