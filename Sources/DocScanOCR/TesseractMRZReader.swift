import COpenCVShim
import DocScanCore

/// Reads an MRZ: finds its rows by their regular character pitch (OpenCV
/// blobs, `MRZLineFinder`), matches every cell against OCR-B's glyphs, reads
/// every row with Tesseract, and turns both opinions into votes
/// (`MRZCellEvidence`). Which reading is accepted is the core's business.
public final class TesseractMRZReader: MRZTextReader {
  private let engine: TesseractEngine
  private let templates: OCRBTemplates
  private let finder = MRZLineFinder()

  /// Cells are cut this much wider and taller than the glyph (share of a
  /// cell / of the capital height), so the template can slide to fit.
  static let cellMargin = 0.15
  /// Glyphs scored at the cell's centre; this many of the best are then
  /// slid over the cell to find their best fit (speed: 37 slides per cell
  /// cost 1.5 ms).
  static let shortlist = 6
  /// Tesseract reads the rows scaled to this capital height, in pixels.
  static let ocrCapitalHeight = 32.0

  public init(tessdata: String?) throws(MRZReaderError) {
    guard let templates = OCRBTemplates.render() else { throw .fontMissing }
    self.templates = templates
    self.engine = try TesseractEngine(tessdata: tessdata)
  }

  /// 1 when Tesseract runs single-threaded, as it should on the analysis thread.
  public static var openMPThreadLimit: Int { TesseractEngine.openMPThreadLimit }

  /// A mean glyph match this good means the MRZ is upright: rows of
  /// upside-down characters line up too, and match OCR-B at about 0.8, as a
  /// blurred upright MRZ may; below this both orientations are compared.
  static let clearlyUpright = 0.9

  /// Orientation is chosen by the glyph match (see `clearlyUpright`).
  public var readsAnyOrientation: Bool { true }

  public func readMRZ(in image: LumaImage) -> MRZReading? {
    var best = glyphEvidence(in: image)
    if (best?.match ?? 0) < Self.clearlyUpright {
      // A document lying upside down: its MRZ runs along the top, reversed.
      let turned = image.rotatedHalfTurn()
      if let other = glyphEvidence(in: turned), other.match > best?.match ?? 0 { best = other }
    }
    guard let best else { return nil }
    let ocr = best.rows.map { ocrCharacters($0, in: best.image) }
    let evidence = zip(best.glyphs, ocr).map { glyphs, ocr in
      glyphs.indices.map { cell in
        MRZCellEvidence(glyphScores: glyphs[cell], ocr: ocr[cell])
      }
    }
    let lines = MRZLookAlikeCalibration.votes(for: evidence)
    return MRZReading(lines: lines)
  }

  /// The MRZ rows found in `image`, every cell's glyph scores, and how well
  /// the glyphs matched OCR-B on average (the cheap half of reading). Each
  /// ink threshold may find rows. The first threshold's rows are kept unless
  /// a firmer one's match OCR-B clearly better (`clearlyBetterMatch`): a
  /// card's edge that touches the first or last characters at one threshold
  /// shifts a row by a cell, or stretches it, and such rows match badly.
  private func glyphEvidence(in image: LumaImage) -> GlyphEvidence? {
    var best: GlyphEvidence?
    for offset in Self.darknessOffsets {
      // No later threshold can beat a match this good by the margin.
      if let best, best.match + Self.clearlyBetterMatch > 1 { break }
      let rows = finder.rows(
        blobs: InkBlobs.find(in: image, darkness: offset), imageHeight: image.height)
      // The same rows to a fraction of a cell match alike: not worth scoring.
      guard !rows.isEmpty, !(best.map { Self.sameCells($0.rows, rows) } ?? false) else { continue }
      let glyphs = rows.map { row in
        (0..<row.cellCount).map { glyphScores(row, cell: $0, in: image) }
      }
      let scores = glyphs.joined().map { $0.map(\.score).max() ?? 0 }
      let evidence = GlyphEvidence(
        image: image, rows: rows, glyphs: glyphs,
        match: scores.reduce(0, +) / Double(max(1, scores.count)))
      if evidence.match >= (best?.match ?? -1) + Self.clearlyBetterMatch { best = evidence }
    }
    return best
  }

  /// How much better a later threshold's rows must match OCR-B to replace
  /// the earlier ones. Rows found at both thresholds differ by a fraction of
  /// a pixel and match within 0.03 (specimen scans), but which one reads
  /// right is chance; misplaced rows match 0.19 worse (Serbia's card).
  static let clearlyBetterMatch = 0.08

  /// Whether two sets of rows cut the same cells, to a quarter of a cell.
  static func sameCells(_ rows: [MRZRowGeometry], _ others: [MRZRowGeometry]) -> Bool {
    rows.count == others.count
      && zip(rows, others).allSatisfy { row, other in
        row.cellCount == other.cellCount
          && abs(row.firstCenterX - other.firstCenterX) < 0.25 * row.pitch
          && abs(row.pitch - other.pitch) * Double(row.cellCount) < 0.25 * row.pitch
          && abs(row.top - other.top) < 0.25 * row.capHeight
          && abs(row.bottom - other.bottom) < 0.25 * row.capHeight
      }
  }

  private struct GlyphEvidence {
    var image: LumaImage
    var rows: [MRZRowGeometry]
    var glyphs: [[[(character: Character, score: Double)]]]
    var match: Double
  }

  /// How much darker than its surroundings (luma levels) a pixel must be
  /// to count as ink, tried in this order (see `glyphEvidence(in:)`).
  static let darknessOffsets = [10.0, 20.0]

  private func glyphScores(_ row: MRZRowGeometry, cell: Int, in image: LumaImage)
    -> [(character: Character, score: Double)]
  {
    let width = Int((Double(OCRBTemplates.width) * (1 + 2 * Self.cellMargin)).rounded())
    let height = Int((Double(OCRBTemplates.height) * (1 + 2 * Self.cellMargin)).rounded())
    let corners = row.corners(
      cells: cell..<(cell + 1), marginX: Self.cellMargin, marginY: Self.cellMargin)
    guard let pixels = image.warped(corners, width: width, height: height) else { return [] }
    var scores = [Double](repeating: 0, count: OCRBTemplates.alphabet.count)
    let matched = templates.pixels.withUnsafeBufferPointer { glyphs in
      docscan_match_templates(
        pixels, Int32(width), Int32(height), Int32(width), glyphs.baseAddress,
        Int32(OCRBTemplates.width), Int32(OCRBTemplates.height),
        Int32(OCRBTemplates.alphabet.count), Int32(Self.shortlist), OCRBTemplates.smoothing,
        &scores)
    }
    guard matched != 0 else { return [] }
    return zip(OCRBTemplates.alphabet, scores).map { ($0, $1) }
  }

  /// Tesseract's reading of the row, each character placed in the cell its
  /// box centre falls into (the first one wins a cell).
  private func ocrCharacters(_ row: MRZRowGeometry, in image: LumaImage)
    -> [Int: (character: Character, confidence: Double)]
  {
    guard let strip = MRZRowStrip(row, in: image, capitalHeight: Self.ocrCapitalHeight) else {
      return [:]
    }
    var cells: [Int: (character: Character, confidence: Double)] = [:]
    for symbol in engine.readLine(pixels: strip.pixels, width: strip.width, height: strip.height) {
      let center = Double(symbol.left + symbol.right) / 2
      guard let cell = strip.cell(atX: center, cellCount: row.cellCount), cells[cell] == nil
      else { continue }
      cells[cell] = (symbol.character, symbol.confidence)
    }
    return cells
  }
}
