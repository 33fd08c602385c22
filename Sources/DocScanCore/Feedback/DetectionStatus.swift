/// What was seen of the document in the last analysed frame (SPEC `detection-status`).
public enum DetectionStatus: String, Sendable, CaseIterable {
  case success
  case failed
  case cameraTooFar = "camera-too-far"
  case cameraTooClose = "camera-too-close"
  case cameraAngleTooSteep = "camera-angle-too-steep"
  case documentTooCloseToEdge = "document-too-close-to-edge"
  case documentPartiallyVisible = "document-partially-visible"
}

extension DetectionStatus {
  /// The whole document is in view, however well placed: its outline can
  /// be warped into a picture of all of it. (`camera-too-close` is left
  /// out: the outline may then run along the frame's border.)
  public var showsWholeDocument: Bool {
    switch self {
    case .success, .cameraTooFar, .cameraAngleTooSteep, .documentTooCloseToEdge: true
    case .failed, .cameraTooClose, .documentPartiallyVisible: false
    }
  }
}
