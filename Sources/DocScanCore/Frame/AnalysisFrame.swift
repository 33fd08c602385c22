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
  /// Makes the frame's colour differences at the video's own chroma
  /// resolution, when the video carries them in planes of their own: the
  /// MRZ is read in the ink image made with them (`InkImage`). Made, like
  /// `makeSourceLuma`, only when an MRZ is read.
  public var makeSourceChroma: @Sendable () -> ChromaImage?

  public init(
    luma: LumaImage, chroma: ChromaImage? = nil, sourceWidth: Int, sourceHeight: Int,
    times: StreamTimes, sourceLuma: LumaImage? = nil, sourceChroma: ChromaImage? = nil
  ) {
    self.init(
      luma: luma, chroma: chroma, sourceWidth: sourceWidth, sourceHeight: sourceHeight,
      times: times, makingSourceLuma: { sourceLuma }, makingSourceChroma: { sourceChroma })
  }

  public init(
    luma: LumaImage, chroma: ChromaImage? = nil, sourceWidth: Int, sourceHeight: Int,
    times: StreamTimes, makingSourceLuma: @escaping @Sendable () -> LumaImage?,
    makingSourceChroma: @escaping @Sendable () -> ChromaImage? = { nil }
  ) {
    self.luma = luma
    self.chroma = chroma
    self.sourceWidth = sourceWidth
    self.sourceHeight = sourceHeight
    self.times = times
    self.makeSourceLuma = makingSourceLuma
    self.makeSourceChroma = makingSourceChroma
  }

  /// The image the MRZ is read in, at `luma`'s size or (`atSourceSize`)
  /// at the video's own size when that is larger (nil when it is not): the
  /// grey, or (`inInk`) the ink image (`InkImage`) when the video's colour
  /// is at hand. Only what lies round `quad` (in `luma`'s pixels; the
  /// whole frame when nil) is made ink.
  public func readingImage(atSourceSize: Bool, inInk: Bool = false, around quad: Quad? = nil)
    -> LumaImage?
  {
    let grey = atSourceSize ? makeSourceLuma() : luma
    guard let grey else { return nil }
    guard inInk, let colour = makeSourceChroma() else { return grey }
    // The outline's box in `grey`'s pixels, with a pixel's margin round it.
    let region = quad.map { quad in
      let corners = quad.scaled(
        x: Double(grey.width) / Double(luma.width), y: Double(grey.height) / Double(luma.height)
      ).corners
      let (xs, ys) = (corners.map(\.x), corners.map(\.y))
      let left = Int(xs.reduce(.infinity, min).rounded(.down)) - 1
      let top = Int(ys.reduce(.infinity, min).rounded(.down)) - 1
      return PixelRect(
        x: left, y: top, width: Int(xs.reduce(-.infinity, max).rounded(.up)) + 2 - left,
        height: Int(ys.reduce(-.infinity, max).rounded(.up)) + 2 - top)
    }
    return InkImage.make(grey: grey, colour: colour, region: region)
  }
}
