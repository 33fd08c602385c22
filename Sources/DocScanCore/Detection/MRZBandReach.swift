#if canImport(Glibc)
  import Glibc
#endif

/// A page holds its MRZ: an outline with MRZ rows just outside one of its
/// sides gets that side out past them.
///
/// ICAO 9303 prints the MRZ's rows along a long edge of the page with a
/// clear band between the last row and the edge, often white. On a white
/// desk that band shows no edge and differs from the desk in no colour:
/// the outline found stops at the band's inner side (a passport's tinted
/// part, a card's print above its white band), and the rows lie outside
/// it. When a row reaches outside the side along it, that side is laid
/// along the outermost row, `bandMargin` capital heights beyond its
/// characters: along the row, not parallel to the old side, whose slant is
/// off where the outline cut a corner of the band. Rows inside the
/// outline, however near its side, and print farther out than `reach`,
/// move nothing.
public struct MRZBandReach: Sendable {
  /// Capital heights between the outermost row's characters and the page's
  /// edge once moved. Real documents leave about 2 (1.9-2.2 on the five
  /// specimen scans whose margin could be measured); less keeps the side
  /// on the page where a document prints its MRZ nearer the edge.
  public var bandMargin = 1.5
  /// Rows whose characters reach more than this many capital heights
  /// beyond the side are not this page's (print on the desk beside it).
  public var reach = 8.0
  /// A side runs along the rows when within this angle of them.
  public var alongRows = 20.0 * Double.pi / 180

  public init() {}

  /// `quad` with the side along `rows` laid out past them (unchanged when
  /// no row lies outside it within reach). `rimFound`: every side of the
  /// outline lies along the page's straight rim, so only rows whose
  /// characters' centres lie outside a side move it; characters whose
  /// boxes only graze it belong to a page that prints its MRZ nearer its
  /// edge than ICAO's margin.
  public func extended(_ quad: Quad, rows: [MRZRow], rimFound: Bool = false) -> Quad {
    guard !rows.isEmpty, let sides = quad.outlineSides else { return quad }
    var lines: [SideLine] = []
    var anyMoved = false
    let directions = rows.map { Self.line(of: $0)?.direction }
    for (index, side) in sides.enumerated() {
      // A page's sides beside its MRZ's edge cross the rows; an outline
      // with a side beside it along them too is a patch of the band (a
      // wedge of a white desk along the rows), not a page, and laying its
      // side out would cross near-parallel lines far off the frame.
      let beside = [sides[(index + 3) % 4], sides[(index + 1) % 4]]
      let crossed = zip(rows, directions).filter { _, direction in
        !beside.contains { isSide($0, along: direction) }
      }.map(\.0)
      let farthest = crossed.compactMap { edge(beyond: side, of: $0, rimFound: rimFound) }.max {
        $0.needed < $1.needed
      }
      anyMoved = anyMoved || farthest != nil
      lines.append(farthest?.line ?? side.moved(outward: 0))
    }
    guard anyMoved else { return quad }
    return Quad(sideLines: lines) ?? quad
  }

  /// `side` lies within `alongRows` of a row running in `direction` (a
  /// row too short to have one runs along nothing).
  func isSide(_ side: OutlineSide, along direction: Point?) -> Bool {
    guard let direction else { return false }
    return abs(side.direction.x * direction.x + side.direction.y * direction.y) >= cos(alongRows)
  }

  /// The least-squares line through `row`'s character centres: their mean
  /// and its unit direction; nil for a row of under two characters.
  static func line(of row: MRZRow) -> (middle: Point, direction: Point)? {
    guard row.characters.count >= 2 else { return nil }
    let centres = row.characters.map {
      Point(x: Double($0.x) + Double($0.width) / 2, y: Double($0.y) + Double($0.height) / 2)
    }
    let count = Double(centres.count)
    let middle = Point(
      x: centres.map(\.x).reduce(0, +) / count, y: centres.map(\.y).reduce(0, +) / count)
    return (middle, fittedDirection(centres, through: middle, alongWidth: row.alongWidth))
  }

  /// Where the page's edge lies beyond `row` (a line along the row,
  /// `bandMargin` outside its characters), and how far the farthest
  /// character lies outside `side` plus that margin; nil when the side
  /// does not run along the row, the row does not lie across the side's
  /// span, or no character lies outside it, or one lies too far out.
  func edge(beyond side: OutlineSide, of row: MRZRow, rimFound: Bool = false) -> (
    needed: Double, line: SideLine
  )? {
    guard let line = Self.line(of: row) else { return nil }
    let middle = line.middle
    var direction = line.direction
    let cosine = side.direction.x * direction.x + side.direction.y * direction.y
    guard abs(cosine) >= cos(alongRows) else { return nil }
    if cosine < 0 { direction = Point(x: -direction.x, y: -direction.y) }
    // The row's middle must lie along the side, not beyond its ends.
    let along =
      (middle.x - side.start.x) * side.direction.x + (middle.y - side.start.y) * side.direction.y
    guard along >= 0, along <= side.length else { return nil }
    let corners = row.characterCorners
    let margin = bandMargin * row.capitalHeight
    func outside(_ point: Point) -> Double {
      (point.x - side.start.x) * side.normal.x + (point.y - side.start.y) * side.normal.y
    }
    let beyond = corners.map(outside).max()!
    // Only rows that reach outside the side say it stopped short: one
    // inside, however near the side, is on a page whose edge was found.
    guard beyond > 0, beyond <= reach * row.capitalHeight else { return nil }
    if rimFound, !row.characterCentres.contains(where: { outside($0) > 0 }) { return nil }
    // The new edge: along the row, `margin` beyond its outermost character
    // (measured across the row, outward as the side's normal points).
    var normal = Point(x: direction.y, y: -direction.x)
    if normal.x * side.normal.x + normal.y * side.normal.y < 0 {
      normal = Point(x: -normal.x, y: -normal.y)
    }
    let outermost = corners.map {
      ($0.x - middle.x) * normal.x + ($0.y - middle.y) * normal.y
    }.max()!
    let offset = outermost + margin
    let point = Point(x: middle.x + offset * normal.x, y: middle.y + offset * normal.y)
    return (beyond + margin, SideLine(point: point, direction: direction))
  }

  /// The unit direction of the least-squares line through `points`
  /// (regressing across the row on the position along it).
  static func fittedDirection(_ points: [Point], through middle: Point, alongWidth: Bool)
    -> Point
  {
    var along = 0.0
    var cross = 0.0
    for point in points {
      let (dx, dy) = (point.x - middle.x, point.y - middle.y)
      let (u, v) = alongWidth ? (dx, dy) : (dy, dx)
      along += u * u
      cross += u * v
    }
    let slope = along > 0 ? cross / along : 0
    let length = (1 + slope * slope).squareRoot()
    return alongWidth
      ? Point(x: 1 / length, y: slope / length) : Point(x: slope / length, y: 1 / length)
  }
}
