/// Repairs OCR errors in an MRZ where the field kinds leave no choice, and
/// rejects what it cannot repair.
///
/// What it can and cannot do: a letter in a numeric field (dates, check
/// digits) becomes its look-alike digit and a digit in a letter field (code,
/// issuer, nationality, names, sex) its look-alike letter (`MRZLookAlike`).
/// Then every check digit must hold as read; a check digit is never changed
/// into another digit to make it fit. Alphanumeric fields (document number,
/// optional data) are not changed, as letters and digits are both legal
/// there. Errors the check digits cannot see pass unchanged: anything in the
/// names, issuer, nationality, sex or document code (no check covers them), and any
/// substitution by a character whose value differs by a multiple of 10
/// (`<`/`0`/`A`/`K`/`U`, `1`/`B`/`L`/`V`, … see `MRZCheckDigit`).
public enum MRZCorrector {
  /// Lines whose every check digit holds, whose every field respects its kind
  /// and whose dates can be dates, changed only where a kind forces it; nil
  /// when there are none (wrong shape, a character with no legal look-alike,
  /// a check that fails).
  public static func correct(_ lines: [String], format: MRZFormat) -> [String]? {
    correct(lines, format: format, alphanumericSubstitutions: 0)
  }

  /// Like `correct(_:format:)`, and when a document number (or TD3 personal
  /// number) check fails, also tries up to `alphanumericSubstitutions`
  /// look-alike substitutions inside that field. The result is accepted only
  /// if exactly one combination makes the field checks and the composite
  /// hold. Look-alikes no check can tell apart (`1`/`L`, `6`/`G`) are not
  /// tried.
  ///
  /// A check digit lets one wrong guess in ten through: when the misread
  /// character is not a look-alike of the true one, a wrong combination can
  /// be the only one that fits, and is accepted. The composite does not help
  /// (over the nine-character document number and the personal number its
  /// weights are the field check's). Use it only when errors are known to be
  /// look-alike confusions: on random documents (`MRZPropertyTests`, which
  /// prints the counts) it accepted about a quarter of the other misreadings
  /// of those fields wrong. At most 3 substitutions are tried.
  public static func correct(
    _ lines: [String], format: MRZFormat, alphanumericSubstitutions: Int
  ) -> [String]? {
    guard lines.count == format.lineCount,
      lines.allSatisfy({ $0.count == format.lineLength })
    else { return nil }
    let layout = MRZLayout.of(format)
    guard let grid = forcedByKind(MRZGrid(lines), layout) else { return nil }
    guard datesArePlausible(grid, layout) else { return nil }
    let failing = layout.checks.filter { !$0.holds(in: grid) }
    if failing.isEmpty { return grid.lines }
    guard alphanumericSubstitutions > 0,
      let fixed = searchAlphanumeric(
        grid, layout, failing: failing, limit: min(alphanumericSubstitutions, 3))
    else { return nil }
    return fixed.lines
  }

  /// Every character made legal for its kind, or nil when one cannot be.
  private static func forcedByKind(_ grid: MRZGrid, _ layout: MRZLayout) -> MRZGrid? {
    var grid = grid
    let kinds = layout.kinds
    for line in grid.rows.indices {
      for column in grid.rows[line].indices {
        guard
          let byte = MRZLookAlike.forced(byte: grid.rows[line][column], kind: kinds[line][column])
        else { return nil }
        grid.rows[line][column] = byte
      }
    }
    return grid
  }

  private static func datesArePlausible(_ grid: MRZGrid, _ layout: MRZLayout) -> Bool {
    guard let birth = layout.field("date-of-birth"), let expiry = layout.field("date-of-expiry")
    else { return false }
    return MRZDateReading.isPlausibleBirth(grid.string(birth.span))
      && MRZDateReading.isPlausibleExpiry(grid.string(expiry.span))
  }

  /// One look-alike substitution.
  private struct Substitution {
    var position: MRZPosition
    var byte: UInt8
  }

  /// The single combination of look-alike substitutions in the failing
  /// alphanumeric fields that makes every check hold, or nil.
  private static func searchAlphanumeric(
    _ grid: MRZGrid, _ layout: MRZLayout, failing: [MRZCheck], limit: Int
  ) -> MRZGrid? {
    let kinds = layout.kinds
    let fieldChecks = failing.filter { $0.name != "composite" }
    guard !fieldChecks.isEmpty else { return nil }
    var perCheck: [[[Substitution]]] = []
    for check in fieldChecks {
      guard let (_, spans) = check.resolved(in: grid) else { return nil }
      let positions = spans.flatMap { span in
        span.range.map { MRZPosition(line: span.line, column: $0) }
      }
      guard positions.allSatisfy({ kinds[$0.line][$0.column] == .alphanumeric }) else {
        return nil
      }
      let options = positions.map { position in
        MRZLookAlike.visibleAlternatives(of: grid[position]).map {
          Substitution(position: position, byte: $0)
        }
      }.filter { !$0.isEmpty }
      let fitting = combinations(options, limit: limit).filter { combination in
        var trial = grid
        for substitution in combination { trial[substitution.position] = substitution.byte }
        return check.holds(in: trial)
      }
      guard !fitting.isEmpty else { return nil }
      perCheck.append(fitting)
    }
    guard perCheck.reduce(1, { $0 * $1.count }) <= 100_000 else { return nil }
    var found: MRZGrid?
    for product in cartesianProduct(perCheck) {
      var trial = grid
      for substitution in product.joined() { trial[substitution.position] = substitution.byte }
      guard layout.checks.allSatisfy({ $0.holds(in: trial) }) else { continue }
      if found != nil { return nil }
      found = trial
    }
    return found
  }

  /// Every way to pick 1…`limit` substitutions at distinct positions, one
  /// option per chosen position.
  private static func combinations(_ options: [[Substitution]], limit: Int) -> [[Substitution]] {
    var result: [[Substitution]] = []
    func extend(_ chosen: [Substitution], from start: Int) {
      guard chosen.count < limit else { return }
      for index in start..<options.count {
        for option in options[index] {
          let next = chosen + [option]
          result.append(next)
          extend(next, from: index + 1)
        }
      }
    }
    extend([], from: 0)
    return result
  }

  private static func cartesianProduct<T>(_ lists: [[T]]) -> [[T]] {
    lists.reduce([[]]) { partial, list in
      partial.flatMap { prefix in list.map { prefix + [$0] } }
    }
  }
}
