/// The cells of an MRZ row that a highlight has washed out: a view reads
/// them, and abstains there in its opinion (`MRZConfirmation`).
///
/// Glare lifts the strokes under it towards the paper, and what is left
/// of a letter is another letter: an `E` without its top bar is an `L`,
/// a `C` without its top arc too. Every view reads those pixels alike, and
/// a highlight that stays reads alike frame after frame, so the views'
/// agreement proves nothing there. A cell is washed out when a larger
/// share of its strip is at the sensor's ceiling, above the row's paper,
/// than of the row's typical cell: an MRZ band whose paper is exposed at
/// the ceiling (a light desk, a white band on tinted paper, white printed
/// between pale squares), whose text reads, has no pixel above its paper.
public enum MRZWashedOutCells {
  /// A row's paper: the level the brightest fifth of its strip's `pixels`
  /// reaches, where nothing is washed out (a highlight over less than a
  /// fifth of the row stays above it; a band printed white and pale by
  /// turns reaches the ceiling here).
  public static func paperLevel(_ pixels: [UInt8]) -> Int {
    pixels.isEmpty ? 0 : LumaHistogram(pixels).level(above: 0.8)
  }

  /// The level at or above which a pixel of a row whose paper (the level
  /// the brightest fifth of its strip reaches) is at `paperLevel` is at
  /// the ceiling: `GlareMeter`'s clip level, and clearly above the paper
  /// (its margin), so that a band whose paper is at the ceiling itself
  /// counts no pixel (above 255).
  public static func clipLevel(paperLevel: Int) -> Int {
    let meter = GlareMeter()
    return max(meter.clipLevel, paperLevel + meter.paperMargin)
  }

  /// How much more of a cell's strip than of the row's median cell must be
  /// at the ceiling: a highlight over a letter's top third.
  public static let excessShare = 0.15

  /// The washed-out cells of a row, given each cell's share of pixels at
  /// the ceiling.
  public static func cells(clippedShares shares: [Double]) -> [Int] {
    guard !shares.isEmpty else { return [] }
    let median = shares.sorted()[shares.count / 2]
    return shares.indices.filter { shares[$0] >= median + excessShare }
  }
}
