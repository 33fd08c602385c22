/// Chooses the frame each side's image is taken from: the sharpest frame
/// without glare in which the whole document was found, well placed if any
/// was, among the frames that showed that kind of side since it was last
/// captured.
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

  /// Keeps `frame` when it is sharper than the kept frame of its kind.
  mutating func consider(_ frame: KeptFrame, as kind: Kind) {
    if let kept = best[kind],
      (kept.wellPlaced ? 0 : 1, kept.blur) <= (frame.wellPlaced ? 0 : 1, frame.blur)
    {
      return
    }
    best[kind] = frame
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
