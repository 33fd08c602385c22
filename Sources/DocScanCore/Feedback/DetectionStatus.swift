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
