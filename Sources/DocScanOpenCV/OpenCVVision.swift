import COpenCVShim
import DocScanCore

/// `DocumentVision` done by OpenCV's imgproc through the C++ shim.
public struct OpenCVVision: DocumentVision {
  /// Search settings; the defaults suit a document on a desk in a 720p frame.
  public var workingWidth = 640
  /// Canny thresholds for an image whose levels spread over at least
  /// `cannyFullSpread` (1st to 99th percentile); an image of less contrast
  /// (low light, a page on a desk of its own level) gets them scaled by its
  /// spread over that, down to `cannyMinimumScale`.
  public var cannyLow = 30.0
  public var cannyHigh = 90.0
  public var cannyFullSpread = 128.0
  public var cannyMinimumScale = 0.25
  public var minimumAreaFraction = 0.02
  public var approximationFraction = 0.02
  /// Page and desk must differ by this many luma levels for the threshold source.
  public var minimumThresholdContrast = 40.0
  /// Both sides of the threshold must cover this share of the image.
  public var minimumThresholdShare = 0.03
  /// The desk is modelled on a border ring this share of the short side
  /// wide; a pixel is unlike it beyond `deskSpread` robust deviations of the
  /// ring and at least `deskLumaFloor` luma or `deskChromaFloor` chroma
  /// levels (video noise on a flat desk stays within both), both floors
  /// scaled like the Canny thresholds in an image of little level spread
  /// (a white desk in low light: page and desk a few levels apart).
  public var deskRingFraction = 0.04
  public var deskSpread = 4.0
  public var deskLumaFloor = 8.0
  public var deskChromaFloor = 4.0
  /// Texture (the absolute Laplacian of the 640 px copy averaged over 2x2
  /// blocks, then its 5x5 median: 0 on most of a plain desk, 4 on its
  /// noisiest 1 %, 10-14 on a card's underprint in a 1 Mbit/s 720p frame)
  /// is unlike the desk from this many levels off the desk's, not scaled
  /// with the image's level spread (compression noise is not); 0 leaves
  /// texture out.
  public var deskTextureFloor = 4.0
  /// At most this many candidates are returned per frame.
  public var capacity = 64
  /// At most this many straight edges (the longest) are looked at.
  public var segmentCapacity = 400
  /// The luma's straight edges are looked for on a copy this wide (the
  /// other searches use `workingWidth`): LSD's cost goes with the pixels
  /// it sees, and guidance measures as well at 480 as at 640 or better
  /// (docs/analysis-cost.md).
  public var segmentWorkingWidth = 480
  /// The colour-difference planes' levels are stretched this much about
  /// their middle before their straight edges are looked for. A pale
  /// tinted page on a white desk differs from it by about 5 levels in the
  /// colour copy of an H.264 frame and hardly at all in luma (its sides
  /// then have no luma edge); LSD's gradient threshold is about 5 levels
  /// per pixel (docs/detection-measurements.md).
  public var chromaContrastGain = 5.0
  public var straightSides = StraightSideFinder()
  /// How much darker than its neighbourhood ink is for `darkBlobs` (the
  /// MRZ reader's first threshold).
  public var blobDarkness = 10.0

  public init() {}

