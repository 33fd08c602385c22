/// The colour of a video frame: its blue and red colour differences (Cb and
/// Cr; 128 is grey). The analysis frame's small copy (`width(forAnalysisWidth:)`,
/// a quarter of the analysis image's width) is what detection uses where a
/// page and its desk differ more in colour than in level (a cream page on a
/// white desk); the video's own chroma planes make the MRZ's `InkImage`.
public struct ChromaImage: Sendable {
  public var blueDifference: LumaImage
  public var redDifference: LumaImage

  public init(blueDifference: LumaImage, redDifference: LumaImage) {
    precondition(
      blueDifference.width == redDifference.width && blueDifference.height == redDifference.height
        && blueDifference.stride == redDifference.stride, "the two planes differ in size")
    self.blueDifference = blueDifference
    self.redDifference = redDifference
  }

  /// The copy's width for an analysis image `analysisWidth` wide.
  public static func width(forAnalysisWidth analysisWidth: Int) -> Int {
    max(1, analysisWidth / 4)
  }
}
