/// The element's properties that the session reads, copied once per frame.
public struct SessionSettings: Equatable, Sendable {
  /// Frames blurrier than this (0..1) get the `blur` event.
  public var blurThreshold: Double
  /// Blown-out fraction of the document above which frames get the `glare` event.
  public var glareThreshold: Double
  /// Seconds of stream time after which an unfinished session is given up; 0 = never.
  public var timeoutSeconds: UInt32

  public init(
    blurThreshold: Double = 0.45, glareThreshold: Double = 0.02, timeoutSeconds: UInt32 = 0
  ) {
    self.blurThreshold = blurThreshold
    self.glareThreshold = glareThreshold
    self.timeoutSeconds = timeoutSeconds
  }
}
