/// One frame handed to the session: its grey analysis copy, a small colour
/// copy when the video has colour, the size of the video frame it was made
/// from, and its times.
public struct AnalysisFrame: Sendable {
  public var luma: LumaImage
  public var chroma: ChromaImage?
  public var sourceWidth: Int
  public var sourceHeight: Int
  public var times: StreamTimes
  /// Makes the frame's grey image at the video's own size, when that is
  /// larger than `luma`: the MRZ is read from the document cut out of it,
  /// so that small print keeps the detail `luma`'s downscaling loses. Made
  /// only when a document is read (most analysed frames show none), and
  /// only while the session analyses this frame.
  public var makeSourceLuma: @Sendable () -> LumaImage?

  public init(
    luma: LumaImage, chroma: ChromaImage? = nil, sourceWidth: Int, sourceHeight: Int,
    times: StreamTimes, sourceLuma: LumaImage? = nil
  ) {
    self.init(
      luma: luma, chroma: chroma, sourceWidth: sourceWidth, sourceHeight: sourceHeight,
      times: times, makingSourceLuma: { sourceLuma })
  }

  public init(
    luma: LumaImage, chroma: ChromaImage? = nil, sourceWidth: Int, sourceHeight: Int,
    times: StreamTimes, makingSourceLuma: @escaping @Sendable () -> LumaImage?
  ) {
    self.luma = luma
    self.chroma = chroma
    self.sourceWidth = sourceWidth
    self.sourceHeight = sourceHeight
    self.times = times
    self.makeSourceLuma = makingSourceLuma
  }
}
