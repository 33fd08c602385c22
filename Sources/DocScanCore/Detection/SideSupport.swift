/// How much of each side of an outline lies along straight edges seen in
/// the image. A document's sides are straight edges; an outline bridged
/// over a hand, or a desk pattern taken into a region, has sides that are
/// not.
public struct SideSupport: Sendable {
  /// A segment counts for a side when it runs within this angle of it...
  public var angleTolerance = 5.0 * Double.pi / 180
  /// ...and both its ends lie within this share of the frame's short side
  /// of the side's line (about 6 px at 720p: LSD's segments come from a
  /// half-size copy, and region outlines are fitted to hulls).
  public var distanceFraction = 0.008
  /// Segments shorter than this share of the frame's short side (a
  /// stroke of print) do not count.
  public var minimumSegmentFraction = 0.02
  /// A side within this many pixels of the frame's border is the frame's
  /// cut, which counts as supported.
  public var borderTolerance = 2.0

  public init() {}

  /// The share of each side (top, right, bottom, left) covered by
  /// segments along it, 0 ... 1.
  public func sides(
    of quad: Quad, segments: [LineSegment], frameWidth: Int, frameHeight: Int
  ) -> [Double] {
    sides(
      of: quad, counted: counted(segments, frameWidth: frameWidth, frameHeight: frameHeight),
      frameWidth: frameWidth, frameHeight: frameHeight)
  }

  /// The segments long enough to count.
  func counted(_ segments: [LineSegment], frameWidth: Int, frameHeight: Int) -> [LineSegment] {
    let shortSide = Double(min(frameWidth, frameHeight))
    return segments.filter { $0.length >= minimumSegmentFraction * shortSide }
  }

  /// `sides(of:segments:...)` for segments already `counted`.
  func sides(of quad: Quad, counted: [LineSegment], frameWidth: Int, frameHeight: Int) -> [Double] {
    let tolerance = max(2.5, distanceFraction * Double(min(frameWidth, frameHeight)))
    return (0..<4).map { index in
      let from = quad.corners[index]
      let to = quad.corners[(index + 1) % 4]
      if liesOnBorder(from, to, width: Double(frameWidth), height: Double(frameHeight)) {
        return 1
      }
      return coverage(from: from, to: to, segments: counted, tolerance: tolerance)
    }
  }

  func coverage(from: Point, to: Point, segments: [LineSegment], tolerance: Double) -> Double {
    let length = from.distance(to: to)
    guard length > 1 else { return 0 }
    let line = StraightLine(through: LineSegment(start: from, end: to))
    let dx = (to.x - from.x) / length
    let dy = (to.y - from.y) / length
    var spans: [(Double, Double)] = []
    for segment in segments
    where line.holds(segment, angleTolerance: angleTolerance, tolerance: tolerance) {
      let a = (segment.start.x - from.x) * dx + (segment.start.y - from.y) * dy
      let b = (segment.end.x - from.x) * dx + (segment.end.y - from.y) * dy
      let low = max(0, min(a, b))
      let high = min(length, max(a, b))
      if high > low { spans.append((low, high)) }
    }
    // The union of the spans: overlapping segments count once.
    var covered = 0.0
    var reach = 0.0
    for (low, high) in spans.sorted(by: { $0.0 < $1.0 }) where high > reach {
      covered += high - max(low, reach)
      reach = high
    }
    return covered / length
  }

  /// How many of the quad's sides lie on the frame's border (its cuts).
  public func sidesOnBorder(of quad: Quad, frameWidth: Int, frameHeight: Int) -> Int {
    (0..<4).filter { index in
      liesOnBorder(
        quad.corners[index], quad.corners[(index + 1) % 4], width: Double(frameWidth),
        height: Double(frameHeight))
    }.count
  }

  private func liesOnBorder(_ a: Point, _ b: Point, width: Double, height: Double) -> Bool {
    let t = borderTolerance
    return (a.x <= t && b.x <= t) || (a.y <= t && b.y <= t)
      || (a.x >= width - 1 - t && b.x >= width - 1 - t)
      || (a.y >= height - 1 - t && b.y >= height - 1 - t)
  }
}
