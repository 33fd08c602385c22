#if canImport(Glibc)
  import Glibc
#endif

/// Finds documents by their four straight sides: pairs of roughly parallel
/// lines, two pairs crossing, each side mostly covered by straight edges.
///
/// Regions and hulls take in whatever touches the page (fingers, a hand
/// reaching to the frame's border, a desk of the page's own level); the
/// sides of the page stay straight lines between the fingers.
public struct StraightSideFinder: Sendable {
  /// Segments shorter than this share of the frame's short side are print.
  public var minimumSegmentFraction = 0.05
  /// Segments within this angle (and `SideSupport`'s distance) of a line
  /// are merged into it.
  public var mergeAngle = 3.0 * Double.pi / 180
  /// The longest lines kept (the search is over pairs of pairs of them).
  public var maximumLines = 24
  /// Opposite sides may differ in direction this much (perspective up to
  /// past the tilt limit, so that a steep view is still found and judged).
  public var maximumOppositeAngle = 40.0 * Double.pi / 180
  /// The two pairs must cross at least at this angle.
  public var minimumCrossingAngle = 45.0 * Double.pi / 180
  /// Opposite sides at least this share of the frame's short side apart.
  public var minimumSideFraction = 0.1
  /// Every side must be covered this much, and the four on average
  /// `minimumMeanSupport` (fingers over one side leave half of it).
  public var minimumSideSupport = 0.3
  public var minimumMeanSupport = 0.6
  /// Corners no more off square than this (in degrees).
  public var maximumCornerSkew = 40.0
  public var minimumAreaFraction = 0.02
  /// Of two quads sharing three lines, the better one has the higher mean
  /// side support less this weight times how far its proportions are from
  /// the nearest ICAO shape (|log| of the ratio). A page's own sides fit a
  /// shape; a page's side extended to a desk pattern beyond it does not,
  /// nor does a page cut short where its white MRZ band meets a white desk
  /// (a TD3 page without its band is 1.9:1, not 1.42:1).
  public var shapeWeight = 1.5
  public var support = SideSupport()

  public init() {}

