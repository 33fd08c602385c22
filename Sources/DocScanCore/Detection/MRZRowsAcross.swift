/// How far across its MRZ rows a document can reach, from the rows alone.
///
/// ICAO 9303 stacks three MRZ rows on one document only: the ID-1 card
/// (TD1), 53.98 mm tall across its rows. Its rows give the scale (10
/// characters per inch) and the direction, so an outline holding three
/// whole rows and reaching much further across them than a card's height
/// is not the card: a straight line of a wood desk's grain beyond the
/// card, taken for its far side, made an outline 1.4 card heights tall,
/// reported `camera-angle-too-steep` for a card lying flat. Perspective
/// changes that extent little: a card tilted about its rows is
/// foreshortened, and the side nearer the camera is enlarged by under 10 %
/// even 15 cm from the lens.
public struct MRZRowsAcross: Sendable {
  /// Rows that make an ID-1 card's MRZ: three whole rows, one above the
  /// other.
  static let cardRowCount = 3
  /// ID-1's extent across its rows, in millimetres.
  static let cardAcrossMillimetres = 53.98
  /// How much further than that an outline may reach and still be the
  /// card: perspective, and the pitch measured a few percent off.
  public var slack = 1.25

  public init() {}

  /// Whether `quad` reaches across `rows` (the whole MRZ rows seen in the
  /// frame) further than the document they give can: only three rows
  /// running one way tell (an ID-1 card); two rows may belong to any
  /// format, partly hidden.
  public func reachesBeyondTheDocument(_ quad: Quad, rows: [MRZRow]) -> Bool {
    guard rows.count == Self.cardRowCount, Set(rows.map(\.alongWidth)).count == 1,
      let direction = Self.direction(of: rows)
    else { return false }
    let pitch = rows.map(\.pitch).sorted()[1]
    let pixelsPerMillimetre = pitch / MRZPrint.pitchMillimetres
    // Across the rows: the normal to their direction.
    let across = quad.corners.map { -$0.x * direction.y + $0.y * direction.x }
    guard let low = across.min(), let high = across.max() else { return false }
    return high - low > slack * Self.cardAcrossMillimetres * pixelsPerMillimetre
  }

  /// The unit direction of the rows: their characters' centres from first
  /// to last, averaged over the rows.
  static func direction(of rows: [MRZRow]) -> Point? {
    var sum = Point(x: 0, y: 0)
    for row in rows {
      let centres = row.characterCentres.sorted {
        row.alongWidth ? $0.x < $1.x : $0.y < $1.y
      }
      guard let first = centres.first, let last = centres.last else { return nil }
      sum = Point(x: sum.x + last.x - first.x, y: sum.y + last.y - first.y)
    }
    let length = (sum.x * sum.x + sum.y * sum.y).squareRoot()
    return length > 0 ? Point(x: sum.x / length, y: sum.y / length) : nil
  }
}
