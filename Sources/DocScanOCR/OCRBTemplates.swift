import CDocScanShim
import COpenCVShim
import DocScanCore

/// Pictures of the 37 MRZ characters in OCR-B (Debian's `fonts-ocr-b`),
/// each one character cell wide and one capital letter high, the way
/// `MRZRowGeometry` cuts a printed line into cells.
struct OCRBTemplates: Sendable {
  static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<")
  static let width = 24
  static let height = 32

  /// Every template's pixels, packed one after another in `alphabet` order.
  let pixels: [UInt8]

  /// Renders the templates with pango; nil when the font is missing.
  static func render() -> OCRBTemplates? {
    let size = 100
    let font = "OCR B \(size)px"
    let canvasSide = 3 * size
    let origin = Double(size)
    var packed: [UInt8] = []
    packed.reserveCapacity(alphabet.count * width * height)
    // The capital height, from an "H" drawn where every glyph will be.
    guard let capitals = glyph("H", font: font, side: canvasSide, origin: origin),
      let capRows = capitals.inkRows()
    else { return nil }
    for character in alphabet {
      var advance = 0.0
      let canvas = docscan_canvas_new(Int32(canvasSide), Int32(canvasSide))!
      docscan_canvas_measure_text(canvas, String(character), font, &advance, nil)
      docscan_canvas_free(canvas)
      guard advance > 1, let image = glyph(character, font: font, side: canvasSide, origin: origin)
      else { return nil }
      let cell = image.resampled(
        left: origin, top: Double(capRows.lowerBound), width: advance,
        height: Double(capRows.count), toWidth: width, toHeight: height)
      packed += smoothed(cell)
    }
    return OCRBTemplates(pixels: packed)
  }

  /// Smoothing applied to templates and cells alike before correlation:
  /// printed strokes are never as crisp as rendered ones.
  static let smoothing = 0.8

  private static func smoothed(_ cell: [UInt8]) -> [UInt8] {
    var out = cell
    _ = docscan_gaussian_blur(cell, Int32(width), Int32(height), Int32(width), smoothing, &out)
    return out
  }

  private static func glyph(_ character: Character, font: String, side: Int, origin: Double)
    -> LumaImage?
  {
    guard let canvas = docscan_canvas_new(Int32(side), Int32(side)) else { return nil }
    defer { docscan_canvas_free(canvas) }
    docscan_canvas_fill_rect(canvas, 0, 0, Double(side), Double(side), 1, 1, 1, 1)
    docscan_canvas_text(canvas, String(character), font, origin, origin, 0, 0, 0, 1)
    return LumaImage(canvas: canvas)
  }
}

extension LumaImage {
  /// The rows that hold any dark pixel.
  fileprivate func inkRows() -> Range<Int>? {
    let rows = (0..<height).filter { y in
      (0..<width).contains { x in pixels[y * stride + x] < 128 }
    }
    guard let first = rows.first, let last = rows.last else { return nil }
    return first..<(last + 1)
  }

  /// A rectangle of the image scaled to `toWidth` x `toHeight` by area
  /// averaging (OpenCV).
  fileprivate func resampled(
    left: Double, top: Double, width cellWidth: Double, height cellHeight: Double, toWidth: Int,
    toHeight: Int
  ) -> [UInt8] {
    var out = [UInt8](repeating: 255, count: toWidth * toHeight)
    let rect: [Int32] = [
      Int32(left), Int32(top), Int32(cellWidth.rounded()), Int32(cellHeight.rounded()),
    ]
    _ = docscan_resize_area(
      pixels, Int32(width), Int32(height), Int32(stride), rect, &out, Int32(toWidth),
      Int32(toHeight))
    return out
  }
}
