/// Whether the side just captured has left the view since the person was
/// asked to turn the document over.
///
/// Right after a side is captured it is still in view: the person has not
/// had time to turn the document over, and the instruction asks for it
/// (`Flip the document`). Only a captured side shown *again*, after it left
/// the view, is the wrong side (`wrong-side`): a front put back instead of
/// the back, a back shown again for the front.
struct FlipWatch: Sendable {
  /// Analysed frames in a row without a document that make the side gone
  /// (0.1 s at 30 analysed frames per second, about 0.3 s at 10).
  static let framesAway = 3

  /// A cell of `FrameThumbnail` whose level moved by more than this,
  /// beyond the whole picture's move, changed: a card's print or edge
  /// against the desk moves it by tens of levels, sensor noise and video
  /// compression averaged over a cell by one or two.
  static let changedLevels: Float = 12
  /// The share of the cells under the captured side that must have
  /// changed for it to be gone: a pale card lifted off a white desk still
  /// changes its portrait, print and edges.
  static let changedShare = 0.25

  private var request: SideFlow.FlipRequest?
  /// The frame when the flip was asked for, and the side's outline then.
  private var reference: (thumbnail: FrameThumbnail, outline: Quad?)?
  /// The captured side left the view since the flip was asked for.
  private(set) var sideLeftView = false

  /// One analysed frame: the flip asked for now, how many analysed frames
  /// in a row have shown no document, the frame and the document's outline
  /// in it (nil when none was found).
  mutating func observe(
    request: SideFlow.FlipRequest?, framesWithoutDocument: Int, frame: LumaImage, outline: Quad?
  ) {
    if request != self.request {
      self.request = request
      sideLeftView = false
      reference = request == nil ? nil : (FrameThumbnail(frame), outline)
    }
    guard request != nil, !sideLeftView, framesWithoutDocument >= Self.framesAway else { return }
    // Frames without a document are no side gone while the picture where
    // it lay has not changed: the detector lost a card lying still.
    if let reference,
      let share = FrameThumbnail(frame).changedShare(
        since: reference.thumbnail, inside: reference.outline, levels: Self.changedLevels),
      share < Self.changedShare
    {
      return
    }
    sideLeftView = true
  }

  /// Forgets everything (a new session).
  mutating func forget() { self = FlipWatch() }
}
