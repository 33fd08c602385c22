/// Tells when a side already captured is in view again, by its picture:
/// the card's front while its back is asked for (`wrong-side`: the person
/// has not turned it over), or a back read first while its front is asked
/// for (a back whose barcode or MRZ stops reading as it slides away is not
/// the front).
///
/// The side is recognised by the picture, not by what was not read: local
/// features of the captured side's dewarped image found again in the
/// document in view, where one homography puts them (`DocumentImaging`).
/// The same side keeps most of its features under another light, blur or
/// a half turn; a card's other side shares its outline but not its print.
/// Measured on the shared specimens and development pages (each against
/// itself blurred, dimmed, shifted and turned, and against every other
/// document): the same page kept 80 or more features in 9 of 10 trials;
/// pages of different layouts shared 11 or fewer in 9 of 10 pairs, up to
/// 67 only for pages printed on one template (README).
struct SideShownAgain: Sendable {
  /// Both images are compared at this width (pixels).
  static let comparisonWidth = 360
  static let maximumFeatures = 500
  /// RANSAC's reprojection limit at `comparisonWidth`.
  static let ransacPixels = 4.0
  /// Features found again, in one homography, that make it the same side.
  static let matchedFeaturesNeeded = 40
  /// Analysed frames in a row that must show it: one frame is no verdict.
  static let framesNeeded = 2

  /// The captured side's dewarped image.
  private var side: LumaImage?
  private var frames = 0

  /// The side has been shown again for `framesNeeded` frames in a row.
  var isShown: Bool { frames >= Self.framesNeeded }

  /// Keeps the captured side's dewarped image.
  mutating func keep(_ side: LumaImage) {
    self.side = side
    frames = 0
  }

  /// One analysed frame while the other side is asked for: `document` is
  /// the dewarped document of a frame that passed the quality gate with
  /// nothing read on it, nil for any other frame.
  mutating func observe(_ document: LumaImage?, imaging: (any DocumentImaging)?) {
    guard let side, let document, let imaging,
      let matched = imaging.matchedFeatures(
        side, document, width: Self.comparisonWidth, maximumFeatures: Self.maximumFeatures,
        ransacPixels: Self.ransacPixels),
      matched >= Self.matchedFeaturesNeeded
    else {
      frames = 0
      return
    }
    frames += 1
  }

  /// Forgets the side (a new session).
  mutating func forget() {
    side = nil
    frames = 0
  }
}
