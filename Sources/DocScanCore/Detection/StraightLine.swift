#if canImport(Glibc)
  import Glibc
#endif

/// An infinite line made of the collinear segments along it: `normal` . p
/// = `offset` for its points p. `support` is the total length of its
/// segments.
struct StraightLine: Sendable {
  var direction: Double
  var normalX: Double
  var normalY: Double
  var offset: Double
  var support: Double

  init(through segment: LineSegment) {
    direction = segment.direction
    normalX = -sin(direction)
    normalY = cos(direction)
    offset = normalX * segment.start.x + normalY * segment.start.y
    support = segment.length
  }

  func distance(to point: Point) -> Double {
    abs(normalX * point.x + normalY * point.y - offset)
  }

  /// Whether `segment` lies along this line: nearly its direction and
  /// both ends within `tolerance` pixels.
  func holds(_ segment: LineSegment, angleTolerance: Double, tolerance: Double) -> Bool {
    LineSegment.angle(between: direction, and: segment.direction) <= angleTolerance
      && distance(to: segment.start) <= tolerance && distance(to: segment.end) <= tolerance
  }

  /// Where two lines cross; nil when they are (nearly) parallel.
  func crossing(_ other: StraightLine) -> Point? {
    let determinant = normalX * other.normalY - normalY * other.normalX
    guard abs(determinant) > 1e-6 else { return nil }
    return Point(
      x: (offset * other.normalY - normalY * other.offset) / determinant,
      y: (normalX * other.offset - offset * other.normalX) / determinant)
  }
}
