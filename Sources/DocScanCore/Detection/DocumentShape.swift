#if canImport(Glibc)
  import Glibc
#endif

/// The shapes of identity documents (ICAO 9303 sizes), by aspect ratio.
public enum DocumentShape: Sendable, CaseIterable {
  /// ID-1 cards: 85.60 x 53.98 mm (TD1, driver licences).
  case id1
  /// TD2 cards: 105 x 74 mm.
  case td2
  /// Passport data pages (TD3): 125 x 88 mm.
  case td3

  public var aspectRatio: Double {
    switch self {
    case .id1: return 85.60 / 53.98
    case .td2: return 105.0 / 74.0
    case .td3: return 125.0 / 88.0
    }
  }

  /// The long side in millimetres.
  public var longSideMillimetres: Double {
    switch self {
    case .id1: return 85.60
    case .td2: return 105.0
    case .td3: return 125.0
    }
  }

  /// How tall the MRZ's capitals are (OCR-B at 10 characters per inch,
  /// about 2.4 mm) on a dewarped image of `longSide` pixels.
  public func mrzCharacterHeight(longSide: Int) -> Double {
    Double(longSide) * Self.mrzCapitalMillimetres / longSideMillimetres
  }

  static let mrzCapitalMillimetres = 2.42

  /// The shape whose aspect ratio is nearest to `ratio` (long over short side).
  public static func nearest(to ratio: Double) -> DocumentShape {
    allCases.min { abs($0.aspectRatio - ratio) < abs($1.aspectRatio - ratio) }!
  }

  /// The least tilt, in degrees, that makes some document shape look as
  /// long over short as `ratio`: a page tilted by θ away from the camera
  /// shortens the sides across the tilt axis by cos θ, so a card seen 2.4
  /// times as long as high lies tilted by at least 48 degrees, whatever the
  /// lens (a camera far from the desk shows a steep page with almost no
  /// perspective). 0 at a shape's own ratio.
  public static func leastTilt(forAspectRatio ratio: Double) -> Double {
    leastTilt(forAspectRatio: ratio, among: allCases.map(\.aspectRatio))
  }

  /// `leastTilt(forAspectRatio:)` among documents of these proportions
  /// (long over short side; none: 0).
  public static func leastTilt(forAspectRatio ratio: Double, among proportions: [Double]) -> Double
  {
    let cosine = proportions.map { min($0 / ratio, ratio / $0) }.max() ?? 1
    return acos(min(1, cosine)) * 180 / .pi
  }

  /// The size of the dewarped image: a fixed long side, the shape's proportions.
  public func dewarpedSize(longSide: Int = 1000) -> (width: Int, height: Int) {
    (longSide, Int((Double(longSide) / aspectRatio).rounded()))
  }
}
