/// The image operations detection needs, done by a vision library (the
/// GStreamer element uses OpenCV's imgproc). The core decides what the
/// results mean.
public protocol DocumentVision: Sendable {
  /// Convex four-sided outlines found in the image, in its pixels.
  func outlines(in image: LumaImage) -> [Quad]
  /// The inside of `quad` warped to a fronto-parallel `width` x `height` image.
  func dewarp(_ image: LumaImage, quad: Quad, width: Int, height: Int) -> LumaImage?
}