  public func outlines(in image: LumaImage, chroma: ChromaImage?) -> [Outline] {
    var search = DocScanQuadSearch(
      working_width: Int32(workingWidth), canny_low: cannyLow, canny_high: cannyHigh,
      canny_full_spread: cannyFullSpread,
      canny_min_scale: cannyMinimumScale,
      min_area_fraction: minimumAreaFraction, approx_fraction: approximationFraction,
      min_threshold_contrast: minimumThresholdContrast,
      min_threshold_share: minimumThresholdShare, desk_ring_fraction: deskRingFraction,
      desk_spread: deskSpread, desk_luma_floor: deskLumaFloor,
      desk_chroma_floor: deskChromaFloor, desk_texture_floor: deskTextureFloor)
    var found = [DocScanQuadCandidate](repeating: DocScanQuadCandidate(), count: capacity)
    let count = image.pixels.withUnsafeBufferPointer { pixels in
      withChromaPlanes(chroma) { planes in
        docscan_find_quads(
          pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.stride), planes,
          &search, &found, Int32(capacity))
      }
    }
    let regions = found.prefix(Int(count)).map { candidate in
      let xs = [candidate.x.0, candidate.x.1, candidate.x.2, candidate.x.3]
      let ys = [candidate.y.0, candidate.y.1, candidate.y.2, candidate.y.3]
      let quad = Quad(unordered: zip(xs, ys).map { Point(x: $0, y: $1) })
      return Outline(
        quad: quad, source: Self.source(of: candidate),
        fill: quad.area > 0 ? candidate.contour_area / quad.area : 0)
    }
    let segments = lineSegments(in: image, chroma: chroma)
    let support = straightSides.support
    let measured = regions.map { outline in
      var outline = outline
      let sides = support.sides(
        of: outline.quad, segments: segments, frameWidth: image.width, frameHeight: image.height)
      outline.sideSupport = sides.reduce(0, +) / 4
      outline.weakestSideSupport = sides.min()
      return outline
    }
    return measured
      + straightSides.outlines(
        segments: segments, frameWidth: image.width, frameHeight: image.height)
  }

  /// The image's straight edges (OpenCV's LSD on a `segmentWorkingWidth` copy),
  /// and those of `chroma`'s two planes, in the image's pixels.
  public func lineSegments(in image: LumaImage, chroma: ChromaImage? = nil) -> [LineSegment] {
    let luma = segments(in: image, workingWidth: segmentWorkingWidth, gain: 1, scale: 1)
    guard let chroma, chroma.blueDifference.width > 0 else { return luma }
    let scale = Double(image.width) / Double(chroma.blueDifference.width)
    return luma
      + [chroma.blueDifference, chroma.redDifference].flatMap {
        segments(in: $0, workingWidth: $0.width, gain: chromaContrastGain, scale: scale)
      }
  }

  /// LSD's segments in `plane` (levels stretched by `gain`), scaled by
  /// `scale` into the analysed image's pixels (a plane's pixel stands for
  /// the `scale` x `scale` block it was sampled from, its centre in the
  /// block's middle).
  private func segments(in plane: LumaImage, workingWidth: Int, gain: Double, scale: Double)
    -> [LineSegment]
  {
    var found = [DocScanSegment](repeating: DocScanSegment(), count: segmentCapacity)
    let count = plane.pixels.withUnsafeBufferPointer { pixels in
      docscan_find_segments(
        pixels.baseAddress, Int32(plane.width), Int32(plane.height), Int32(plane.stride),
        Int32(workingWidth), gain, &found, Int32(segmentCapacity))
    }
    func scaled(_ value: Double) -> Double { (value + 0.5) * scale - 0.5 }
    return found.prefix(Int(count)).map {
      LineSegment(
        start: Point(x: scaled($0.x0), y: scaled($0.y0)),
        end: Point(x: scaled($0.x1), y: scaled($0.y1)))
    }
  }

  public func dewarp(_ image: LumaImage, quad: Quad, width: Int, height: Int) -> LumaImage? {
    var ok = false
    let corners = quad.flattened
    let stride = (width + 3) & ~3
    let result = LumaImage(width: width, height: height, stride: stride) { out in
      ok =
        image.pixels.withUnsafeBufferPointer { pixels in
          docscan_warp_quad(
            pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.stride),
            corners, out.baseAddress, Int32(width), Int32(height), Int32(stride))
        } != 0
    }
    return ok ? result : nil
  }

  /// Ink at least `blobDarkness` levels darker than its neighbourhood.
  public func darkBlobs(in image: LumaImage) -> [PixelRect] {
    InkBlobs.find(in: image, darkness: blobDarkness)
  }

  public func unsharpMasked(_ image: LumaImage, sigma: Double, amount: Double) -> LumaImage? {
    var ok = false
    let sharpened = LumaImage(width: image.width, height: image.height, stride: image.width) {
      out in
      ok =
        image.pixels.withUnsafeBufferPointer { pixels in
          docscan_unsharp_mask(
            pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.stride),
            sigma, amount, out.baseAddress)
        } != 0
    }
    return ok ? sharpened : nil
  }

  private static func source(of candidate: DocScanQuadCandidate) -> Outline.Source {
    switch candidate.source {
    case 1: return .brightRegion
    case 2: return .unlikeDesk
    case 3: return .texture
    default: return .edges
    }
  }
}
