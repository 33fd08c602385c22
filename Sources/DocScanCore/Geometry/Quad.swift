#if canImport(Glibc)
  import Glibc
#endif

/// A document outline: four corners in image pixels, ordered upper-left,
/// upper-right, lower-right, lower-left as seen in the image.
public struct Quad: Equatable, Sendable {
  public private(set) var corners: [Point]

  /// Orders four corners given in any order (clockwise as seen, starting
  /// with the corner nearest the image's upper-left).
  public init(unordered points: [Point]) {
    precondition(points.count == 4, "a quad has four corners")
    let cx = points.map(\.x).reduce(0, +) / 4
    let cy = points.map(\.y).reduce(0, +) / 4
    // With y pointing down, increasing angle runs clockwise on screen.
    var sorted = points.sorted { atan2($0.y - cy, $0.x - cx) < atan2($1.y - cy, $1.x - cx) }
    let first = sorted.indices.min { sorted[$0].x + sorted[$0].y < sorted[$1].x + sorted[$1].y }!
    sorted = Array(sorted[first...] + sorted[..<first])
    corners = sorted
  }

  public var upperLeft: Point { corners[0] }
  public var upperRight: Point { corners[1] }
  public var lowerRight: Point { corners[2] }
  public var lowerLeft: Point { corners[3] }

  /// Side lengths: top, right, bottom, left.
  public var sides: [Double] {
    (0..<4).map { corners[$0].distance(to: corners[($0 + 1) % 4]) }
  }

  /// Area by the shoelace formula.
  public var area: Double { Self.area(of: corners) }

  /// Whether `point` lies inside the quad or on its sides (the quad taken
  /// as convex: on the same side of every side).
  public func contains(_ point: Point) -> Bool {
    let turns = (0..<4).map { index -> Double in
      let a = corners[index]
      let b = corners[(index + 1) % 4]
      return (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x)
    }
    return turns.allSatisfy { $0 >= 0 } || turns.allSatisfy { $0 <= 0 }
  }

  /// Long side over short side, averaging opposite sides.
  public var aspectRatio: Double {
    let s = sides
    let horizontal = (s[0] + s[2]) / 2
    let vertical = (s[1] + s[3]) / 2
    return max(horizontal, vertical) / max(1e-9, min(horizontal, vertical))
  }

  /// How unequal opposite sides are (1 = parallel-looking): the perspective.
  public var perspectiveRatio: Double {
    let s = sides
    return max(
      max(s[0], s[2]) / max(1e-9, min(s[0], s[2])), max(s[1], s[3]) / max(1e-9, min(s[1], s[3])))
  }

  /// The largest difference of a corner's angle from 90 degrees, in degrees.
  public var maximumCornerSkew: Double {
    (0..<4).map { index -> Double in
      let corner = corners[index]
      let previous = corners[(index + 3) % 4]
      let next = corners[(index + 1) % 4]
      let a = (previous.x - corner.x, previous.y - corner.y)
      let b = (next.x - corner.x, next.y - corner.y)
      let cosine =
        (a.0 * b.0 + a.1 * b.1)
        / max(1e-9, (a.0 * a.0 + a.1 * a.1).squareRoot() * (b.0 * b.0 + b.1 * b.1).squareRoot())
      return abs(acos(max(-1, min(1, cosine))) * 180 / .pi - 90)
    }.max()!
  }

  public func scaled(x sx: Double, y sy: Double) -> Quad {
    Quad(ordered: corners.map { Point(x: $0.x * sx, y: $0.y * sy) })
  }

  /// The quad with every corner moved away from the centre of the corners
  /// by `fraction` of its distance from it: each side moves out by about
  /// half that fraction of the quad's size across.
  public func grown(by fraction: Double) -> Quad {
    let cx = corners.map(\.x).reduce(0, +) / 4
    let cy = corners.map(\.y).reduce(0, +) / 4
    return Quad(
      ordered: corners.map {
        Point(x: cx + ($0.x - cx) * (1 + fraction), y: cy + ($0.y - cy) * (1 + fraction))
      })
  }

  /// Corners as x0, y0, ... x3, y3 (SPEC's `quad` field order).
  public var flattened: [Double] { corners.flatMap { [$0.x, $0.y] } }

  /// The area both quads (convex) cover.
  public func intersectionArea(with other: Quad) -> Double {
    Self.area(of: Self.clip(corners, to: other.corners))
  }

  /// Intersection over union with another quad (both convex).
  public func intersectionOverUnion(with other: Quad) -> Double {
    let inter = intersectionArea(with: other)
    let union = area + other.area - inter
    return union > 0 ? inter / union : 0
  }

  init(ordered corners: [Point]) {
    self.corners = corners
  }

  static func area(of polygon: [Point]) -> Double {
    guard polygon.count >= 3 else { return 0 }
    var sum = 0.0
    for index in polygon.indices {
      let a = polygon[index]
      let b = polygon[(index + 1) % polygon.count]
      sum += a.x * b.y - b.x * a.y
    }
    return abs(sum) / 2
  }

  /// Sutherland-Hodgman: `subject` clipped by the convex `clipper`.
  static func clip(_ subject: [Point], to clipper: [Point]) -> [Point] {
    // Orientation of the clipper decides which side is inside.
    var signed = 0.0
    for index in clipper.indices {
      let a = clipper[index]
      let b = clipper[(index + 1) % clipper.count]
      signed += a.x * b.y - b.x * a.y
    }
    let orientation = signed >= 0 ? 1.0 : -1.0
    var output = subject
    for index in clipper.indices {
      guard !output.isEmpty else { break }
      let a = clipper[index]
      let b = clipper[(index + 1) % clipper.count]
      func side(_ p: Point) -> Double {
        orientation * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x))
      }
      func crossing(_ p: Point, _ q: Point) -> Point {
        let sp = side(p)
        let sq = side(q)
        let t = sp / (sp - sq)
        return Point(x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y))
      }
      let input = output
      output = []
      for pointIndex in input.indices {
        let current = input[pointIndex]
        let previous = input[(pointIndex + input.count - 1) % input.count]
        if side(current) >= 0 {
          if side(previous) < 0 { output.append(crossing(previous, current)) }
          output.append(current)
        } else if side(previous) >= 0 {
          output.append(crossing(previous, current))
        }
      }
    }
    return output
  }
}
