/// The outline of the document an MRZ belongs to, from its rows alone: for
/// a page whose own edges do not show (a grey page on a white desk), while
/// its MRZ does. ICAO 9303 fixes what the rows tell: their count and length
/// give the format (three rows of 30: TD1, 85.6 x 54 mm; two of 36: TD2,
/// 105 x 74 mm; two of 44: TD3, 125 x 88 mm), their pitch (2.54 mm) the
/// scale, and they lie centred along the document's bottom edge, the last
/// row about two capital heights above it. Which side of the rows the rest
/// of the document lies on is told by the image: the side with the photo
/// and the printed fields shows more texture than the desk.
struct MRZBandDocument {
  /// Row counts, lengths in characters and sizes (mm) of the formats.
  static let formats: [(rows: Int, characters: Int, along: Double, across: Double)] = [
    (3, 30, 85.6, 54), (2, 36, 105, 74), (2, 44, 125, 88),
  ]
  /// A band whose longest row shows a length this far (in characters) from
  /// its format's is not trusted to tell the format.
  static let lengthTolerance = 3.0
  /// The document's bottom edge lies this many capital heights beyond the
  /// last row's centre line (`MRZRow.runsOffFrame`: about two capital
  /// heights of document below the last row's capitals).
  static let bottomMargin = 2.5
  /// The rows' pitches agree within this share to be one band.
  static let pitchAgreement = 0.2
  /// The side with the document's print must show at least this much more
  /// texture (mean absolute luma step) than the other.
  static let textureMargin = 1.25

  /// The document's outline, or nil when the rows are no MRZ band of a
  /// known format or the image does not tell which side the document
  /// lies on.
  static func outline(rows: [MRZRow], in image: LumaImage) -> Quad? {
    guard let longest = rows.max(by: { $0.characters.count < $1.characters.count }) else {
      return nil
    }
    let band = rows.filter {
      $0.alongWidth == longest.alongWidth
        && abs($0.pitch - longest.pitch) <= pitchAgreement * longest.pitch
    }
    let ends = band.compactMap(Self.ends)
    guard ends.count == band.count, let (first, last) = Self.ends(of: longest) else { return nil }
    let length = first.distance(to: last)
    guard length > 0 else { return nil }
    let along = Point(x: (last.x - first.x) / length, y: (last.y - first.y) / length)
    let characters = length / longest.pitch + 1
    guard
      let format = formats.first(where: {
        $0.rows == band.count && abs(Double($0.characters) - characters) <= lengthTolerance
      })
    else { return nil }
    let pixelsPerMillimetre = longest.pitch / MRZPrint.pitchMillimetres
    let width = format.along * pixelsPerMillimetre
    let height = format.across * pixelsPerMillimetre
    // The band's middle along the rows, and its outer rows' lines across.
    let middles = ends.map { Point(x: ($0.0.x + $0.1.x) / 2, y: ($0.0.y + $0.1.y) / 2) }
    let centre = Point(
      x: middles.map(\.x).reduce(0, +) / Double(middles.count),
      y: middles.map(\.y).reduce(0, +) / Double(middles.count))
    let across = Point(x: -along.y, y: along.x)
    let offsets = middles.map { ($0.x - centre.x) * across.x + ($0.y - centre.y) * across.y }
    let margin = bottomMargin * longest.capitalHeight
    // The document beyond the rows on the `across` side (its bottom edge
    // past the row least far that way), or on the other side.
    func document(towards sign: Double) -> Quad {
      let bottom = (sign > 0 ? offsets.min()! : offsets.max()!) - sign * margin
      let top = bottom + sign * height
      func corner(_ a: Double, _ c: Double) -> Point {
        Point(
          x: centre.x + a * along.x + c * across.x, y: centre.y + a * along.y + c * across.y)
      }
      return Quad(unordered: [
        corner(-width / 2, bottom), corner(width / 2, bottom), corner(width / 2, top),
        corner(-width / 2, top),
      ])
    }
    let beyond = document(towards: 1)
    let before = document(towards: -1)
    // Both outlines hold the band itself: only what lies beyond it, on
    // either side, tells them apart (a page cut by the frame's border just
    // past its rows showed more of its own band's print than of its page).
    let (bandLow, bandHigh) = (offsets.min()! - margin, offsets.max()! + margin)
    let outsideBand = { (point: Point) -> Bool in
      let offset = (point.x - centre.x) * across.x + (point.y - centre.y) * across.y
      return offset < bandLow || offset > bandHigh
    }
    let textureBeyond = texture(of: beyond, where: outsideBand, in: image)
    let textureBefore = texture(of: before, where: outsideBand, in: image)
    if textureBeyond >= textureMargin * textureBefore && textureBeyond > 0 { return beyond }
    if textureBefore >= textureMargin * textureBeyond && textureBefore > 0 { return before }
    return nil
  }

  /// The centres of a row's first and last printed characters.
  static func ends(of row: MRZRow) -> (Point, Point)? {
    let printed = row.printedCharacters
    let along = { (box: PixelRect) in row.alongWidth ? box.x : box.y }
    guard let first = printed.min(by: { along($0) < along($1) }),
      let last = printed.max(by: { along($0) < along($1) })
    else { return nil }
    let centre = { (box: PixelRect) in
      Point(x: Double(box.x) + Double(box.width) / 2, y: Double(box.y) + Double(box.height) / 2)
    }
    return (centre(first), centre(last))
  }

  /// The mean absolute luma step (right and down) over the part of `quad`
  /// inside the image where `counts` holds, sampled every 3 pixels; 0 when
  /// none of it is.
  static func texture(of quad: Quad, where counts: (Point) -> Bool, in image: LumaImage)
    -> Double
  {
    let xs = quad.corners.map(\.x)
    let ys = quad.corners.map(\.y)
    let x0 = max(0, Int(xs.min()!))
    let x1 = min(image.width - 2, Int(xs.max()!))
    let y0 = max(0, Int(ys.min()!))
    let y1 = min(image.height - 2, Int(ys.max()!))
    guard x0 < x1, y0 < y1 else { return 0 }
    var sum = 0
    var count = 0
    for y in stride(from: y0, through: y1, by: 3) {
      for x in stride(from: x0, through: x1, by: 3) {
        let point = Point(x: Double(x), y: Double(y))
        guard quad.contains(point), counts(point) else { continue }
        let here = Int(image[x, y])
        sum += abs(Int(image[x + 1, y]) - here) + abs(Int(image[x, y + 1]) - here)
        count += 1
      }
    }
    return count == 0 ? 0 : Double(sum) / Double(count)
  }
}
