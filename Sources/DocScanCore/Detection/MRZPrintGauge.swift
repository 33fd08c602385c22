/// The size of an MRZ's print in a frame, from a stretch of one of its rows.
///
/// ICAO 9303 prints every MRZ at 10 characters per inch, so the distance
/// between neighbouring characters gives the document's scale wherever its
/// outline is not found: the smallest document with an MRZ (an ID-1 card,
/// 85.60 x 53.98 mm) is 33.7 character pitches along its rows and 21.3
/// across. Longer rows belong to larger documents (36 characters: TD2 and
/// MRV-B, 44: passports and MRV-A). A card or page held so close that it fills
/// the frame shows no outline (its white MRZ band on a white desk, rows
/// running off the frame), but a stretch of its rows is still there to
/// measure.
public struct MRZPrint: Equatable, Sendable {
  /// Distance between neighbouring characters' centres, in pixels.
  public var pitch: Double
  /// Whether the rows run along the image's width (else along its height).
  public var rowsAlongWidth: Bool
  /// How many characters the longest row showed: a lower bound on its
  /// format's row length (a row may run off the frame). 0 when unknown,
  /// which, like any count up to 33, allows the smallest document, ID-1.
  public var longestRowLength: Int

  public init(pitch: Double, rowsAlongWidth: Bool, longestRowLength: Int = 0) {
    self.pitch = pitch
    self.rowsAlongWidth = rowsAlongWidth
    self.longestRowLength = longestRowLength
  }

  /// ICAO's character pitch: 10 characters per inch.
  static let pitchMillimetres = 2.54

  /// A document's extent in millimetres along its MRZ rows and across them.
  struct Extent {
    var rowLength: Int
    var along: Double
    var across: Double
  }

  /// For each of ICAO's row lengths, longest first, the smallest document
  /// whose rows are that long: MRV-A (120 x 80 mm; a passport page is
  /// larger) for 44 characters, TD2 (105 x 74 mm, as MRV-B) for 36, ID-1
  /// for 30.
  static let smallestByRowLength = [
    Extent(rowLength: 44, along: 120, across: 80),
    Extent(rowLength: 36, along: 105, across: 74),
    Extent(rowLength: 30, along: 85.60, across: 53.98),
  ]

  /// The smallest document with an MRZ printed at this size and rows at
  /// least this long (a count is taken for the nearer of two row lengths;
  /// a tie for the shorter): its extent along the rows and across them, in
  /// pixels.
  public var smallestDocument: (along: Double, across: Double) {
    let sizes = Self.smallestByRowLength
    let size =
      zip(sizes, sizes.dropFirst()).first { longer, shorter in
        2 * longestRowLength > longer.rowLength + shorter.rowLength
      }?.0 ?? sizes[sizes.count - 1]
    let scale = pitch / Self.pitchMillimetres
    return (size.along * scale, size.across * scale)
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

  /// The row of `rows` with the most characters.
  public func longestRow(of rows: [MRZRow]) -> MRZRow? {
    rows.max { $0.characters.count < $1.characters.count }
  }

  /// The print of the longest of `rows`.
  public func measure(rows: [MRZRow]) -> MRZPrint? {
    longestRow(of: rows).map {
      MRZPrint(
        pitch: $0.pitch, rowsAlongWidth: $0.alongWidth, longestRowLength: $0.characters.count)
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
