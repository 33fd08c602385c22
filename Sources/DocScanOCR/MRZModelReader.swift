import DocScanCore
import Synchronization

/// Reads an MRZ with docscan's own Tesseract model, trained for the MRZ's
/// 37 characters (`training/mrz/`): finds the rows by their regular
/// character pitch (`MRZLineFinder` over OpenCV's ink blobs), cuts each row
/// into a straight strip and reads it in three views (`defaultViews`). The
/// views' readings are the independent opinions that confirm what no check
/// digit vouches for (`MRZConfirmation`); their candidates, with the LSTM's
/// confidences, are the votes that fusion and the check digits decide
/// between.
public final class MRZModelReader: MRZTextReader {
  /// The first view's engine: it finds the orientation and long lines.
  private let engine: TesseractEngine
  private let finder = MRZLineFinder()

  /// The model's language name: `mrz.traineddata` in the tessdata folder.
  public static let language = "mrz"

  /// How much darker than its neighbourhood (luma levels) ink must be,
  /// tried in this order until rows are found.
  static let darknessOffsets = [10.0, 20.0]

  /// The views: the capital height the row strip is resampled to (the
  /// network then scales the strip to its own 36 px input, so each view
  /// reaches it by another interpolation) and whether it is binarised.
  /// Each is a source of its own (`MRZConfirmation` wants two to agree and
  /// none to dissent). Measured in-process (`plugin/mrz-explain.sh`, whole
  /// frames as the element scales them) on the 90 development pages and
  /// the 20 specimens together: grey 32, grey 24 and binarised 32 read 48;
  /// grey 24, 20 and 28 read 83; grey 24, 20 and 22 (or 22, 18 and 26) 95;
  /// grey 24, 20 and 18 96; grey 24, 20 and 16 97 (binarising confuses
  /// `R`/`H`, `G`/`B`; strips upscaled to 28 px and more `T`/`I`); never a
  /// wrong one. The first view's model also settles the orientation and
  /// long lines.
  public static let defaultViews = [
    MRZReadingView(model: language, capitalHeight: 24),
    MRZReadingView(model: language, capitalHeight: 20),
    MRZReadingView(model: language, capitalHeight: 16),
  ]

  private let views: [MRZReadingView]
  /// One engine per model the views use, in the order they first appear.
  private let engines: [String: TesseractEngine]
  /// Whether each call reads with one view, the next in turn, rather than
  /// with all of them.
  private let viewsInTurn: Bool
  /// The view whose turn it is.
  private let turn = Mutex(0)

  /// With `viewsInTurn`, each image is read with one view, the next one in
  /// turn (a third of the cost with three views): in a stream, consecutive
  /// frames then give the views' opinions one after the other, and fusion
  /// confirms across them (`MRZFusion` wants three readings in a row, which
  /// are then all three views). Without it, every image is read with every
  /// view.
  public init(
    tessdata: String?, views: [MRZReadingView] = defaultViews, viewsInTurn: Bool = false
  ) throws(MRZReaderError) {
    precondition(!views.isEmpty, "a reader needs at least one view")
    var engines: [String: TesseractEngine] = [:]
    for view in views where engines[view.model] == nil {
      engines[view.model] = try TesseractEngine(tessdata: tessdata, language: view.model)
    }
    self.views = views
    self.engines = engines
    self.viewsInTurn = viewsInTurn
    engine = engines[views[0].model]!
  }

  /// 1 when Tesseract runs single-threaded, as it should on the analysis thread.
  public static var openMPThreadLimit: Int { TesseractEngine.openMPThreadLimit }

  /// Orientation is chosen by the model's confidence (`orientation(_:engine:)`).
  public var readsAnyOrientation: Bool { true }

