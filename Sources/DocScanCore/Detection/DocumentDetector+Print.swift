extension DocumentDetector {
  /// Whether detection should look for MRZ print in a frame it judged so:
  /// no document, or only part of one. (A whole outline gives the size.)
  public static func wantsPrintSize(_ detection: Detection) -> Bool {
    detection.status == .failed || detection.status == .documentPartiallyVisible
  }

  /// `detection` judged again with the MRZ print seen in the frame: when
  /// even the smallest document with an MRZ, printed that large, would
  /// cover more than `tooCloseAreaFraction` of the frame, the camera is too
  /// close, whatever outline was found (a card filling the frame shows at
  /// most its MRZ band, or nothing, as an outline). Its document is then
  /// not fully visible when it cannot fit the frame along its rows or
  /// across them.
  public func judged(
    _ detection: Detection, print: MRZPrint?, frameWidth: Int, frameHeight: Int
  ) -> Detection {
    guard let print, detection.status != .cameraTooClose else { return detection }
    let (along, across) = print.smallestDocument
    let frameAlong = Double(print.rowsAlongWidth ? frameWidth : frameHeight)
    let frameAcross = Double(print.rowsAlongWidth ? frameHeight : frameWidth)
    guard along * across > tooCloseAreaFraction * frameAlong * frameAcross else {
      return detection
    }
    var events = detection.events.filter { $0 != .tooClose }
    if (along > frameAlong || across > frameAcross) && !events.contains(.notFullyVisible) {
      events.append(.notFullyVisible)
    }
    events.append(.tooClose)
    return Detection(quad: detection.quad, status: .cameraTooClose, events: events, shape: nil)
  }
}
