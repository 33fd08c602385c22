/// Settles `0` against `O` in a field that may hold either (a document
/// number, optional data) by the zone's own print.
///
/// No check digit can: `O` counts 24, and two of them under the weights 7
/// and 3 add 240, so a number read with two `0`s swapped for `O`s passes
/// its check as well as the true one, and the fusion withholds it. The
/// zone shows what its printer's `0` and `O` look like where the kind of
/// field leaves no doubt: `0`s in the dates and check digits, `O`s in the
/// names and codes. A cell whose print is clearly more like one of them
/// than the other takes that character; with either missing from the zone,
/// or no clear difference, nothing is settled.
public enum MRZZeroOrLetterO {
  /// How much more alike (normalised cross-correlation, best over the
  /// zone's instances) a cell must be to one character than to the other.
  /// On the development pages, the specimens and a rendered seed's clips
  /// (310 views of such cells), a true `O` came as much as 0.056 nearer the
  /// zone's `0`s, and a true `0` 0.04 nearer its `O`s; this keeps half as
  /// much again clear of both.
  public static let margin: Float = 0.08

  /// How alike a cell of an alphanumeric field read `0` or `O` is to the
  /// zone's `0`s and to its `O`s (the best normalised cross-correlation
  /// with any instance).
  public struct Evidence: Sendable, Equatable {
    public var position: MRZPosition
    public var zeroLikeness: Float
    public var letterLikeness: Float

    /// The character the print says, if it says one clearly.
    public var character: Character? {
      if zeroLikeness - letterLikeness > margin { return "0" }
      if letterLikeness - zeroLikeness > margin { return "O" }
      return nil
    }
  }

  /// The settled character per cell (line, column of `glyphs`) of an
  /// alphanumeric field read `0` or `O`. `kinds` gives every cell's field
  /// kind, as `MRZLayout.kinds` does; a cell whose kind differs between
  /// the formats its shape may be should hold nil there.
  public static func settled(_ glyphs: [[MRZGlyph?]], kinds: [[MRZFieldKind?]])
    -> [MRZPosition: Character]
  {
    evidence(glyphs, kinds: kinds).reduce(into: [:]) { settled, cell in
      if let character = cell.character { settled[cell.position] = character }
    }
  }

  /// The evidence for every alphanumeric cell read `0` or `O`; none when
  /// the zone shows no `0` in a numeric field or no `O` in a letters' one.
  public static func evidence(_ glyphs: [[MRZGlyph?]], kinds: [[MRZFieldKind?]]) -> [Evidence] {
    var zeros: [MRZGlyph] = []
    var letters: [MRZGlyph] = []
    var doubted: [(MRZPosition, MRZGlyph)] = []
    for (line, row) in glyphs.enumerated() where line < kinds.count {
      for (column, glyph) in row.enumerated() where column < kinds[line].count {
        guard let glyph, let kind = kinds[line][column] else { continue }
        switch (kind, glyph.character) {
        case (.digitsOrFiller, "0"), (.checkDigit, "0"): zeros.append(glyph)
        case (.letters, "O"): letters.append(glyph)
        case (.alphanumeric, "0"), (.alphanumeric, "O"):
          doubted.append((MRZPosition(line: line, column: column), glyph))
        default: continue
        }
      }
    }
    guard !zeros.isEmpty, !letters.isEmpty else { return [] }
    return doubted.map { position, glyph in
      Evidence(
        position: position,
        zeroLikeness: zeros.map { glyph.likeness(to: $0) }.max() ?? -1,
        letterLikeness: letters.map { glyph.likeness(to: $0) }.max() ?? -1)
    }
  }

  /// Every cell's field kind where all `formats` agree on it (a line
  /// shape may be more than one format), nil where they differ.
  public static func sharedKinds(_ formats: [MRZFormat]) -> [[MRZFieldKind?]] {
    guard let first = formats.first else { return [] }
    var kinds: [[MRZFieldKind?]] = MRZLayout.of(first).kinds.map { $0.map { $0 } }
    for format in formats.dropFirst() {
      let other = MRZLayout.of(format).kinds
      for line in kinds.indices where line < other.count {
        for column in kinds[line].indices
        where column >= other[line].count || other[line][column] != kinds[line][column] {
          kinds[line][column] = nil
        }
      }
    }
    return kinds
  }
}
