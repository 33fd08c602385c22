/// A face a detector found: where, and how sure it is.
public struct DetectedFace: Equatable, Sendable {
  public var box: PixelRect
  /// How many overlapping hits of the detector agree on it: more for a
  /// real upright face than for a pattern that happens to look like one
  /// (an upside-down face, print).
  public var agreement: Int

  public init(box: PixelRect, agreement: Int) {
    self.box = box
    self.agreement = agreement
  }
}
