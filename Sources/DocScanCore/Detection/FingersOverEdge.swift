/// Finds fingers lying across a document's edge.
///
/// Where nothing covers a side, just inside it lies the page's margin and
/// just outside it the desk: the two differ (that is the edge). Where a
/// finger lies across the side, both points fall on the finger: inside and
/// outside look alike, and unlike the page's own margin. A light desk
/// the colour of skin does not hide this, since the desk outside is never
/// compared with anything but the point inside next to it.
///
/// A page printed up to its edge in the desk's colour looks the same (a
/// tinted MRZ band on a desk of its tint), so what lies across the side
/// must also have the colour of skin: Cr 133-173 and Cb 77-127, the
/// classic skin cluster of Chai and Ngan (1999), wide enough for every
/// skin tone under white light.
public struct FingersOverEdge: Sendable {
  /// How far inside and outside the side the colours are taken, as a
  /// share of the outline's extent across the side (its distance from the
  /// opposite side), and at least `minimumDepth` pixels: past the blur of
  /// the edge, well short of a finger's length. (The colour copy's cells
  /// are 4 pixels: on an outline under about 220 pixels across, the
  /// nearer points may share a cell with the edge.)
  public var depthShare = 0.03
  public var minimumDepth = 4.0
  /// Points along each side; the ends (`endShare` of it each) are left out,
  /// where a corner's rounding or the next side's blur lies.
  public var samplesPerSide = 100
  public var endShare = 0.06
  /// Inside and outside are alike when their colour distance (levels;
  /// chroma counts `chromaWeight` times, being a quarter as spread) is
  /// under `sameColour`, and a point is unlike the page's margin when its
  /// distance from the margin's median colour is over `unlikePage`.
  public var sameColour = 12.0
  public var unlikePage = 20.0
  public var chromaWeight = 2.0
  /// A finger covers at least `minimumRun` neighbouring points, and the
  /// covered points (in such runs) at least `minimumCoveredShare` of a
  /// side: a finger is about 15 % of a card's short side.
  public var minimumRun = 3
  public var minimumCoveredShare = 0.04
  /// Elsewhere along the side, at least this share of its points must lie
  /// on the page's rim: inside like the page's margin, outside unlike it.
  /// An outline found too large has sides over the desk or across the
  /// page, alike on both sides, and on a desk the colour of skin that
  /// would pass for fingers.
  public var minimumRimShare = 0.3
  /// The skin cluster (see above), in the stream's Cr and Cb levels.
  public var skinRedDifference: ClosedRange<Double> = 133...173
  public var skinBlueDifference: ClosedRange<Double> = 77...127

  public init() {}

  /// A colour: luma and the two colour differences, in levels.
  struct Colour {
    var luma: Double
    var blueDifference: Double
    var redDifference: Double
  }

  /// True when something skin-coloured lies across a side of `quad` (in
  /// `luma`'s pixels; `chroma` is the frame's smaller colour copy).
  public func covers(_ quad: Quad, luma: LumaImage, chroma: ChromaImage) -> Bool {
    guard let sides = quad.outlineSides else { return false }
    let corners = quad.corners
    let samples: [[(inside: Colour, outside: Colour)?]] = sides.enumerated().map { index, side in
      let opposite = (corners[(index + 2) % 4], corners[(index + 3) % 4])
      let across = (side.distance(of: opposite.0) + side.distance(of: opposite.1)) / 2
      let depth = max(minimumDepth, depthShare * across)
      let count = max(2, samplesPerSide)
      return (0..<count).map { step in
        let t = endShare + (1 - 2 * endShare) * Double(step) / Double(count - 1)
        let onSide = Point(
          x: side.start.x + t * side.length * side.direction.x,
          y: side.start.y + t * side.length * side.direction.y)
        guard let inside = colour(at: onSide, offset: -depth, normal: side.normal, luma, chroma),
          let outside = colour(at: onSide, offset: depth, normal: side.normal, luma, chroma)
        else { return nil }
        return (inside, outside)
      }
    }
    let margin = samples.joined().compactMap { $0?.inside }
    guard !margin.isEmpty else { return false }
    let page = Colour(
      luma: median(margin.map(\.luma)), blueDifference: median(margin.map(\.blueDifference)),
      redDifference: median(margin.map(\.redDifference)))
    return samples.contains { side in
      let measured = side.compactMap { $0 }.count
      // A side mostly outside the image says nothing.
      guard measured * 2 >= side.count else { return false }
      let covered = side.map { pair in
        guard let pair else { return false }
        return isSkin(pair.inside) && distance(pair.inside, pair.outside) < sameColour
          && distance(pair.inside, page) > unlikePage
      }
      let onRim = side.compactMap { $0 }.filter {
        distance($0.inside, page) < unlikePage && distance($0.outside, page) >= sameColour
      }.count
      return Double(coveredInRuns(covered)) >= minimumCoveredShare * Double(side.count)
        && Double(onRim) >= minimumRimShare * Double(side.count)
    }
  }

