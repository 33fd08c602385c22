/// Steadies what detection reports from one analysed frame to the next.
///
/// One frame's detection flickers where a threshold is crossed back and
/// forth (a hand jitters the page at the edge margin, a corner is lost for
/// one frame). The reported status changes only after `framesToChange`
/// analysed frames in a row disagree with it (whatever they say: frames
/// alternating between two other statuses still end the old one); until
/// then the previous report stands, its outline and shape following this
/// frame's when it found a document (a lost outline keeps the last one).
public struct DetectionSmoother: Sendable {
  /// Consecutive analysed frames that must disagree with the reported
  /// status before it changes. 2 frames are 0.1-0.4 s at the element's
  /// analysis rates, so a real change is reported well within half a second.
  public var framesToChange = 2

  private var reported: Detection?
  private var disagreeing = 0

  public init() {}

  /// The status reported for the last frame; nil before the first.
  public var reportedStatus: DetectionStatus? { reported?.status }

  /// The detection to report for this frame's `detection`.
  public mutating func smooth(_ detection: Detection) -> Detection {
    guard let shown = reported, shown.status != detection.status else {
      disagreeing = 0
      reported = detection
      return detection
    }
    disagreeing += 1
    if disagreeing >= framesToChange {
      disagreeing = 0
      reported = detection
      return detection
    }
    // The status (and its events) stand; the outline follows the document.
    var held = shown
    if let quad = detection.quad, shown.quad != nil {
      held.quad = quad
      held.shape = detection.shape ?? shown.shape
    }
    reported = held
    return held
  }

  /// Forget the history (a new session).
  public mutating func forget() {
    reported = nil
    disagreeing = 0
  }
}
