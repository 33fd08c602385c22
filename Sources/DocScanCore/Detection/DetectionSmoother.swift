/// Steadies what detection reports from one analysed frame to the next.
///
/// One frame's detection flickers where a threshold is crossed back and
/// forth (a hand jitters the page at the edge margin, a corner is lost for
/// one frame). The reported status changes only when the new one has been
/// seen on `framesToChange` analysed frames in a row; until then the
/// previous report stands, with this frame's outline when it has one of the
/// same document (a lost outline keeps the last one).
public struct DetectionSmoother: Sendable {
  /// Consecutive analysed frames a new status must hold before it is
  /// reported. 2 frames are 0.1-0.4 s at the element's analysis rates, so a
  /// real change is reported well within half a second.
  public var framesToChange = 2

  private var reported: Detection?
  private var pending: DetectionStatus?
  private var pendingCount = 0

  public init() {}

  /// The detection to report for this frame's `detection`.
  public mutating func smooth(_ detection: Detection) -> Detection {
    guard let shown = reported, shown.status != detection.status else {
      pending = nil
      pendingCount = 0
      reported = detection
      return detection
    }
    pendingCount = pending == detection.status ? pendingCount + 1 : 1
    pending = detection.status
    if pendingCount >= framesToChange {
      pending = nil
      pendingCount = 0
      reported = detection
      return detection
    }
    // The status stands; the outline follows the document while there is one.
    var held = shown
    if let quad = detection.quad, shown.quad != nil {
      held.quad = quad
    }
    reported = held
    return held
  }

  /// Forget the history (a new session, a seek).
  public mutating func forget() {
    reported = nil
    pending = nil
    pendingCount = 0
  }
}