  public func readMRZ(in image: LumaImage) -> MRZReading? {
    var rows: [MRZRowGeometry] = []
    for darkness in Self.darknessOffsets where rows.isEmpty {
      rows = finder.rows(
        blobs: InkBlobs.find(in: image, darkness: darkness), imageHeight: image.height)
    }
    guard !rows.isEmpty else { return nil }
    rows = completingLongLines(rows, in: image)
    let chosen = viewsInTurn ? [nextView()] : views
    let strips = chosen.map { view in
      rows.map { row -> MRZRowStrip? in
        let strip = MRZRowStrip(row, in: image, capitalHeight: view.capitalHeight)
        return view.binarized ? strip?.binarized() : strip
      }
    }
    let orientation = orientation(strips[0], engine: engines[chosen[0].model]!)
    let upsideDown = orientation.upsideDown
    // The orientation test has read one row of the first view already.
    var known: [Int: [TesseractEngine.Symbol]] = [:]
    if let symbols = orientation.symbols {
      known[upsideDown ? 0 : rows.count - 1] = symbols
    }
    var reading = read(
      strips.map { upsideDown ? $0.reversed().map { $0?.rotatedHalfTurn() } : $0 },
      views: chosen, cellCounts: rows.map(\.cellCount), firstViewRows: known)
    reading.upsideDown = upsideDown
    return reading
  }

  /// The view whose turn it is; the next call gets the one after it.
  private func nextView() -> MRZReadingView {
    turn.withLock { index in
      defer { index = (index + 1) % views.count }
      return views[index]
    }
  }

  /// Rows of 44 characters whose last (or, upside down, first) 8 cells the
  /// blob finder missed: a visa's MRV-A lines ending in small `<` fillers
  /// look like MRV-B's 36, and their first 36 characters pass MRV-B's
  /// checks. Two 36-cell rows are taken for 44 when, on one side, in both,
  /// the model reads characters in most of the 8 cells beyond them, or
  /// faint ink of a character's size sits on the rows' grid there (fillers
  /// printed too faint for the model: the 44 cells then do not all read,
  /// and no result comes, rather than an MRV-B that is not).
  private func completingLongLines(_ rows: [MRZRowGeometry], in image: LumaImage)
    -> [MRZRowGeometry]
  {
    guard rows.count == 2, rows.allSatisfy({ $0.cellCount == 36 }) else { return rows }
    let extra = 8
    let faintBlobs = InkBlobs.find(in: image, darkness: Self.faintDarkness)
    for shift in [0, -extra] {
      let pieces = rows.map { $0.cells(from: shift == 0 ? 36 : shift, count: extra) }
      let filled =
        pieces.allSatisfy { piece in
          Self.faintCells(of: piece, in: faintBlobs) * 4 >= extra * 3
        }
        || pieces.allSatisfy { piece in
          let inside =
            piece.centerX(ofCell: -1) >= 0
            && piece.centerX(ofCell: Double(extra)) <= Double(image.width)
          guard inside, let strip = MRZRowStrip(piece, in: image, capitalHeight: 32) else {
            return false
          }
          let cells = Set(
            engine.readLine(strip).compactMap {
              strip.cell(atX: Double($0.left + $0.right) / 2, cellCount: extra)
            })
          return cells.count * 4 >= extra * 3
        }
      guard filled else { continue }
      return rows.map { $0.cells(from: min(shift, 0), count: 44) }
    }
    return rows
  }

  /// How much darker than its neighbourhood (luma levels) faint ink is.
  static let faintDarkness = 4.0

  /// The cells of `row` holding a blob of a character's size (0.4 to 1.3
  /// capital heights) centred on the cell and on the row's line.
  static func faintCells(of row: MRZRowGeometry, in blobs: [PixelRect]) -> Int {
    (0..<row.cellCount).filter { cell in
      let x = row.centerX(ofCell: Double(cell))
      let middle = row.middleY(atCell: Double(cell))
      let pitch = row.pitch(atCell: Double(cell))
      let capHeight = row.capHeight(atCell: Double(cell))
      return blobs.contains { blob in
        let height = Double(blob.height)
        let centerX = Double(blob.x) + Double(blob.width) / 2
        let centerY = Double(blob.y) + height / 2
        return abs(centerX - x) <= 0.3 * pitch && abs(centerY - middle) <= 0.3 * capHeight
          && height >= 0.4 * capHeight && height <= 1.3 * capHeight
      }
    }.count
  }

