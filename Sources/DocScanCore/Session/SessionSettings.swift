/// The element's properties that the session reads, copied once per frame.
public struct SessionSettings: Equatable, Sendable {
  /// Frames blurrier than this (0..1) get the `blur` event.
  public var blurThreshold: Double
  /// Blown-out fraction of the document above which frames get the `glare` event.
  public var glareThreshold: Double
  /// Seconds of stream time after which an unfinished session is given up; 0 = never.
  public var timeoutSeconds: UInt32
  /// Which sides the session needs.
  public var mode: ScanMode
  /// Seconds of stream time after a result before the next session starts; 0 = never.
  public var autoResetSeconds: UInt32
  /// Mask personal fields in the drawing and in every log line.
  public var redact: Bool
  /// Put the document image and the portrait (PNG) into sides and results.
  public var attachImages: Bool

  public init(
    blurThreshold: Double = 0.45, glareThreshold: Double = 0.02, timeoutSeconds: UInt32 = 0,
    mode: ScanMode = .combined, autoResetSeconds: UInt32 = 0, redact: Bool = false,
    attachImages: Bool = false
  ) {
    self.blurThreshold = blurThreshold
    self.glareThreshold = glareThreshold
    self.timeoutSeconds = timeoutSeconds
    self.mode = mode
    self.autoResetSeconds = autoResetSeconds
    self.redact = redact
    self.attachImages = attachImages
  }
}
