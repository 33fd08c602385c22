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
  /// (the blur that makes text unreadable depends on its size).
  public func inspect(
    _ image: LumaImage, region: PixelRect, characterHeight: Double? = nil, blurLimit: Double,
    glareLimit: Double
  ) -> QualityReport {
    let blur = blurMeter.measure(
      image, in: region, characterHeight: characterHeight ?? blurMeter.characterHeight)
    let glare = glareMeter.measure(image, in: region)
    var events: [FeedbackEvent] = []
    if blur > blurLimit { events.append(.blur) }
    if glare > glareLimit { events.append(.glare) }
    return QualityReport(blur: blur, glare: glare, events: events)
  }
}
