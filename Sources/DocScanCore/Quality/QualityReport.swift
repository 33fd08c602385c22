/// The quality of the region that was measured in one frame.
public struct QualityReport: Equatable, Sendable {
  public var blur: Double
  public var glare: Double
  public var events: [FeedbackEvent]

  public init(blur: Double, glare: Double, events: [FeedbackEvent]) {
    self.blur = blur
    self.glare = glare
    self.events = events
  }
}

/// Measures blur and glare over a region and compares them with the limits.
public struct QualityInspector: Sendable {
  public var blurMeter = BlurMeter()
  public var glareMeter = GlareMeter()

  public init() {}

  /// `characterHeight`: how tall the print's MRZ capitals are in `image`
  /// (the blur that makes text unreadable depends on its size). `spared`
  /// gives the places whose clipped print is no glare (a portrait's
  /// ground: `PortraitGround`); it is asked only when glare is over its
  /// limit, as finding them costs more than the meters.
  public func inspect(
    _ image: LumaImage, region: PixelRect, characterHeight: Double? = nil, blurLimit: Double,
    glareLimit: Double, spared: () -> [PixelRect] = { [] }
  ) -> QualityReport {
    let blur = blurMeter.measure(
      image, in: region, characterHeight: characterHeight ?? blurMeter.characterHeight)
    var glare = glareMeter.measure(image, in: region)
    if glare > glareLimit {
      let places = spared()
      if !places.isEmpty { glare = glareMeter.measure(image, in: region, sparing: places) }
    }
    var events: [FeedbackEvent] = []
    if blur > blurLimit { events.append(.blur) }
    if glare > glareLimit { events.append(.glare) }
    return QualityReport(blur: blur, glare: glare, events: events)
  }
}
