/// The image operations detection and reading need, done by a vision
/// library (the GStreamer element uses OpenCV's imgproc). The core decides
/// what the results mean.
public protocol DocumentVision: Sendable {
  /// Convex four-sided outlines found in the image, in its pixels; `chroma`
  /// (a smaller colour copy of the same image) helps where it is given.
  func outlines(in image: LumaImage, chroma: ChromaImage?) -> [Outline]
  /// The inside of `quad` warped to a fronto-parallel `width` x `height` image.
  func dewarp(_ image: LumaImage, quad: Quad, width: Int, height: Int) -> LumaImage?
  /// The image's dark blobs (printed characters, mostly), for the MRZ's
  /// print size where no outline gives it (`MRZPrintGauge`).
  func darkBlobs(in image: LumaImage) -> [PixelRect]
  /// `image` with its edges steepened by the unsharp mask: each pixel moved
  /// away from its Gaussian-blurred neighbourhood (`sigma` pixels) by
  /// `amount` times the difference. Nil when it cannot be made (`sigma`
  /// must be above 0).
  func unsharpMasked(_ image: LumaImage, sigma: Double, amount: Double) -> LumaImage?
}

/// A candidate outline and how it was found.
public struct Outline: Equatable, Sendable {
  public enum Source: Sendable {
    /// Traced along edges: precise, but textures make edges too.
    case edges
    /// The border of a bright region: a page is brighter than most desks.
    case brightRegion
    /// The border of a region unlike the desk seen along the frame's border
    /// (in level or colour): a page on a desk as light as itself.
    case unlikeDesk
    /// Four lines along straight edges (`StraightSideFinder`): a page's
    /// sides between the fingers over them.
    case straightSides
    /// The border of a region unlike the desk in texture: a card's
    /// underprint on a plain desk of its own level and colour. The texture
    /// window blurs its rim, so `DocumentDetector` turns to it only when no
    /// other outline gives a document, or when one holds, much larger, the
    /// outline the others give (that outline is then a part of the page).
    case texture
  }

  public var quad: Quad
  public var source: Source
  /// The share of the quad its region fills (the area of the contour the
  /// quad was fitted to over the quad's): about 1 for a page seen whole;
  /// less where something covers part of it and the convex hull bridges
  /// over (fingers over a bright page cut into its region). For
  /// `.straightSides`, the mean share of its sides along straight edges.
  public var fill: Double
  /// The mean share of the outline's sides that lie along straight edges
  /// (`SideSupport`); nil when not measured.
  public var sideSupport: Double?
  /// The least share of any one side along straight edges (a side the
  /// frame cuts counts as covered); nil when not measured.
  public var weakestSideSupport: Double?

  public init(
    quad: Quad, source: Source, fill: Double = 1, sideSupport: Double? = nil,
    weakestSideSupport: Double? = nil
  ) {
    self.quad = quad
    self.source = source
    self.fill = fill
    self.sideSupport = sideSupport
    self.weakestSideSupport = weakestSideSupport
  }
}
