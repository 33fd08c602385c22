import DocScanCore
import DocScanOpenCV
import Synchronization

/// Reads an MRZ with docscan's own Tesseract models, trained for the MRZ's
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
  /// The second model's language name: `mrz_small.traineddata`, the first
  /// model trained on small and crisp print as well.
  public static let smallPrintLanguage = "mrz_small"

  /// How much darker than its neighbourhood (luma levels) ink must be,
  /// tried in this order until rows are found. The stricter ones are for
  /// print crossed by a stamp: in the ink image its strokes fade to a mid
  /// grey that the first thresholds still take for ink, joined to the
  /// characters they cross; MRZ print is black and stays
  /// (`MRZStampedRowsTests`).
  static let darknessOffsets = [10.0, 20.0, 40.0, 60.0]

  /// The views: the capital height the row strip is resampled to (the
  /// network then scales the strip to its own 24 px input, so each view
  /// reaches it by another interpolation) and whether it is binarised.
  /// Each is a source of its own (`MRZConfirmation` wants two to agree and
  /// none to dissent). Measured in-process (`plugin/mrz-explain.sh`, whole
  /// frames as the element scales them) on the 90 development pages and
  /// the 20 specimens together: grey 32, grey 24 and binarised 32 read 48;
  /// grey 24, 20 and 28 read 83; grey 24, 20 and 22 (or 22, 18 and 26) 95;
  /// grey 24, 20 and 18 96; grey 24, 20 and 16 97 (binarising confuses
  /// `R`/`H`, `G`/`B`; strips upscaled to 28 px and more `T`/`I`); never a
  /// wrong one (those figures measured with 36 px input models). Views
  /// of one model can misread a letter alike at every scale, so two models
  /// share the views: the 24 and 16 px views read with `mrz`, the 20 px one
  /// with `mrz_small` (trained on small and crisp print as well). With the
  /// 24 px input models that way round reads 101 of those 110 images,
  /// the other way round (`mrz_small` at 24 and 16 px) 99: its 24 px view
  /// reads clean print's `U` as `H` (README, "Reading the MRZ"). The first
  /// view's model also settles the orientation and long lines.
  public static let defaultViews = [
    MRZReadingView(model: language, capitalHeight: 24),
    MRZReadingView(model: smallPrintLanguage, capitalHeight: 20),
    MRZReadingView(model: language, capitalHeight: 16),
  ]

  /// The models `defaultViews` read with, each once, in order of first use.
  public static var defaultModels: [String] {
    defaultViews.map(\.model).reduce(into: []) { models, model in
      if !models.contains(model) { models.append(model) }
    }
  }

  private let views: [MRZReadingView]
  /// One engine per model the views use, in the order they first appear.
  private let engines: [String: TesseractEngine]
  /// Whether each call reads with one view, the next in turn, rather than
  /// with all of them.
  private let viewsInTurn: Bool
  /// How many calls have been read (modulo a full round of views and
  /// sampling phases): whose turn it is.
  private let turn = Mutex(0)
  /// Which way up recent images' rows lay (`orientation`).
  private let orientations = Mutex(MRZOrientationMemory())

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

  /// How many threads a read on the calling thread may use (1 once this
  /// thread has read a line).
  public static var threadsPerRead: Int { TesseractEngine.threadsPerRead }

  /// Orientation is chosen by the model's confidence (`orientation(_:engine:)`).
  public var readsAnyOrientation: Bool { true }

  public func readMRZ(in image: LumaImage) -> MRZReading? {
    guard let (rows, chosen, orientation) = rowsAndOrientation(in: image) else { return nil }
    let first = chosen[0]
    let upsideDown = orientation.upsideDown
    // Rows in reading order; the orientation test has read one of them
    // (the last in the image) with the first view already.
    var ordered = upsideDown ? Array(rows.reversed()) : rows
    var known: [Int: [TesseractEngine.Symbol]] = [:]
    if let symbols = orientation.symbols { known[upsideDown ? 0 : ordered.count - 1] = symbols }
    (ordered, known) = registered(
      ordered, in: image, view: first, upsideDown: upsideDown, known: known)
    let strips = chosen.map { view in
      ordered.map { row in
        let strip = strip(of: row, in: image, view: view)
        return upsideDown ? strip?.rotatedHalfTurn() : strip
      }
    }
    var reading = read(
      strips, views: chosen, cellCounts: ordered.map(\.cellCount), firstViewRows: known)
    reading.upsideDown = upsideDown
    return reading
  }

  /// The way up `readMRZ` finds, without reading the rows: the same rows,
  /// views' turn and orientation test (one or two row reads instead of
  /// every row in a view, and the registration).
  public func mrzUpsideDown(in image: LumaImage) -> Bool? {
    rowsAndOrientation(in: image)?.orientation.upsideDown
  }

  /// What every reading starts with: the MRZ rows found (nil when there
  /// are none), moved to this call's sampling phase; the views this call
  /// reads with; and which way up the first of them finds the rows.
  private func rowsAndOrientation(in image: LumaImage) -> (
    rows: [MRZRowGeometry], views: [MRZReadingView],
    orientation: (upsideDown: Bool, symbols: [TesseractEngine.Symbol]?)
  )? {
    var rows: [MRZRowGeometry] = []
    for darkness in Self.darknessOffsets where rows.isEmpty {
      rows = finder.rows(
        blobs: InkBlobs.find(in: image, darkness: darkness), imageHeight: image.height)
    }
    guard !rows.isEmpty else { return nil }
    rows = completingLongLines(rows, in: image)
    let (chosen, phase) = nextViewsAndPhase()
    rows = rows.map { $0.moved(dx: phase.dx, dy: phase.dy) }
    let first = chosen[0]
    let orientation = orientation(
      rows.map { strip(of: $0, in: image, view: first) }, engine: engines[first.model]!,
      rows: rows,
      key: MRZOrientationMemory.Key(width: image.width, height: image.height, view: first.source))
    return (rows, chosen, orientation)
  }

  /// Cells of margin around a row's strip: room for the first and last
  /// characters' strokes.
  static let stripMargin = 0.6

  /// `row` cut out of `image` as `view` looks at it.
  private func strip(
    of row: MRZRowGeometry, in image: LumaImage, view: MRZReadingView,
    margin: Double = stripMargin
  ) -> MRZRowStrip? {
    let strip = MRZRowStrip(row, in: image, capitalHeight: view.capitalHeight, margin: margin)
    return view.binarized ? strip?.binarized() : strip
  }

  /// How many cells the line finder may have set a row off by. Its cells
  /// come from the ink it found: a first character joined to the page's
  /// edge art, or a mark just past the last character, moves them by one
  /// or two. Every cell of an MRZ line is printed (fillers too), so cells
  /// read empty at one end of a row are such a shift (`registered`).
  static let registrationSlack = 2

  /// The rows (in reading order, each read turned half a turn when
  /// `upsideDown`) with their cells set where `view` reads characters: a
  /// row whose first view leaves cells at one end empty is read again
  /// moved that many cells that way, and moved when more of its cells
  /// then hold a character (again, up to `registrationSlack` moves); and,
  /// when most of the zone's check digits fail, a row they cover is placed
  /// anew a cell off at either end or both where more of them hold.
  /// `known` holds `view`'s readings by row; it gets those read here.
  private func registered(
    _ rows: [MRZRowGeometry], in image: LumaImage, view: MRZReadingView, upsideDown: Bool,
    known: [Int: [TesseractEngine.Symbol]]
  ) -> ([MRZRowGeometry], [Int: [TesseractEngine.Symbol]]) {
    let engine = engines[view.model]!
    // The cells of `row` that `view` reads a character in, its reading,
    // and the line it makes (`?` where a cell holds nothing).
    func read(_ row: MRZRowGeometry, known: [TesseractEngine.Symbol]? = nil)
      -> (cells: Set<Int>, symbols: [TesseractEngine.Symbol], line: String)?
    {
      guard let cut = strip(of: row, in: image, view: view) else { return nil }
      let strip = upsideDown ? cut.rotatedHalfTurn() : cut
      let symbols = known ?? engine.readLine(strip)
      let placed = strip.cells(of: symbols, cellCount: row.cellCount)
      var line = [Character](repeating: "?", count: row.cellCount)
      for (symbol, cell) in zip(symbols, placed) where cell != nil {
        line[cell!] = symbol.character
      }
      return (Set(placed.compactMap { $0 }), symbols, String(line))
    }
    var rows = rows
    var known = known
    var lines = [String?](repeating: nil, count: rows.count)
    for index in rows.indices {
      guard var current = read(rows[index], known: known[index]) else { continue }
      // A row cut a cell or two short reads with a character missing at
      // its end, which the first move may not show: moved while that helps.
      for _ in 0..<Self.registrationSlack {
        guard
          let shift = Self.registration(occupied: current.cells, cellCount: rows[index].cellCount)
        else { break }
        // A turned strip counts its cells from the row's other end.
        let moved = rows[index].cells(
          from: upsideDown ? -shift : shift, count: rows[index].cellCount)
        guard let again = read(moved),
          Self.isBetterRegistered(again.cells, than: current.cells, cellCount: moved.cellCount)
        else { break }
        rows[index] = moved
        current = again
      }
      known[index] = current.symbols
      lines[index] = current.line
    }
    guard lines.allSatisfy({ $0 != nil }) else { return (rows, known) }
    return placedByCheckDigits(
      rows, lines: lines.compactMap { $0 }, known: known, upsideDown: upsideDown
    ) { row in read(row).map { ($0.symbols, $0.line) } }
  }

  /// `rows` (read as `lines` by the first view, `known` its readings by
  /// row) with a row set a cell off placed anew. The check digits tell a
  /// row set off that both its ends hide (its first or last character
  /// missed by the blob finder, a mark on the other side taken in): every
  /// character then stands a cell from its field and most checks fail
  /// (one misread character fails its own and the composite). Then each
  /// row that check digits look at is read (`read`) placed a cell off at
  /// either end or both, and kept so where more of them hold.
  private func placedByCheckDigits(
    _ rows: [MRZRowGeometry], lines: [String], known: [Int: [TesseractEngine.Symbol]],
    upsideDown: Bool,
    read: (MRZRowGeometry) -> (symbols: [TesseractEngine.Symbol], line: String)?
  ) -> ([MRZRowGeometry], [Int: [TesseractEngine.Symbol]]) {
    var (rows, known, zone) = (rows, known, lines)
    guard var holding = MRZLayout.holdingChecks(in: zone),
      let format = MRZFormat.detect(lines: zone)
    else { return (rows, known) }
    let layout = MRZLayout.of(format)
    guard 2 * holding < layout.checks.count else { return (rows, known) }
    let checked = Set(layout.checks.flatMap { [$0.digit.line] + $0.spans.map(\.line) })
    for index in rows.indices where checked.contains(index) && holding < layout.checks.count {
      let last = Double(rows[index].cellCount - 1)
      // (first, last) in reading order; a turned strip counts cells from
      // the row's other end.
      let placed = rows[index]
      for (start, end) in [(-1.0, last - 1), (1, last + 1), (-1, last), (0, last + 1)] {
        let (first, final) = upsideDown ? (last - end, last - start) : (start, end)
        let moved = placed.spanning(fromCell: first, toCell: final)
        guard let again = read(moved) else { continue }
        var trial = zone
        trial[index] = again.line
        guard let now = MRZLayout.holdingChecks(in: trial), now > holding else { continue }
        (rows[index], known[index], zone, holding) = (moved, again.symbols, trial, now)
      }
    }
    return (rows, known)
  }

  /// Whether a row moved reads better registered than before: more of its
  /// cells hold a character, or as many and now both its end cells do (the
  /// move filled the end it left empty; a character the model dropped
  /// inside the line is a misreading, which the other views outvote).
  static func isBetterRegistered(_ moved: Set<Int>, than before: Set<Int>, cellCount: Int) -> Bool {
    if moved.count != before.count { return moved.count > before.count }
    return moved.contains(0) && moved.contains(cellCount - 1)
  }

  /// The shift a row's reading asks for: as many cells as it leaves empty
  /// at one end (towards that end: a positive shift moves the cells right),
  /// up to `registrationSlack`; nil when both ends hold characters or both
  /// are empty (then the line is misread, not misplaced).
  static func registration(occupied: Set<Int>, cellCount: Int) -> Int? {
    guard let low = occupied.min(), let high = occupied.max() else { return nil }
    let leading = low
    let trailing = cellCount - 1 - high
    guard (leading == 0) != (trailing == 0) else { return nil }
    let shift = leading > 0 ? leading : -trailing
    return abs(shift) <= registrationSlack ? shift : nil
  }

  /// Where, within a pixel, successive reads sample the rows (image
  /// pixels). A still frame read again gives the same pixels and so the
  /// same misreading; sampling its strips at another sub-pixel phase gives
  /// the model other pixels of the same print, as a live camera's next
  /// frame does, so that a view's verdict over several frames
  /// (`MRZConfirmation`) is not one resampling's accident.
  static let samplingPhases: [(dx: Double, dy: Double)] = [
    (0, 0), (0.5, 0.5), (0.5, 0), (0, 0.5),
  ]

  /// The views this call reads with (all of them, or the next in turn) and
  /// its sampling phase.
  private func nextViewsAndPhase() -> ([MRZReadingView], (dx: Double, dy: Double)) {
    turn.withLock { count in
      defer { count = (count + 1) % (views.count * Self.samplingPhases.count) }
      let (chosen, phase) = Self.schedule(call: count, viewCount: views.count, inTurn: viewsInTurn)
      return (chosen.map { views[$0] }, Self.samplingPhases[phase])
    }
  }

  /// Which views (indices) read call number `call`, and at which sampling
  /// phase (index into `samplingPhases`): in turn, one view per call and the
  /// next phase once every view has had one, so that each view meets every
  /// phase within `viewCount` x `samplingPhases.count` calls.
  static func schedule(call: Int, viewCount: Int, inTurn: Bool) -> (views: [Int], phase: Int) {
    guard inTurn else { return (Array(0..<viewCount), call % samplingPhases.count) }
    return ([call % viewCount], (call / viewCount) % samplingPhases.count)
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
              strip.cell(atX: $0.centerX, cellCount: extra)
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
  /// test costs one line.) Rows where the last image of this size had them
  /// keep its verdict without the test (`MRZOrientationMemory`), checked
  /// by the one reading. Returns, beside the verdict, what was read of the
  /// last row that way up (nil when there was no row to read).
  private func orientation(
    _ strips: [MRZRowStrip?], engine: TesseractEngine, rows: [MRZRowGeometry],
    key: MRZOrientationMemory.Key
  ) -> (upsideDown: Bool, symbols: [TesseractEngine.Symbol]?) {
    guard let last = strips.indices.last(where: { strips[$0] != nil }), let strip = strips[last]
    else { return (false, nil) }
    // Only the very last row's reading is reusable as it is.
    let reusable = last == strips.count - 1
    if let kept = orientations.withLock({ $0.verdict(for: rows, key) }) {
      let symbols = engine.readLine(kept.upsideDown ? strip.rotatedHalfTurn() : strip)
      if kept.isStillUpheld(byConfidence: Self.meanConfidence(symbols)) {
        orientations.withLock { $0.reused(key) }
        return (kept.upsideDown, reusable ? symbols : nil)
      }
      orientations.withLock { $0.forget(key) }
    }
    let upright = engine.readLine(strip)
    let turned = engine.readLine(strip.rotatedHalfTurn())
    let (uprightConfidence, turnedConfidence) = (
      Self.meanConfidence(upright), Self.meanConfidence(turned)
    )
    let upsideDown = turnedConfidence > uprightConfidence
    orientations.withLock {
      $0.remember(
        MRZOrientationMemory.Verdict(
          rows: rows, upsideDown: upsideDown,
          winningConfidence: max(uprightConfidence, turnedConfidence),
          losingConfidence: min(uprightConfidence, turnedConfidence)), key)
    }
    guard reusable else { return (upsideDown, nil) }
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
    // Each cell's field kind, where every format of the zone's shape agrees.
    let formats =
      Set(cellCounts).count == 1
      ? MRZFormat.candidates(lineCount: cellCounts.count, lineLength: cellCounts[0]) : []
    let kinds = MRZZeroOrLetterO.sharedKinds(formats)
    // Cells no check digit covers in some format of the zone's shape.
    var unchecked = cellCounts.map { _ in Set<Int>() }
    for position in formats.flatMap({ MRZLayout.of($0).uncheckedPositions })
    where position.line < unchecked.count {
      unchecked[position.line].insert(position.column)
    }
    for (viewIndex, (view, strips)) in zip(views, strips).enumerated() {
      let engine = engines[view.model]!
      var lines: [String] = []
      // This view's own candidates per cell.
      var own = cellCounts.map { [MRZCharacterVotes](repeating: MRZCharacterVotes([]), count: $0) }
      // This view's print of each cell it read a character in.
      var glyphs = cellCounts.map { [MRZGlyph?](repeating: nil, count: $0) }
      // Per row, the cells around a character this view could not place.
      var unplaced = cellCounts.map { _ in Set<Int>() }
      // This view's votes, added to `votes` once its `0`s and `O`s are settled.
      var viewVotes = cellCounts.map {
        [[(character: Character, weight: Double)]](repeating: [], count: $0)
      }
      for (index, strip) in strips.enumerated() {
        var cells = [Character?](repeating: nil, count: cellCounts[index])
        let known = viewIndex == 0 ? firstViewRows[index] : nil
        guard let strip else {
          lines.append(String(repeating: "?", count: cells.count))
          continue
        }
        let symbols = known ?? engine.readLine(strip)
        let placements = strip.placements(of: symbols, cellCount: cells.count)
        for (symbol, placement) in zip(symbols, placements) {
          // A character the alignment could put in either of two cells (a
          // missed neighbour, two merged into one box), where no check
          // digit would catch it in the wrong one: the view abstains around
          // it rather than claim a cell it may not fill, or dissent with
          // an empty one (`MRZConfirmation`).
          let near = placement.cell ?? Int(strip.cellPosition(of: symbol).rounded())
          let around = Set(near - 1...near + 1).intersection(unchecked[index])
          if !placement.isClear && !around.isEmpty {
            unplaced[index].formUnion(around)
            continue
          }
          guard let cell = placement.cell else { continue }
          cells[cell] = symbol.character
          let candidates =
            (symbol.alternatives.isEmpty
            ? [(symbol.character, symbol.confidence)] : symbol.alternatives)
            .map { (character: $0.0, weight: $0.1) }
          own[index][cell] = MRZCharacterVotes(candidates)
          viewVotes[index][cell] += candidates
          glyphs[index][cell] = strip.glyphSamples(cell: cell).map {
            MRZGlyph(character: symbol.character, samples: $0)
          }
        }
        lines.append(String(cells.map { $0 ?? "?" }))
      }
      // A `0` or `O` the zone's own print tells apart takes that character
      // in this view: its votes for the other go to it.
      for (position, character) in MRZZeroOrLetterO.settled(glyphs, kinds: kinds) {
        let rival: Character = character == "0" ? "O" : "0"
        let settle = { (candidates: [(character: Character, weight: Double)]) in
          candidates.map { ($0.character == rival ? character : $0.character, $0.weight) }
        }
        viewVotes[position.line][position.column] = settle(
          viewVotes[position.line][position.column])
        own[position.line][position.column] = Self.summed(
          settle(own[position.line][position.column].candidates))
        var line = Array(lines[position.line])
        line[position.column] = character
        lines[position.line] = String(line)
        // The print check below then compares the cell as settled.
        glyphs[position.line][position.column]?.character = character
      }
      for (line, cells) in viewVotes.enumerated() {
        for (cell, candidates) in cells.enumerated() { votes[line][cell] += candidates }
      }
      // A letter whose print is another letter's of the zone, not its own,
      // is left unread in this view's opinion (its votes stay): the view
      // vouches for nothing it may have misread.
      let considered = own.map { $0.map { Set($0.candidates.map(\.character)) } }
      for position in MRZPrintConsistency.doubtful(glyphs, candidates: considered) {
        var line = Array(lines[position.line])
        line[position.column] = "?"
        lines[position.line] = String(line)
      }
      // A cell a highlight washed out is read alike, wrongly, by every view:
      // the view vouches for nothing there either.
      for (index, strip) in strips.enumerated() {
        guard let strip else { continue }
        let shares = strip.clippedShares(
          cellCount: cellCounts[index],
          level: MRZWashedOutCells.clipLevel(paperLevel: MRZWashedOutCells.paperLevel(strip.pixels))
        )
        var line = Array(lines[index])
        for cell in MRZWashedOutCells.cells(clippedShares: shares) { line[cell] = "?" }
        lines[index] = String(line)
      }
      // The view's opinion as a decoder that knows which document codes
      // its format allows reads it, from its own candidates; it abstains on
      // a country code's letter only the list of codes would change.
      let settled = MRZCodeSettling.settledOpinion(lines, votes: own)
      let marked = MRZOpinion.markingEmptyCells(settled, votes: own)
      opinions.append(
        MRZOpinion(source: view.source, lines: Self.abstaining(marked, on: unplaced, in: own)))
    }
    return MRZReading(lines: votes.map { $0.map(Self.summed) }, opinions: opinions)
  }

  /// `lines` with `?` in each of the `cells` of its row that this view
  /// placed no character in (`votes` empty there): such a cell neither
  /// agrees nor dissents.
  static func abstaining(_ lines: [String], on cells: [Set<Int>], in votes: [[MRZCharacterVotes]])
    -> [String]
  {
    lines.enumerated().map { index, line in
      guard index < cells.count, index < votes.count else { return line }
      var characters = Array(line)
      for cell in cells[index]
      where characters.indices.contains(cell) && votes[index][cell].candidates.isEmpty {
        characters[cell] = "?"
      }
      return String(characters)
    }
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

extension TesseractEngine.Symbol {
  /// The middle of the symbol's box, along the strip.
  var centerX: Double { Double(left + right) / 2 }
}

extension MRZRowStrip {
  /// The cell each of `symbols` (read left to right) fills, nil for one
  /// left out: every cell of an MRZ line holds one character, so they are
  /// placed in order where their boxes fit best (`MRZCellAlignment`), not
  /// each alone by its box, which a character touching other ink widens.
  func cells(of symbols: [TesseractEngine.Symbol], cellCount: Int) -> [Int?] {
    MRZCellAlignment.cells(for: symbols.map(cellPosition(of:)), cellCount: cellCount)
  }

  /// Each of `symbols`' placement, and whether the alignment is sure of it.
  func placements(of symbols: [TesseractEngine.Symbol], cellCount: Int)
    -> [MRZCellAlignment.Placement]
  {
    MRZCellAlignment.placements(for: symbols.map(cellPosition(of:)), cellCount: cellCount)
  }

  /// Where `symbol`'s box centre lies along the row, in cells (the first
  /// cell's centre at 0).
  func cellPosition(of symbol: TesseractEngine.Symbol) -> Double {
    symbol.centerX / cellWidth - margin - 0.5
  }
}
