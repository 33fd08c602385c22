/// Moves the sides of a whole document's outline outward onto its edges.
///
/// A pale page on a light desk differs from the desk by a few levels: its
/// region (bright, or unlike the desk) stops short of the page's rim, so
/// the outline lies inside the page, never outside it. Along the page's
/// real edge the small step in level is the same over the whole side, so
/// averaged along the side it stands out of the noise, where one pixel's
/// gradient would not. Print inside the page lies inward, so only outward
/// is searched; the first clear step outward is the edge. The search starts
/// a few pixels inward: an outline already on the rim, or just outside it,
/// finds the rim's own step first and stays, instead of walking on to a
/// shadow or a line of the desk beyond.
public struct EdgeSnap: Sendable {
  /// How far outward a side may move, as a share of the outline's extent
  /// across it (its mean distance from the opposite side).
  public var reach = 0.06
  /// A step counts when its mean over the side is at least this many
  /// levels (measured between points `halfWidth` pixels either side) ...
  public var minimumStep = 1.0
  /// ... and this many times the median step over the searched band (the
  /// desk's texture) and this many times its own standard error (the same
  /// step all along the side, not noise or grain that happens to average
  /// out above the floor).
  public var stepOverNoise = 3.0
  public var stepOverError = 5.0
  public var halfWidth = 2.0
  /// Points along each side, at most; its ends (`endShare` each) are left
  /// out, where the neighbouring sides' corrections would move them.
  public var samplesPerSide = 160
  public var endShare = 0.1

  public init() {}

  /// `quad` with each side moved onto the first clear edge outward of it
  /// (sides with none stay where they are).
  public func snapped(_ quad: Quad, in image: LumaImage) -> Quad {
    let corners = quad.corners
    guard let sides = quad.outlineSides else { return quad }
    var lines: [SideLine] = []
    var anyMoved = false
    for (index, side) in sides.enumerated() {
      let opposite = (corners[(index + 2) % 4], corners[(index + 3) % 4])
      let across =
        (side.distance(of: opposite.0) + side.distance(of: opposite.1)) / 2
      let offset = edgeOffset(along: side, reach: Int((reach * across).rounded()), in: image)
      anyMoved = anyMoved || offset > 0
      lines.append(side.moved(outward: offset))
    }
    // No side moved: the outline as it was, not rebuilt from its lines.
    guard anyMoved else { return quad }
    return Quad(sideLines: lines) ?? quad
  }

  /// Pixels outward to the first clear step in level along `side`, 0 if
  /// none or if the first lies at the side or inward of it.
  func edgeOffset(along side: OutlineSide, reach: Int, in image: LumaImage) -> Double {
    guard reach >= 2 else { return 0 }
    let inward = Int(halfWidth.rounded(.up)) + 1
    let measured = (-inward...reach).map {
      meanStep(along: side, offset: Double($0), in: image)
    }
    let steps = measured.map(\.mean)
    let sorted = steps.map(abs).sorted()
    let noise = sorted[sorted.count / 2]
    let threshold = max(minimumStep, stepOverNoise * noise)
    for index in steps.indices
    where abs(steps[index]) >= threshold
      && abs(steps[index]) >= stepOverError * measured[index].error
    {
      // The step's peak: follow it while it grows.
      var peak = index
      while peak + 1 < steps.count && abs(steps[peak + 1]) > abs(steps[peak]) { peak += 1 }
      return Double(max(0, peak - inward))
    }
    return 0
  }

  /// The mean difference in level across the line `offset` pixels outward
  /// of `side` (outside minus inside), over the points that fall inside
  /// the image, and the mean's standard error.
  func meanStep(along side: OutlineSide, offset: Double, in image: LumaImage) -> (
    mean: Double, error: Double
  ) {
    let count = max(2, min(samplesPerSide, Int(side.length / 2)))
    var sum = 0.0
    var squares = 0.0
    var used = 0
    for index in 0..<count {
      let t = endShare + (1 - 2 * endShare) * Double(index) / Double(count - 1)
      let base = Point(
        x: side.start.x + t * side.length * side.direction.x + offset * side.normal.x,
        y: side.start.y + t * side.length * side.direction.y + offset * side.normal.y)
      guard
        let outside = level(
          at: Point(
            x: base.x + halfWidth * side.normal.x, y: base.y + halfWidth * side.normal.y),
          in: image),
        let inside = level(
          at: Point(
            x: base.x - halfWidth * side.normal.x, y: base.y - halfWidth * side.normal.y),
          in: image)
      else { continue }
      sum += outside - inside
      squares += (outside - inside) * (outside - inside)
      used += 1
    }
    // A side mostly outside the image has no edge to find there.
    guard used * 2 >= count, used >= 2 else { return (0, .infinity) }
    let mean = sum / Double(used)
    let variance = max(0, squares / Double(used) - mean * mean)
    return (mean, (variance / Double(used - 1)).squareRoot())
  }

  private func level(at point: Point, in image: LumaImage) -> Double? {
    let x = Int(point.x.rounded())
    let y = Int(point.y.rounded())
    guard x >= 0, y >= 0, x < image.width, y < image.height else { return nil }
    return Double(image[x, y])
  }
}
