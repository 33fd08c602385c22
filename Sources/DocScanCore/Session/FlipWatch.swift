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

  private var request: SideFlow.FlipRequest?
  /// The captured side left the view since the flip was asked for.
  private(set) var sideLeftView = false

  /// One analysed frame: the flip asked for now, and how many analysed
  /// frames in a row have shown no document.
  mutating func observe(request: SideFlow.FlipRequest?, framesWithoutDocument: Int) {
    if request != self.request {
      self.request = request
      sideLeftView = false
    }
    if request != nil && framesWithoutDocument >= Self.framesAway { sideLeftView = true }
  }

  /// Forgets everything (a new session).
  mutating func forget() { self = FlipWatch() }
}