  /// Whether the rows are upside down (a document lying upside down shows
  /// its MRZ along the top, reversed): the model reads the last row with
  /// less confidence than the same row turned half a turn. (The model is
  /// confident on upside-down OCR-B too, often above 0.8, so the two ways
  /// are always compared; the reading the way up that wins is kept, so the
  /// test costs one line.) Returns, beside the verdict, what was read of the
  /// last row that way up (nil when there was no row to read).
  private func orientation(_ strips: [MRZRowStrip?], engine: TesseractEngine) -> (
    upsideDown: Bool, symbols: [TesseractEngine.Symbol]?
  ) {
    guard let last = strips.indices.last(where: { strips[$0] != nil }), let strip = strips[last]
    else { return (false, nil) }
    let upright = engine.readLine(strip)
    let turned = engine.readLine(strip.rotatedHalfTurn())
    let upsideDown = Self.meanConfidence(turned) > Self.meanConfidence(upright)
    // Only the very last row's reading is reusable as it is.
    guard last == strips.count - 1 else { return (upsideDown, nil) }
    return (upsideDown, upsideDown ? turned : upright)
  }

  private static func meanConfidence(_ symbols: [TesseractEngine.Symbol]) -> Double {
    symbols.isEmpty ? 0 : symbols.map(\.confidence).reduce(0, +) / Double(symbols.count)
  }

  /// Every view's strips read: one opinion per view, and the candidates of
  /// all views added up per cell. `firstViewRows` holds rows of the first
  /// view already read (by index into its strips).
  private func read(
    _ strips: [[MRZRowStrip?]], views: [MRZReadingView], cellCounts: [Int],
    firstViewRows: [Int: [TesseractEngine.Symbol]]
  ) -> MRZReading {
    var votes = cellCounts.map {
      [[(character: Character, weight: Double)]](repeating: [], count: $0)
    }
    var opinions: [MRZOpinion] = []
    for (viewIndex, (view, strips)) in zip(views, strips).enumerated() {
      let engine = engines[view.model]!
      var lines: [String] = []
      for (index, strip) in strips.enumerated() {
        var cells = [Character?](repeating: nil, count: cellCounts[index])
        let known = viewIndex == 0 ? firstViewRows[index] : nil
        for symbol in known ?? strip.map({ engine.readLine($0) }) ?? [] {
          let center = Double(symbol.left + symbol.right) / 2
          // The first character read in a cell keeps it.
          guard let cell = strip?.cell(atX: center, cellCount: cells.count), cells[cell] == nil
          else { continue }
          cells[cell] = symbol.character
          let candidates =
            symbol.alternatives.isEmpty
            ? [(symbol.character, symbol.confidence)] : symbol.alternatives
          votes[index][cell] += candidates.map { (character: $0.0, weight: $0.1) }
        }
        lines.append(String(cells.map { $0 ?? "?" }))
      }
      opinions.append(MRZOpinion(source: view.source, lines: lines))
    }
    return MRZReading(lines: votes.map { $0.map(Self.summed) }, opinions: opinions)
  }

  /// One cell's candidates with each character's weights added up.
  private static func summed(_ candidates: [(character: Character, weight: Double)])
    -> MRZCharacterVotes
  {
    var totals: [(character: Character, weight: Double)] = []
    for candidate in candidates {
      if let index = totals.firstIndex(where: { $0.character == candidate.character }) {
        totals[index].weight += candidate.weight
      } else {
        totals.append(candidate)
      }
    }
    return MRZCharacterVotes(totals)
  }
}
