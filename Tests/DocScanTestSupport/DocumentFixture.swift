import CDocScanShim
import DocScanCore
import DocScanOCR

/// Renders a document-like frame: a passport data page (printed fields, a
/// photo box, a two-line OCR-B MRZ) lying on a darker desk.
///
/// Text is real text drawn by pango, so blur and glare act on strokes the
/// way they do in a camera image.
public struct DocumentFixture: Sendable {
  public var frameWidth: Int
  public var frameHeight: Int
  /// The page's rectangle in the frame.
  public var page: PixelRect
  public var deskLevel: Double = 0.32
  public var paperLevel: Double = Self.defaultPaperLevel
  /// White paper, a little below full white.
  public static let defaultPaperLevel = 0.90

  public static let mrz = [
    "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
    "L898902C36UTO7408122F1204159ZE184226B<<<<<10",
  ]
  /// ICAO's TD1 specimen: the back of an ID card (3 x 30).
  public static let td1Mrz = [
    "I<UTOD231458907<<<<<<<<<<<<<<<",
    "7408122F1204159UTO<<<<<<<<<<<6",
    "ERIKSSON<<ANNA<MARIA<<<<<<<<<<",
  ]
  /// The MRZ printed on this document; three lines make it an ID card's
  /// back (TD1), two lines a passport-style page.
  public var mrz: [String] = DocumentFixture.mrz

  public init(frameWidth: Int = 1280, frameHeight: Int = 720, page: PixelRect? = nil) {
    self.frameWidth = frameWidth
    self.frameHeight = frameHeight
    // A TD3 page (125 x 88 mm) filling about 70% of the frame height.
    let height = Int(Double(frameHeight) * 0.72)
    let width = Int(Double(height) * 125 / 88)
    self.page =
      page
      ?? PixelRect(
        x: (frameWidth - width) / 2, y: (frameHeight - height) / 2, width: width, height: height)
  }

  /// A document filling the picture, as the session reads a dewarped
  /// document (720 pixels along its long side): a passport data page for
  /// a two-line MRZ, an ID card's back for three lines, a page without an
  /// MRZ for none.
  public static func dewarped(mrz: [String]) -> DocumentFixture {
    let size = (mrz.count == 3 ? DocumentShape.id1 : .td3).dewarpedSize(longSide: 720)
    var fixture = DocumentFixture(
      frameWidth: size.width, frameHeight: size.height,
      page: PixelRect(x: 0, y: 0, width: size.width, height: size.height))
    fixture.mrz = mrz
    return fixture
  }

  public func render() -> LumaImage {
    let canvas = docscan_canvas_new(Int32(frameWidth), Int32(frameHeight))!
    defer { docscan_canvas_free(canvas) }
    let d = deskLevel
    docscan_canvas_fill_rect(canvas, 0, 0, Double(frameWidth), Double(frameHeight), d, d, d, 1)
    let p = paperLevel
    let x = Double(page.x)
    let y = Double(page.y)
    let w = Double(page.width)
    let h = Double(page.height)
    docscan_canvas_fill_rect(canvas, x, y, w, h, p, p, p, 1)

    if mrz.count == 3 { return renderCardBack(canvas) }
    let unit = h / 88  // pixels per millimetre
    func text(_ string: String, _ font: String, size: Double, _ tx: Double, _ ty: Double) {
      let description = "\(font) \(max(1, Int((size * unit).rounded())))px"
      docscan_canvas_text(
        canvas, string, description, x + tx * unit, y + ty * unit, 0.1, 0.1, 0.12, 1)
    }
    text("PASSPORT   UTOPIA", "Sans Bold", size: 4.5, 6, 4)
    // Photo box with a head-and-shoulders shape.
    docscan_canvas_fill_rect(
      canvas, x + 6 * unit, y + 14 * unit, 32 * unit, 40 * unit, 0.72, 0.72, 0.74, 1)
    docscan_canvas_fill_rect(
      canvas, x + 15 * unit, y + 20 * unit, 14 * unit, 16 * unit, 0.45, 0.42, 0.4, 1)
    docscan_canvas_fill_rect(
      canvas, x + 10 * unit, y + 38 * unit, 24 * unit, 16 * unit, 0.3, 0.3, 0.35, 1)
    let fields = [
      ("Surname", "ERIKSSON"), ("Given names", "ANNA MARIA"), ("Nationality", "UTOPIAN"),
      ("Date of birth", "12 AUG 1974"), ("Sex", "F"), ("Date of expiry", "15 APR 2012"),
    ]
    for (index, field) in fields.enumerated() {
      let top = 14 + Double(index) * 7
      text(field.0, "Sans", size: 2.2, 44, top)
      text(field.1, "Sans Bold", size: 3.2, 44, top + 2.6)
    }
    // ICAO 9303 prints the MRZ at 10 characters per inch: a line of 44
    // spans 111.8 mm. Fit OCR-B's size to that pitch.
    drawMRZ(canvas, unit: unit, left: 6.6, top: 69, spacing: 7)
    return LumaImage(canvas: canvas)
  }

  /// An ID card's back (ID-1, 85.6 x 54 mm): a few printed lines and a
  /// three-line MRZ at the bottom.
  private func renderCardBack(_ canvas: OpaquePointer) -> LumaImage {
    let unit = Double(page.height) / 54
    let x = Double(page.x)
    let y = Double(page.y)
    for (index, label) in ["Height 170", "Place of birth UTOPIA", "Issued 2012-04-16"].enumerated()
    {
      docscan_canvas_text(
        canvas, label, "Sans \(max(1, Int((2.6 * unit).rounded())))px", x + 5 * unit,
        y + (6 + Double(index) * 5) * unit, 0.1, 0.1, 0.12, 1)
    }
    drawMRZ(canvas, unit: unit, left: 4.6, top: 37.5, spacing: 4.8)
    return LumaImage(canvas: canvas)
  }

  /// The MRZ in OCR-B at ICAO 9303's 10 characters per inch: a line of n
  /// characters spans n x 2.54 mm. `left`, `top`, `spacing` in millimetres.
  private func drawMRZ(
    _ canvas: OpaquePointer, unit: Double, left: Double, top: Double, spacing: Double
  ) {
    guard let first = mrz.first else { return }
    var measuredWidth = 0.0
    docscan_canvas_measure_text(canvas, first, "OCR B 100px", &measuredWidth, nil)
    let mrzSize = 100 * (Double(first.count) * 2.54 * unit) / max(1, measuredWidth)
    for (index, line) in mrz.enumerated() {
      docscan_canvas_text(
        canvas, line, "OCR B \(max(1, Int(mrzSize.rounded())))px",
        Double(page.x) + left * unit, Double(page.y) + (top + Double(index) * spacing) * unit,
        0.1, 0.1, 0.12, 1)
    }
  }
}
