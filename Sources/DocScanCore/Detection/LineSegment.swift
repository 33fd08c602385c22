#if canImport(Glibc)
  import Glibc
#endif

/// A straight edge seen in an image, in its pixels.
public struct LineSegment: Equatable, Sendable {
  public var start: Point
  public var end: Point

  public init(start: Point, end: Point) {
    self.start = start
    self.end = end
  }

  public var length: Double { start.distance(to: end) }

  /// The direction in radians, 0 ..< pi (a segment has no sense).
  public var direction: Double {
    let angle = atan2(end.y - start.y, end.x - start.x)
    return angle < 0 ? angle + .pi : (angle >= .pi ? angle - .pi : angle)
  }

  /// The smaller angle between two directions of 0 ..< pi.
  static func angle(between a: Double, and b: Double) -> Double {
    let difference = abs(a - b)
    return min(difference, .pi - difference)
  }
}
