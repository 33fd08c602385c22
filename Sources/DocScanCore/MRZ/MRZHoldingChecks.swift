extension MRZLayout {
  /// How many of the check digits hold in `lines` read as one zone, for
  /// the format their shape and document code give (`MRZFormat.detect`);
  /// nil when the lines have no MRZ shape. A cell read as nothing (any
  /// character outside the MRZ alphabet) fails every check it is part of.
  ///
  /// Tells a reader which of two placements of a row reads the zone
  /// better: a row whose cells were set one off reads every character a
  /// cell away from its field, and its checks fail together.
  public static func holdingChecks(in lines: [String]) -> Int? {
    guard let format = MRZFormat.detect(lines: lines) else { return nil }
    let grid = MRZGrid(lines)
    return of(format).checks.filter { $0.holds(in: grid) }.count
  }
}
