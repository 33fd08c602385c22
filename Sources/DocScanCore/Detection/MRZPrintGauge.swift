/// The size of an MRZ's print in a frame, from a stretch of one of its rows.
///
/// ICAO 9303 prints every MRZ at 10 characters per inch, so the distance
/// between neighbouring characters gives the document's scale wherever its
/// outline is not found: the smallest document with an MRZ (an ID-1 card,
/// 85.6 x 54 mm) is 33.7 character pitches along its rows and 21.3 across.
/// Longer rows belong to larger documents (36 characters: TD2 and MRV-B,
/// 44: passports and MRV-A). A card or page held so close that it fills
/// the frame shows no outline (its white MRZ band on a white desk, rows
/// running off the frame), but a stretch of its rows is still there to
/// measure.
public struct MRZPrint: Equatable, Sendable {
  /// Distance between neighbouring characters' centres, in pixels.
  public var pitch: Double
  /// Whether the rows run along the image's width (else along its height).
  public var rowsAlongWidth: Bool
  /// How many characters the longest row showed: a lower bound on its
  /// format's row length (a row may run off the frame).
  public var characters: Int

  public init(pitch: Double, rowsAlongWidth: Bool, characters: Int = 0) {
    self.pitch = pitch
    self.rowsAlongWidth = rowsAlongWidth
    self.characters = characters
  }

  /// ICAO's character pitch: 10 characters per inch.
  static let pitchMillimetres = 2.54

  /// The smallest document, in millimetres along its rows and across them,
  /// whose MRZ rows are at least as long as each of ICAO's row lengths
  /// (a row counted nearer the longer length is taken for it): ID-1 for
  /// 30 characters, TD2 (105 x 74 mm; MRV-B is larger) for 36, MRV-A
  /// (120 x 80 mm; a passport page is larger) for 44.
  static let smallestByRowLength: [(characters: Int, along: Double, across: Double)] = [
    (44, 120, 80), (36, 105, 74), (30, 85.6, 53.98),
  ]

  /// The smallest document with an MRZ printed at this size and rows at
  /// least this long: its extent along the rows and across them, in pixels.
  public var smallestDocument: (along: Double, across: Double) {
    let sizes = Self.smallestByRowLength
    let size =
      zip(sizes, sizes.dropFirst()).first { longer, shorter in
        2 * characters > longer.characters + shorter.characters
      }?.0 ?? sizes.last!
    let scale = pitch / Self.pitchMillimetres
    return (size.along * scale, size.across * scale)
  }
}

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
  /// towards. ICAO 9303 leaves a margin of blank document, about two
  /// pitches or more, between an MRZ row's ends and the document's edges,
  /// so a row reaching the border (its last character cut, or lost with
  /// the gap before it) belongs to a document the frame cuts.
  public func runsOffFrame(width: Int, height: Int) -> Bool {
    let starts = characters.map { Double(alongWidth ? $0.x : $0.y) }
    let ends = characters.map { Double(alongWidth ? $0.x + $0.width : $0.y + $0.height) }
    guard let first = starts.min(), let last = ends.max() else { return false }
    let extent = Double(alongWidth ? width : height)
    return first < pitch || extent - last < pitch
  }
}

/// Finds MRZ print among a frame's dark blobs: a run of characters at one
/// regular pitch, as tall as the pitch is wide, in either direction.
public struct MRZPrintGauge: Sendable {
  /// Characters a run must hold: a word or two of ordinary print is shorter.
  public var minimumCharacters = 10
  /// Share of a run's steps from character to character that must lie
  /// within `pitchTolerance` of its median step: an MRZ's fixed pitch, not
  /// a proportional font's.
  public var regularShare = 0.8
  public var pitchTolerance = 0.15
  /// Pitch over capital height: OCR-B in an MRZ prints 2.54 mm pitches and
  /// 2.42 mm capitals (1.05); a little either way for blobs that merge with
  /// a neighbour or lose a stroke.
  public var pitchPerCapital: ClosedRange<Double> = 0.85...1.5

  public init() {}

  /// The print of the longest MRZ-like run among `blobs` (found in an image
  /// of `imageWidth` x `imageHeight`), its rows along the width or, turned a
  /// quarter, along the height; nil when there is none.
  public func measure(blobs: [PixelRect], imageWidth: Int, imageHeight: Int) -> MRZPrint? {
    measure(rows: rows(blobs: blobs, imageWidth: imageWidth, imageHeight: imageHeight))
  }

  /// The print of the longest of `rows`.
  public func measure(rows: [MRZRow]) -> MRZPrint? {
    rows.max { $0.characters.count < $1.characters.count }.map {
      MRZPrint(pitch: $0.pitch, rowsAlongWidth: $0.alongWidth, characters: $0.characters.count)
    }
  }

  /// Every MRZ-like run among `blobs`, along the width or, turned a
  /// quarter, along the height, in the image's pixels.
  public func rows(blobs: [PixelRect], imageWidth: Int, imageHeight: Int) -> [MRZRow] {
    var finder = MRZLineFinder()
    finder.minimumBlobs = minimumCharacters
    let across = blobs.map(\.transposed)
    let runs =
      finder.textLines(blobs: blobs, imageHeight: imageHeight).map { ($0, true) }
      + finder.textLines(blobs: across, imageHeight: imageWidth).map { ($0, false) }
    return runs.compactMap { run, alongWidth -> MRZRow? in
      guard let (pitch, capital) = measured(run) else { return nil }
      return MRZRow(
        characters: alongWidth ? run : run.map(\.transposed), alongWidth: alongWidth,
        capitalHeight: capital, pitch: pitch)
    }
  }

  /// The run's pitch and capital height when it is an MRZ's: regular, and
  /// as tall as wide.
  func measured(_ run: [PixelRect]) -> (pitch: Double, capital: Double)? {
    guard run.count >= minimumCharacters else { return nil }
    let centers = run.map { Double($0.x) + Double($0.width) / 2 }
    let steps = zip(centers.dropFirst(), centers).map { $0 - $1 }.sorted()
    let pitch = steps[steps.count / 2]
    guard pitch > 0 else { return nil }
    let regular = steps.filter { abs($0 - pitch) <= pitchTolerance * pitch }.count
    guard Double(regular) >= regularShare * Double(steps.count) else { return nil }
    // Capitals and digits are a run's tallest blobs; `<` is shorter.
    let heights = run.map { Double($0.height) }.sorted()
    let capital = heights[heights.count * 9 / 10]
    return pitchPerCapital.contains(pitch / capital) ? (pitch, capital) : nil
  }
}

extension PixelRect {
  /// The same box with x and y exchanged (the image turned a quarter and
  /// mirrored).
  fileprivate var transposed: PixelRect { PixelRect(x: y, y: x, width: height, height: width) }
}
