/// Chooses the frame each side's image is taken from: the sharpest frame
/// without glare in which the whole document was found, one that passed
/// the quality gate if any did (SPEC: the gate chooses the frame kept as the
/// side's image) and one without a hand over it before one with, among the
/// frames that showed that kind of side since it was last captured.
///
/// The frames of a card's front (`plain`) must follow one another, as
/// `SideFlow` counts them: a frame with an MRZ or a barcode drops the
/// front's kept frame (a back whose MRZ did not read in one frame is not
/// the front).
struct SideImages: Sendable {
  /// What a frame showed, which tells which side it was.
  enum Kind: Hashable, Sendable {
    /// An MRZ was read (a passport page, a card's MRZ side).
    case mrz
    /// A barcode was read or seen (a driver licence's back).
    case barcode
    /// Neither (a card's front).
    case plain
  }

  private var best: [Kind: KeptFrame] = [:]

  /// Keeps `frame` when it is better than the kept frame of its kind.
  mutating func consider(_ frame: KeptFrame, as kind: Kind) {
    if kind != .plain { best[.plain] = nil }
    if let kept = best[kind], Self.rank(kept) <= Self.rank(frame) { return }
    best[kind] = frame
  }

  /// Lower is better: through the gate first, covered last, then the
  /// sharper.
  private static func rank(_ frame: KeptFrame) -> (Int, Double) {
    (frame.passedQualityGate ? 0 : frame.occluded ? 2 : 1, frame.blur)
  }

  /// The frame kept for `kind`, handed out once: the next side of that kind
  /// starts afresh.
  mutating func take(_ kind: Kind) -> KeptFrame? {
    best.removeValue(forKey: kind)
  }

  /// The document left the view: the next one may be another document.
  mutating func forget() {
    best = [:]
  }
}
