/// A row of MRZ print seen in a frame (`MRZPrintGauge`).
public struct MRZRow: Equatable, Sendable {
  /// Its characters' boxes, in the frame's pixels.
  public var characters: [PixelRect]
  /// Whether the row runs along the frame's width (else along its height).
  public var alongWidth: Bool
  /// The height of its capitals (across the row), in pixels.
  public var capitalHeight: Double
  /// The distance between neighbouring characters' centres, in pixels.
  public var pitch: Double

  public init(characters: [PixelRect], alongWidth: Bool, capitalHeight: Double, pitch: Double) {
    self.characters = characters
    self.alongWidth = alongWidth
    self.capitalHeight = capitalHeight
    self.pitch = pitch
  }
}

extension MRZRow {
  /// Whether the row runs off a frame of `width` x `height` pixels: its
  /// first or last character lies within a pitch of the border it runs
  /// towards, or any character's centre lies within a pitch of a border
  /// across the row. ICAO 9303 leaves a margin of blank document, about
  /// 1.5 pitches or more (MRV-A: 4 mm), between an MRZ row's ends and the
  /// document's edges, and about two capital heights below the last row
  /// (the other rows have that row beyond them), so a row reaching the
  /// border (its last character cut, or lost with the gap before it; its
  /// capitals cut along their length) belongs to a document the frame
  /// cuts.
  public func runsOffFrame(width: Int, height: Int) -> Bool {
    let row = printedCharacters
    let starts = row.map { Double(alongWidth ? $0.x : $0.y) }
    let ends = row.map { Double(alongWidth ? $0.x + $0.width : $0.y + $0.height) }
    guard let first = starts.min(), let last = ends.max() else { return false }
    let extent = Double(alongWidth ? width : height)
    let acrossExtent = Double(alongWidth ? height : width)
    let acrossCentres = row.map {
      Double(alongWidth ? $0.y : $0.x) + Double(alongWidth ? $0.height : $0.width) / 2
    }
    return first < pitch || extent - last < pitch
      || acrossCentres.contains { $0 < pitch || acrossExtent - $0 < pitch }
  }

  /// Its characters less any at either end that lie more than 1.5 pitches
  /// from their neighbour: every position of an MRZ row holds a character
  /// (`<` too), so a blob that far beyond a row's end is not the row's (a
  /// mark on the desk beside the page, joined to the run).
  var printedCharacters: [PixelRect] {
    let along = { (box: PixelRect) in
      Double(alongWidth ? box.x : box.y) + Double(alongWidth ? box.width : box.height) / 2
    }
    var row = characters.sorted { along($0) < along($1) }
    while row.count > 1, along(row[1]) - along(row[0]) > 1.5 * pitch { row.removeFirst() }
    while row.count > 1, along(row[row.count - 1]) - along(row[row.count - 2]) > 1.5 * pitch {
      row.removeLast()
    }
    return row
  }

  /// The four corners of each of its characters' boxes.
  var characterCorners: [Point] {
    characters.flatMap { box -> [Point] in
      let (left, top) = (Double(box.x), Double(box.y))
      let (right, bottom) = (left + Double(box.width), top + Double(box.height))
      return [
        Point(x: left, y: top), Point(x: right, y: top), Point(x: right, y: bottom),
        Point(x: left, y: bottom),
      ]
    }
  }

  /// The centres of its characters' boxes.
  public var characterCentres: [Point] {
    characters.map {
      Point(x: Double($0.x) + Double($0.width) / 2, y: Double($0.y) + Double($0.height) / 2)
    }
  }
}
