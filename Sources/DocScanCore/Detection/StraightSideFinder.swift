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
  /// A page the frame cuts is also outlined by three straight sides and
  /// the frame's border, when each of the three is covered this much: a
  /// pale page on a desk of its own level has no region, but its sides
  /// are still edges.
  public var minimumCutSideSupport = 0.8
  /// ... and each of its corners inside the frame ends both its sides:
  /// past the corner, by `cornerReach` of the side's length, straight
  /// edges cover under `maximumRunOn` of the side's line. A page's edges
  /// end at its corners; the grain lines and plank seams of a desk cross
  /// one another and run on.
  public var cornerReach = 0.15
  public var maximumRunOn = 0.3
  /// ... and the two sides that end on the border reach it: over the last
  /// `cornerReach` of their length they are covered at least this much. A
  /// page the frame cuts runs on to the border; a whole page whose fourth
  /// side was not found (smeared by motion, pale on a pale desk) stops
  /// short of it, and its sides stretched to the border are bare there.
  public var minimumBorderReach = 0.5
  public var support = SideSupport()

  public init() {}

  /// Outlines (source `.straightSides`, `fill` = mean side support, a side
  /// on the border counted as covered) of every quad the lines make, whole
  /// inside the frame or cut by one of its borders
  /// (`minimumCutSideSupport`). Of two sharing three sides, only the
  /// better one is kept (`shapeWeight`).
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
    // The frame's four borders, as lines covered all along: a side the
    // frame cuts lies on one.
    let border = lines.count
    let corners = [
      Point(x: 0, y: 0), Point(x: width - 1, y: 0), Point(x: width - 1, y: height - 1),
      Point(x: 0, y: height - 1),
    ]
    lines += (0..<4).map {
      StraightLine(through: LineSegment(start: corners[$0], end: corners[($0 + 1) % 4]))
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
    var found: [(lines: Set<Int>, cut: Bool, outline: Outline)] = []
    for p in pairs.indices {
      for q in pairs.indices where q > p {
        let (a1, a2) = pairs[p]
        let (b1, b2) = pairs[q]
        guard LineSegment.angle(between: directions[p], and: directions[q]) >= minimumCrossingAngle,
          a1 != b1, a1 != b2, a2 != b1, a2 != b2,
          [a1, a2, b1, b2].filter({ $0 >= border }).count <= 1,
          let c1 = lines[a1].crossing(lines[b1]), let c2 = lines[a1].crossing(lines[b2]),
          let c3 = lines[a2].crossing(lines[b2]), let c4 = lines[a2].crossing(lines[b1])
        else { continue }
        // (Half a pixel's slack: a crossing with a border line is on it.)
        guard
          [c1, c2, c3, c4].allSatisfy({
            $0.x >= -0.5 && $0.y >= -0.5 && $0.x <= width - 0.5 && $0.y <= height - 0.5
          })
        else { continue }
        let corners = [c1, c2, c3, c4].map {
          Point(x: min(max($0.x, 0), width - 1), y: min(max($0.y, 0), height - 1))
        }
        // A side cannot be covered by more than its line's segments: most
        // combinations fail here, before their coverage is measured.
        let lengths = (0..<4).map { corners[$0].distance(to: corners[($0 + 1) % 4]) }
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
        let onBorder = [a1, a2, b1, b2].contains { $0 >= border }
        if onBorder
          && !(sides.allSatisfy({ $0 >= minimumCutSideSupport })
            && cornersEndTheirSides(
              quad, counted: counted, tolerance: tolerance, width: width, height: height)
            && sidesReachTheBorder(
              quad, counted: counted, tolerance: tolerance, width: width, height: height))
        {
          continue
        }
        found.append(
          (
            Set([a1, a2, b1, b2]), onBorder,
            Outline(quad: quad, source: .straightSides, fill: mean)
          ))
      }
    }
    // A fourth side seen beats the border: the page ends there, a few
    // pixels short of the frame's edge.
    return found.filter { candidate in
      !found.contains { other in
        other.lines.intersection(candidate.lines).count == 3
          && (other.cut == candidate.cut
            ? score(other.outline) > score(candidate.outline) : candidate.cut)
      }
    }.map(\.outline)
  }

  /// Whether no side of `quad` runs on as a straight edge past a corner
  /// that lies inside the frame (`cornerReach`, `maximumRunOn`).
  func cornersEndTheirSides(
    _ quad: Quad, counted: [LineSegment], tolerance: Double, width: Double, height: Double
  ) -> Bool {
    let inside = { self.isInside($0, width: width, height: height) }
    let corners = quad.corners
    for index in 0..<4 {
      let from = corners[index]
      let to = corners[(index + 1) % 4]
      let length = from.distance(to: to)
      guard length > 1 else { continue }
      let reach = max(3 * tolerance, cornerReach * length)
      let step = Point(x: (to.x - from.x) / length * reach, y: (to.y - from.y) / length * reach)
      let pastEnd = Point(x: to.x + step.x, y: to.y + step.y)
      let beforeStart = Point(x: from.x - step.x, y: from.y - step.y)
      if inside(to),
        support.coverage(from: to, to: pastEnd, segments: counted, tolerance: tolerance)
          >= maximumRunOn
      {
        return false
      }
      if inside(from),
        support.coverage(from: beforeStart, to: from, segments: counted, tolerance: tolerance)
          >= maximumRunOn
      {
        return false
      }
    }
    return true
  }

  /// Whether each side of `quad` running from a corner inside the frame to
  /// a corner on its border is covered near the border
  /// (`minimumBorderReach` over the last `cornerReach` of its length).
  func sidesReachTheBorder(
    _ quad: Quad, counted: [LineSegment], tolerance: Double, width: Double, height: Double
  ) -> Bool {
    let corners = quad.corners
    for index in 0..<4 {
      var from = corners[index]
      var to = corners[(index + 1) % 4]
      let fromInside = isInside(from, width: width, height: height)
      guard fromInside != isInside(to, width: width, height: height) else { continue }
      if !fromInside { swap(&from, &to) }
      let length = from.distance(to: to)
      guard length > 1 else { continue }
      let reach = min(length, max(3 * tolerance, cornerReach * length)) / length
      let start = Point(x: to.x - (to.x - from.x) * reach, y: to.y - (to.y - from.y) * reach)
      if support.coverage(from: start, to: to, segments: counted, tolerance: tolerance)
        < minimumBorderReach
      {
        return false
      }
    }
    return true
  }

  /// Whether `point` lies inside the frame, off its border.
  private func isInside(_ point: Point, width: Double, height: Double) -> Bool {
    let margin = support.borderTolerance
    return point.x > margin && point.y > margin && point.x < width - 1 - margin
      && point.y < height - 1 - margin
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
