#if canImport(Glibc)
  import Glibc
#endif

/// A page holds its MRZ rows whole, ends and all: an outline whose side
/// the rows cross gets that side out past their ends.
///
/// ICAO 9303 prints every MRZ row inside the document, centred along it
/// (`MRZBandDocument`), and the document's ends run across the rows. A
/// region that stops across whole rows has found part of the page only:
/// the lit part of a page whose far end lies as dark as the desk (low
/// light falling off across it), or a page whose end has the desk's level.
/// The side the rows cross is laid across them where the page of the
/// row's format ends (a row of 30, 36 or 44 characters: 85.6, 105 or 125
/// mm long, at the row's pitch of 2.54 mm), and at least `endMargin`
/// pitches beyond their farthest character: across the rows, not parallel
/// to the old side, whose slant follows the light, not the page.
/// `MRZBandReach` does the same for a side running along the rows.
public struct MRZRowEnds: Sendable {
  /// Pitches between a row's farthest character and the page's end once
  /// moved, at least: ICAO's least blank beyond a row's end (`MRZRow
  /// .runsOffFrame`), and all there is when the row's length is no
  /// format's.
  public var endMargin = 1.5
  /// A side is crossed by the rows when it lies at least this far off
  /// their direction.
  public var acrossRows = 45.0 * Double.pi / 180
  /// The sides beside the crossed one run along the rows, within this
  /// angle: they are the page's own sides, which the region shares with
  /// the page (a photo or print block the rows pass by has sides at any
  /// angle).
  public var besideAlongRows = 15.0 * Double.pi / 180
  /// A row crosses the outline when at least this many of its characters
  /// (their centres) lie inside it and as many outside.
  public var minimumCharacters = 3

  public init() {}

  /// `quad` with each side that `rows` cross laid across them past their
  /// ends (unchanged when no row crosses a side).
  public func extended(_ quad: Quad, rows: [MRZRow]) -> Quad {
    guard !rows.isEmpty, let sides = quad.outlineSides else { return quad }
    // Each row's least-squares line, fitted once.
    let fitted = rows.compactMap { row in MRZBandReach.line(of: row).map { (row, $0) } }
    var lines = sides.map { $0.moved(outward: 0) }
    var anyMoved = false
    for (index, side) in sides.enumerated() {
      let beside = [sides[(index + 3) % 4], sides[(index + 1) % 4]]
      let ends = fitted.filter { _, line in
        beside.allSatisfy {
          abs($0.direction.x * line.direction.x + $0.direction.y * line.direction.y)
            >= cos(besideAlongRows)
        }
      }.compactMap { row, line in end(beyond: side, of: row, along: line, in: quad) }
      guard let farthest = ends.max(by: { $0.beyond < $1.beyond }) else { continue }
      lines[index] = farthest.line
      anyMoved = true
    }
    guard anyMoved else { return quad }
    return Quad(sideLines: lines) ?? quad
  }

  /// The page's end beyond `side` where `row` (its fitted `line`) crosses
  /// it: a line across the row, where the row's format's page ends and at
  /// least `endMargin` pitches past its farthest character, with how far
  /// that line lies beyond the side; nil when the row does not cross the
  /// side (runs along it, or lies mostly on one side).
  func end(
    beyond side: OutlineSide, of row: MRZRow, along line: (middle: Point, direction: Point),
    in quad: Quad
  ) -> (beyond: Double, line: SideLine)? {
    var direction = line.direction
    let cosine = side.direction.x * direction.x + side.direction.y * direction.y
    guard abs(cosine) <= cos(acrossRows) else { return nil }
    // Along the row, outward through this side.
    if direction.x * side.normal.x + direction.y * side.normal.y < 0 {
      direction = Point(x: -direction.x, y: -direction.y)
    }
    let centres = row.characterCentres
    let outside = centres.filter {
      ($0.x - side.start.x) * side.normal.x + ($0.y - side.start.y) * side.normal.y > 0
    }
    let inside = centres.filter(quad.contains).count
    guard inside >= minimumCharacters, outside.count >= minimumCharacters else { return nil }
    let corners = row.characterCorners
    // From the middle of the row's printed span (its characters' mean
    // would lean towards a stretch the gauge missed).
    guard let (first, last) = MRZBandDocument.ends(of: row) else { return nil }
    let middle = Point(x: (first.x + last.x) / 2, y: (first.y + last.y) / 2)
    let farthest = corners.map {
      ($0.x - middle.x) * direction.x + ($0.y - middle.y) * direction.y
    }.max()!
    let characters = first.distance(to: last) / row.pitch + 1
    let format = MRZBandDocument.formats.first {
      abs(Double($0.characters) - characters) <= MRZBandDocument.lengthTolerance
    }
    let halfLength = (format?.along ?? 0) * row.pitch / MRZPrint.pitchMillimetres / 2
    let offset = max(halfLength, farthest + endMargin * row.pitch)
    let point = Point(x: middle.x + offset * direction.x, y: middle.y + offset * direction.y)
    let beyond = (point.x - side.start.x) * side.normal.x + (point.y - side.start.y) * side.normal.y
    return (beyond, SideLine(point: point, direction: Point(x: -direction.y, y: direction.x)))
  }
}
