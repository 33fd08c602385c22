/// Tells when the card's front, already captured, is shown again while its
/// back is asked for (`wrong-side`): the person has not turned it over.
///
/// The front is recognised by the picture, not by what was not read: local
/// features of the captured front's dewarped image found again in the
/// document in view, where one homography puts them (`DocumentImaging`).
/// The same side keeps most of its features under another light, blur or
/// a half turn; a card's other side shares its outline but not its print.
/// Measured on the shared specimens and development pages (each against
/// itself blurred, dimmed, shifted and turned, and against every other
/// document): the same page kept 80 or more features in 9 of 10 trials;
/// pages of different layouts shared 11 or fewer in 9 of 10 pairs, up to
/// 67 only for pages printed on one template (README).
struct FrontShownAgain: Sendable {
  /// Both images are compared at this width (pixels).
  static let comparisonWidth = 360
  static let maximumFeatures = 500
  /// RANSAC's reprojection limit at `comparisonWidth`.
  static let ransacPixels = 4.0
  /// Features found again, in one homography, that make it the same side.
  static let matchedFeaturesNeeded = 40
  /// Analysed frames in a row that must show it: one frame is no verdict.
  static let framesNeeded = 2

  /// The captured front's dewarped image.
  private var front: LumaImage?
  private var frames = 0

  /// The front has been shown again for `framesNeeded` frames in a row.
  var isShown: Bool { frames >= Self.framesNeeded }

  /// Keeps the captured front's dewarped image.
  mutating func keep(_ front: LumaImage) {
    self.front = front
    frames = 0
  }

  /// One analysed frame while the back is asked for: `document` is the
  /// dewarped document of a frame that passed the quality gate with
  /// nothing read on it, nil for any other frame.
  mutating func observe(_ document: LumaImage?, imaging: (any DocumentImaging)?) {
    guard let front, let document, let imaging,
      let matched = imaging.matchedFeatures(
        front, document, width: Self.comparisonWidth, maximumFeatures: Self.maximumFeatures,
        ransacPixels: Self.ransacPixels),
      matched >= Self.matchedFeaturesNeeded
    else {
      frames = 0
      return
    }
    frames += 1
  }

  /// Forgets the front (a new session).
  mutating func forget() {
    front = nil
    frames = 0
  }
}
