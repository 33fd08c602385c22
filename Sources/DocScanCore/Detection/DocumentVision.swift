/// The image operations detection needs, done by a vision library (the
/// GStreamer element uses OpenCV's imgproc). The core decides what the
/// results mean.
public protocol DocumentVision: Sendable {
  /// Convex four-sided outlines found in the image, in its pixels.
  func outlines(in image: LumaImage) -> [Outline]
  /// The inside of `quad` warped to a fronto-parallel `width` x `height` image.
  func dewarp(_ image: LumaImage, quad: Quad, width: Int, height: Int) -> LumaImage?
}

/// A candidate outline and how it was found.
public struct Outline: Equatable, Sendable {
  public enum Source: Sendable {
    /// Traced along edges: precise, but textures make edges too.
    case edges
    /// The border of a bright region: a page is brighter than most desks.
    case brightRegion
  }

  public var quad: Quad
  public var source: Source

  public init(quad: Quad, source: Source) {
    self.quad = quad
    self.source = source
  }
}
