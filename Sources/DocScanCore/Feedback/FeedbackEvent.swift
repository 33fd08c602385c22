/// A problem or request noticed in the last analysed frame (SPEC `events`).
public enum FeedbackEvent: String, Sendable, CaseIterable {
  case blur
  case glare
  case tilt
  case tooFar = "too-far"
  case tooClose = "too-close"
  case tooCloseToEdge = "too-close-to-edge"
  case notFullyVisible = "not-fully-visible"
  case wrongSide = "wrong-side"
  case occlusion
  case requestSideBack = "request-side-back"
  case requestSideBarcode = "request-side-barcode"
}
