/// Steadies what detection reports from one analysed frame to the next.
///
/// One frame's detection flickers where a threshold is crossed back and
/// forth (a hand jitters the page at the edge margin, a corner is lost for
/// a few frames). The reported status changes only after `framesToChange`
/// analysed frames in a row disagree with it (whatever they say: frames
/// alternating between two other statuses still end the old one), over at
/// least `nanosecondsToChange` of stream time; until then the previous
/// report stands, its outline and shape following this frame's when it
/// found a document (a lost outline keeps the last one).
public struct DetectionSmoother: Sendable {
  /// Consecutive analysed frames that must disagree with the reported
  /// status before it changes.
  public var framesToChange = 2
  /// ... and the stream time from the first of them to the frame that
  /// changes it. Counted in time as well as frames so that the hold does
  /// not depend on the analysis rate: at 30 analysed frames a second, two
  /// frames are 33 ms, and a hand's jitter lasts longer than that. 0.2 s
  /// keeps a real change (a document removed or tilted) reported within
  /// half a second of stream time, analysis latency included.
  public var nanosecondsToChange: UInt64 = 200_000_000

  private var reported: Detection?
  private var disagreeing = 0
  private var disagreeingSince: UInt64?

  public init() {}

  /// The status reported for the last frame; nil before the first.
  public var reportedStatus: DetectionStatus? { reported?.status }

  /// The detection to report for this frame's `detection`, seen at stream
  /// time `time` (nanoseconds; nil when the frame has none, and then frames
  /// alone count).
  public mutating func smooth(_ detection: Detection, at time: UInt64? = nil) -> Detection {
    guard let shown = reported, shown.status != detection.status else {
      disagreeing = 0
      disagreeingSince = nil
      reported = detection
      return detection
    }
    disagreeing += 1
    // Counted from the first disagreeing frame with a time; from this one
    // when time ran back (a source that starts its timestamps again).
    if let time, disagreeingSince.map({ time < $0 }) ?? true { disagreeingSince = time }
    var longEnough = true
    if let time, let since = disagreeingSince {
      longEnough = time - since >= nanosecondsToChange
    }
    if disagreeing >= framesToChange && longEnough {
      disagreeing = 0
      disagreeingSince = nil
      reported = detection
      return detection
    }
    // The status (and its events) stand; the outline follows the document.
    var kept = shown
    if let quad = detection.quad, shown.quad != nil {
      kept.quad = quad
      kept.shape = detection.shape ?? shown.shape
    }
    reported = kept
    return kept
  }

  /// Forget the history (a new session).
  public mutating func forget() {
    reported = nil
    disagreeing = 0
    disagreeingSince = nil
  }
}