  /// Outlines (source `.straightSides`, `fill` = mean side support) of
  /// every quad the lines make, whole inside the frame. Of two sharing
  /// three sides, only the better one is kept (`shapeWeight`).
  public func outlines(segments: [LineSegment], frameWidth: Int, frameHeight: Int) -> [Outline] {
    let width = Double(frameWidth)
    let height = Double(frameHeight)
    let shortSide = min(width, height)
    let long = segments.filter { $0.length >= minimumSegmentFraction * shortSide }
    let counted = support.counted(segments, frameWidth: frameWidth, frameHeight: frameHeight)
    let tolerance = max(2.5, support.distanceFraction * shortSide)
    var lines = Array(
      merged(long, tolerance: tolerance).sorted { $0.support > $1.support }.prefix(maximumLines))
    // What each line can carry: every segment that would count along it.
    for index in lines.indices {
      lines[index].support = counted.filter {
        lines[index].holds($0, angleTolerance: support.angleTolerance, tolerance: tolerance)
      }.reduce(0) { $0 + $1.length }
    }
    var pairs: [(Int, Int)] = []
    for a in lines.indices {
      for b in lines.indices where b > a {
        guard
          LineSegment.angle(between: lines[a].direction, and: lines[b].direction)
            <= maximumOppositeAngle,
          apart(lines[a], lines[b]) >= minimumSideFraction * shortSide
        else { continue }
        pairs.append((a, b))
      }
    }
    let directions = pairs.map { meanDirection(lines[$0.0], lines[$0.1]) }
    var found: [(lines: Set<Int>, outline: Outline)] = []
    for p in pairs.indices {
      for q in pairs.indices where q > p {
        let (a1, a2) = pairs[p]
        let (b1, b2) = pairs[q]
        guard LineSegment.angle(between: directions[p], and: directions[q]) >= minimumCrossingAngle,
          a1 != b1, a1 != b2, a2 != b1, a2 != b2,
          let c1 = lines[a1].crossing(lines[b1]), let c2 = lines[a1].crossing(lines[b2]),
          let c3 = lines[a2].crossing(lines[b2]), let c4 = lines[a2].crossing(lines[b1])
        else { continue }
        let corners = [c1, c2, c3, c4]
        guard
          corners.allSatisfy({ $0.x >= 0 && $0.y >= 0 && $0.x <= width - 1 && $0.y <= height - 1 })
        else { continue }
        // A side cannot be covered by more than its line's segments: most
        // combinations fail here, before their coverage is measured.
        let lengths = [
          c1.distance(to: c2), c2.distance(to: c3), c3.distance(to: c4), c4.distance(to: c1),
        ]
        let carried = [lines[a1].support, lines[b2].support, lines[a2].support, lines[b1].support]
        guard (0..<4).allSatisfy({ carried[$0] >= minimumSideSupport * lengths[$0] }),
          carried.reduce(0, +) >= minimumMeanSupport * lengths.reduce(0, +)
        else { continue }
        let quad = Quad(unordered: corners)
        guard quad.area >= minimumAreaFraction * width * height, isConvex(quad),
          quad.maximumCornerSkew <= maximumCornerSkew
        else { continue }
        let sides = support.sides(
          of: quad, counted: counted, frameWidth: frameWidth, frameHeight: frameHeight)
        let mean = sides.reduce(0, +) / 4
        guard sides.allSatisfy({ $0 >= minimumSideSupport }), mean >= minimumMeanSupport else {
          continue
        }
        found.append(
          (Set([a1, a2, b1, b2]), Outline(quad: quad, source: .straightSides, fill: mean)))
      }
    }
    return found.filter { candidate in
      !found.contains { other in
        other.lines.intersection(candidate.lines).count == 3
          && score(other.outline) > score(candidate.outline)
      }
    }.map(\.outline)
  }

  func score(_ outline: Outline) -> Double {
    let aspect = outline.quad.aspectRatio
    return outline.fill
      - shapeWeight * abs(log(aspect / DocumentShape.nearest(to: aspect).aspectRatio))
  }

  /// Collinear segments joined into lines, longest segment first.
  func merged(_ segments: [LineSegment], tolerance: Double) -> [StraightLine] {
    var lines: [StraightLine] = []
    for segment in segments.sorted(by: { $0.length > $1.length }) {
      if let index = lines.firstIndex(where: {
        $0.holds(segment, angleTolerance: mergeAngle, tolerance: tolerance)
      }) {
        lines[index].support += segment.length
      } else {
        lines.append(StraightLine(through: segment))
      }
    }
    return lines
  }

  /// How far apart two nearly parallel lines are (measured along the
  /// first one's normal, at the foot of the origin on the second).
  private func apart(_ a: StraightLine, _ b: StraightLine) -> Double {
    let foot = Point(x: b.normalX * b.offset, y: b.normalY * b.offset)
    return a.distance(to: foot)
  }

  private func meanDirection(_ a: StraightLine, _ b: StraightLine) -> Double {
    var d = b.direction
    if d - a.direction > .pi / 2 { d -= .pi }
    if a.direction - d > .pi / 2 { d += .pi }
    var mean = (a.direction + d) / 2
    if mean < 0 { mean += .pi }
    if mean >= .pi { mean -= .pi }
    return mean
  }

  private func isConvex(_ quad: Quad) -> Bool {
    var sign = 0.0
    for index in 0..<4 {
      let a = quad.corners[index]
      let b = quad.corners[(index + 1) % 4]
      let c = quad.corners[(index + 2) % 4]
      let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
      if abs(cross) < 1e-9 { return false }
      if sign == 0 { sign = cross } else if (sign > 0) != (cross > 0) { return false }
    }
    return true
  }
}
