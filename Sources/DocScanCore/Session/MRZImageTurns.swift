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
/// second got none).
///
/// A frame that gets somewhere keeps the image's turn longer. Readings
/// that pass their check digits wait for agreement and confirmation,
/// which can take a few more frames, so the image keeps its turn for up
/// to `confirmingTurnLength` of them; views that split for good on a cell
/// no check covers (a stamp's stroke across a name's letter) never
/// confirm it, and the other image may. A capture (a side read) or an
/// MRZ that reads alike but fails its checks (`unverifiable`, which the
/// operator is told: turning would make the message flicker) keeps the
/// turn.
struct MRZImageTurns: Sendable {
  /// Readings an image has to settle the MRZ before the other one's turn:
  /// as many as the fusion needs to agree on a reading.
  static let turnLength = MRZFusion().requiredAgreement
  /// Readings that pass their checks an image has to confirm them before
  /// the other one's turn: the fusion's window.
  static let confirmingTurnLength = MRZFusion().windowSize

  /// Whether the ink image has the turn.
  private(set) var inInk = false
  private var unsettled = 0
  private var confirming = 0

  /// One frame whose MRZ was looked for and not settled; true when the turn passes
  /// to the other image.
  mutating func unsettledReading() -> Bool {
    unsettled += 1
    guard unsettled >= Self.turnLength else { return false }
    passTurn()
    return true
  }

  /// One frame whose readings pass their checks and wait for agreement or
  /// confirmation; true when the turn passes to the other image.
  mutating func confirmingReading() -> Bool {
    unsettled = 0
    confirming += 1
    guard confirming >= Self.confirmingTurnLength else { return false }
    passTurn()
    return true
  }

  /// A frame that settled something (a side, an MRZ that does not
  /// verify): the counts start over in the same image.
  mutating func settledReading() {
    unsettled = 0
    confirming = 0
  }

  /// A new document, or the readings forgotten: grey first again.
  mutating func reset() {
    inInk = false
    unsettled = 0
    confirming = 0
  }

  private mutating func passTurn() {
    unsettled = 0
    confirming = 0
    inInk.toggle()
  }
}