  /// The points of `covered` that lie in runs of at least `minimumRun`
  /// that end before the side's ends. A run to the end of a side may be
  /// the side running off the page onto the desk (an outline found too
  /// large along it): fingers over an edge leave the rim on both sides of
  /// them. (A hand over a corner alone is left to the region rules of
  /// `DocumentDetector`.)
  func coveredInRuns(_ covered: [Bool]) -> Int {
    var total = 0
    var run = 0
    for (index, isCovered) in covered.enumerated() {
      if isCovered {
        run += 1
      } else {
        if run >= minimumRun && run < index { total += run }
        run = 0
      }
    }
    return total
  }

  func isSkin(_ colour: Colour) -> Bool {
    skinRedDifference.contains(colour.redDifference)
      && skinBlueDifference.contains(colour.blueDifference)
  }

  func distance(_ a: Colour, _ b: Colour) -> Double {
    let luma = a.luma - b.luma
    let blue = chromaWeight * (a.blueDifference - b.blueDifference)
    let red = chromaWeight * (a.redDifference - b.redDifference)
    return (luma * luma + blue * blue + red * red).squareRoot()
  }

  /// The median colour of three points `offset` pixels along `normal` from
  /// `point` (at 0.6, 0.8 and 1 times it: one stray line of print does not
  /// decide); nil when any falls outside the image.
  func colour(
    at point: Point, offset: Double, normal: Point, _ luma: LumaImage, _ chroma: ChromaImage
  ) -> Colour? {
    func at(_ share: Double) -> Colour? {
      pixel(
        x: point.x + share * offset * normal.x, y: point.y + share * offset * normal.y, luma,
        chroma)
    }
    guard let a = at(0.6), let b = at(0.8), let c = at(1) else { return nil }
    return Colour(
      luma: median(a.luma, b.luma, c.luma),
      blueDifference: median(a.blueDifference, b.blueDifference, c.blueDifference),
      redDifference: median(a.redDifference, b.redDifference, c.redDifference))
  }

  private func pixel(x: Double, y: Double, _ luma: LumaImage, _ chroma: ChromaImage) -> Colour? {
    let column = Int(x.rounded())
    let row = Int(y.rounded())
    guard column >= 0, row >= 0, column < luma.width, row < luma.height else { return nil }
    let planes = chroma.blueDifference
    let chromaColumn = min(planes.width - 1, column * planes.width / luma.width)
    let chromaRow = min(planes.height - 1, row * planes.height / luma.height)
    return Colour(
      luma: Double(luma[column, row]),
      blueDifference: Double(chroma.blueDifference[chromaColumn, chromaRow]),
      redDifference: Double(chroma.redDifference[chromaColumn, chromaRow]))
  }

  private func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
  }

  private func median(_ a: Double, _ b: Double, _ c: Double) -> Double {
    max(min(a, b), min(max(a, b), c))
  }
}
