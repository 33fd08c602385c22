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
  /// towards. ICAO 9303 leaves a margin of blank document, about 1.5
  /// pitches or more (MRV-A: 4 mm), between an MRZ row's ends and the
  /// document's edges, so a row reaching the border (its last character cut, or lost with
  /// the gap before it) belongs to a document the frame cuts.
  public func runsOffFrame(width: Int, height: Int) -> Bool {
    let starts = characters.map { Double(alongWidth ? $0.x : $0.y) }
    let ends = characters.map { Double(alongWidth ? $0.x + $0.width : $0.y + $0.height) }
    guard let first = starts.min(), let last = ends.max() else { return false }
    let extent = Double(alongWidth ? width : height)
    return first < pitch || extent - last < pitch
  }

  /// The centres of its characters' boxes.
  public var characterCentres: [Point] {
    characters.map {
      Point(x: Double($0.x) + Double($0.width) / 2, y: Double($0.y) + Double($0.height) / 2)
    }
  }
}
