/// The picture work behind a side's kept image, done by an image library
/// (the GStreamer element uses OpenCV). The core decides which frame is
/// kept, which way up it is and which face is the portrait.
public protocol DocumentImaging: Sendable {
  /// The inside of `quad` (in `luma`'s pixels) warped to a fronto-parallel
  /// `width` x `height` picture, in colour when `chroma` is given.
  func colourDewarp(
    _ luma: LumaImage, chroma: ChromaImage?, quad: Quad, width: Int, height: Int
  ) -> ColourImage?
  /// Faces in the image, at least `minimumSize` pixels wide; empty when
  /// there are none or no face detector is available.
  func faces(in image: ColourImage, minimumSize: Int) -> [DetectedFace]
  /// The picture as a PNG file's bytes.
  func png(_ image: ColourImage) -> [UInt8]?
  /// How many local features of `a` are found again in `b` where one
  /// homography puts them, both compared at `width` pixels wide with up to
  /// `maximumFeatures` each and `ransacPixels` of reprojection error; nil
  /// when the images cannot be compared.
  func matchedFeatures(
    _ a: LumaImage, _ b: LumaImage, width: Int, maximumFeatures: Int, ransacPixels: Double
  ) -> Int?
}
