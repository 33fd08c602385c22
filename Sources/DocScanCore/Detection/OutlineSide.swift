/// One side of an outline: where it starts, its unit direction and length,
/// and its unit normal pointing away from the outline's centre.
struct OutlineSide {
  let start: Point
  let direction: Point
  let normal: Point
  let length: Double

  init?(from a: Point, to b: Point, away centre: Point) {
    length = a.distance(to: b)
    guard length > 1 else { return nil }
    start = a
    direction = Point(x: (b.x - a.x) / length, y: (b.y - a.y) / length)
    let normal = Point(x: direction.y, y: -direction.x)
    let towardCentre = (centre.x - a.x) * normal.x + (centre.y - a.y) * normal.y
    self.normal = towardCentre > 0 ? Point(x: -normal.x, y: -normal.y) : normal
  }

  /// The distance of `point` from the side's line.
  func distance(of point: Point) -> Double {
    abs((point.x - start.x) * normal.x + (point.y - start.y) * normal.y)
  }

  /// The side's line moved `offset` pixels outward.
  func moved(outward offset: Double) -> SideLine {
    SideLine(
      point: Point(x: start.x + offset * normal.x, y: start.y + offset * normal.y),
      direction: direction)
  }
}

/// A line an outline's side lies along: a point on it and its direction.
struct SideLine {
  var point: Point
  var direction: Point

  /// Where this line crosses `other`; nil when they are parallel.
  func crossing(_ other: SideLine) -> Point? {
    let d1 = direction
    let d2 = other.direction
    let denominator = d1.x * d2.y - d1.y * d2.x
    guard abs(denominator) > 1e-6 else { return nil }
    let dx = other.point.x - point.x
    let dy = other.point.y - point.y
    let t = (dx * d2.y - dy * d2.x) / denominator
    return Point(x: point.x + t * d1.x, y: point.y + t * d1.y)
  }
}

extension Quad {
  /// Its four sides in order, their normals pointing outward; nil when a
  /// side is under a pixel long.
  var outlineSides: [OutlineSide]? {
    let centre = Point(
      x: corners.map(\.x).reduce(0, +) / 4, y: corners.map(\.y).reduce(0, +) / 4)
    let sides = (0..<4).compactMap {
      OutlineSide(from: corners[$0], to: corners[($0 + 1) % 4], away: centre)
    }
    return sides.count == 4 ? sides : nil
  }

  /// The quad whose sides lie along `sideLines` (in order), its corners
  /// where neighbouring lines cross; nil when two neighbours are parallel.
  init?(sideLines lines: [SideLine]) {
    var corners: [Point] = []
    for index in lines.indices {
      guard let corner = lines[(index + lines.count - 1) % lines.count].crossing(lines[index])
      else { return nil }
      corners.append(corner)
    }
    self.init(unordered: corners)
  }
}
