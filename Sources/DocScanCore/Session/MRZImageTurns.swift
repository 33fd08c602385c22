/// Which image the MRZ is read in: the grey and the ink image
/// (`InkImage`) take turns until the MRZ settles.
///
/// Print with nothing coloured over it reads best in grey: in the ink
/// image faint colour round black print (JPEG's and H.264's chroma, a
/// pastel guilloche) lifts the edges of small characters, and marginal
/// cells flip. A coloured stamp or overprint across the MRZ reads only in
/// the ink image, where it fades. So grey is read first; when
/// `turnLength` frames in a row have not settled the MRZ (read or not: a
/// stamp may break its rows), the ink image
/// has its turn, then grey again, and so on. Each image's readings are
/// fused apart and kept across the other's turns (`SideFlow`), so a turn
/// loses nothing and can be short: the ink image's first turn comes after
/// a few frames, not after a window's worth (a still shown for half a
/// second got none). A frame that gets somewhere keeps the image's turn: a capture
/// (a side read), readings that pass their check digits (agreement and
/// confirmation can take a few more frames: phone photos that grey reads
/// on the tenth frame were lost to a turn at the eighth), or an MRZ that
/// reads alike but fails its checks (`unverifiable`, which the operator is
/// told).
struct MRZImageTurns: Sendable {
  /// Readings an image has to settle the MRZ before the other one's turn:
  /// as many as the fusion needs to agree on a reading.
  static let turnLength = MRZFusion().requiredAgreement

  /// Whether the ink image has the turn.
  private(set) var inInk = false
  private var unsettled = 0

  /// One frame whose MRZ was looked for and not settled; true when the turn passes
  /// to the other image.
  mutating func unsettledReading() -> Bool {
    unsettled += 1
    guard unsettled >= Self.turnLength else { return false }
    unsettled = 0
    inInk.toggle()
    return true
  }

  /// A frame that got somewhere (a side, readings that pass their checks,
  /// an MRZ that does not verify): the count starts over in the same
  /// image.
  mutating func settledReading() {
    unsettled = 0
  }

  /// A new document, or the readings forgotten: grey first again.
  mutating func reset() {
    inInk = false
    unsettled = 0
  }
}
