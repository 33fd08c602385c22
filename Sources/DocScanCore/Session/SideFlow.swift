/// Which sides of an MRZ document a session still needs, and what the
/// captured ones gave (SPEC's session table).
///
/// - A passport (TD3), visa (MRV-A/B) or TD2 is done with the side that
///   carries the MRZ.
/// - A TD1 ID card in `combined` mode needs its front, then its back (the
///   MRZ). The front has no MRZ: it counts as captured after
///   `frontFramesNeeded` quality-passing frames of an ID-1-shaped card in
///   which none was read. When the back is read first its MRZ is kept and
///   the front is asked for (`wrong-side`).
/// - In `mrz` mode a TD1 back alone is enough.
///
/// It sees only frames that passed the quality gate.
struct SideFlow: Sendable {
  /// What a frame completed.
  enum Capture: Equatable, Sendable {
    /// A side was captured (`docscan-side`), with the MRZ it gave.
    case side(Side, MRZRecord?)
    /// The document is scanned (`docscan-result`).
    case document(MRZRecord)
  }

  /// Why the person is asked to turn the document over.
  enum FlipRequest: Equatable, Sendable {
    /// The front is captured, the back is not in view yet (`request-side-back`).
    case showBack
    /// The back was read first; it is still in view (`wrong-side`).
    case showFront
  }

  /// Frames of the front needed: enough that a few frames of a back whose
  /// MRZ did not read do not count as a front.
  static let frontFramesNeeded = 5

  /// The side asked for now.
  private(set) var asked: Side = .front
  /// The side captured last, if any.
  private(set) var lastCaptured: Side?
  private(set) var flip: FlipRequest?
  /// The fused MRZ keeps failing its check digits.
  private(set) var unverifiableLines: [String]?
  private var frontCaptured = false
  /// A TD1 back read before its front.
  private var keptBack: MRZRecord?
  private var frontFrames = 0
  private var fusion = MRZFusion()

  /// One quality-passing frame: `reading` is the MRZ read in it (nil when
  /// none), `shape` the shape of the document's outline (nil when the
  /// whole frame was read).
  mutating func observe(
    _ reading: MRZReading?, shape: DocumentShape?, mode: ScanMode, today: MRZDate
  ) -> [Capture] {
    if mode == .mrz, let back = keptBack {
      // The mode changed while the front was asked for: the back is enough.
      return finish(back, capturing: [])
    }
    guard let reading else { return observeWithoutMRZ(shape: shape, mode: mode) }
    frontFrames = 0
    if keptBack != nil {
      flip = .showFront
      return []
    }
    if flip == .showBack { flip = nil }
    switch fusion.add(reading, today: today) {
    case .collecting:
      unverifiableLines = nil
      return []
    case .unverifiable(let lines):
      unverifiableLines = lines
      return []
    case .accepted(let record):
      unverifiableLines = nil
      fusion.reset()
      guard record.format == .td1 else { return finish(record, capturing: [.side(.front, record)]) }
      guard mode == .combined, !frontCaptured else {
        return finish(record, capturing: [.side(.back, record)])
      }
      keptBack = record
      lastCaptured = .back
      asked = .front
      flip = .showFront
      return [.side(.back, record)]
    }
  }

  /// The document has been out of view for a while: what was read of it
  /// may belong to another document now.
  mutating func forgetReadings() {
    fusion.reset()
    unverifiableLines = nil
  }

  private mutating func observeWithoutMRZ(shape: DocumentShape?, mode: ScanMode) -> [Capture] {
    if flip == .showFront { flip = nil }
    guard mode == .combined, !frontCaptured, shape == .id1 else { return [] }
    frontFrames += 1
    guard frontFrames >= Self.frontFramesNeeded else { return [] }
    frontCaptured = true
    lastCaptured = .front
    if let back = keptBack { return finish(back, capturing: [.side(.front, nil)]) }
    asked = .back
    flip = .showBack
    return [.side(.front, nil)]
  }

  private mutating func finish(_ record: MRZRecord, capturing sides: [Capture]) -> [Capture] {
    if case .side(let side, _)? = sides.last { lastCaptured = side }
    keptBack = nil
    flip = nil
    return sides + [.document(record)]
  }
}
