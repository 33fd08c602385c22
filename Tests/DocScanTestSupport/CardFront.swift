import CDocScanShim
import DocScanCore

/// The front of an ID-1 card without an MRZ (a driver licence's front):
/// a title band, a portrait box with a head-and-shoulders shape on the
/// left and printed lines on the right, drawn flat for `DeskScene.page`.
/// Text is drawn by pango, so blur acts on real strokes.
public enum CardFront {
  /// A licence front matching `DriverLicenceBackPipelineTests`' payload.
  public static let licenceLines = [
    "DLN T64235789", "SAMPLE", "JOHN QUINCY", "123 MAIN ST", "ANYTOWN, VA 23219",
    "DOB 01/15/1990", "EXP 08/31/2030", "SEX M   HGT 5-09   EYES BRO",
  ]

  /// `title` across the top and `lines` beside the portrait, on a light
  /// card of `width` x `height` pixels (ID-1: 85.6 x 54 mm).
  public static func render(
    title: String = "VIRGINIA   DRIVER'S LICENSE", lines: [String] = licenceLines,
    width: Int = 900, height: Int = 567
  ) -> LumaImage {
    let canvas = docscan_canvas_new(Int32(width), Int32(height))!
    defer { docscan_canvas_free(canvas) }
    let unit = Double(height) / 54  // pixels per millimetre
    docscan_canvas_fill_rect(canvas, 0, 0, Double(width), Double(height), 0.88, 0.88, 0.9, 1)
    // The title band.
    docscan_canvas_fill_rect(canvas, 0, 0, Double(width), 9 * unit, 0.55, 0.6, 0.68, 1)
    docscan_canvas_text(
      canvas, title, "Sans Bold \(Int((4 * unit).rounded()))px", 4 * unit, 2.2 * unit, 0.98,
      0.98, 0.98, 1)
    // The portrait: a grey box, a head and shoulders.
    docscan_canvas_fill_rect(
      canvas, 4 * unit, 12 * unit, 24 * unit, 31 * unit, 0.7, 0.7, 0.72, 1)
    docscan_canvas_fill_rect(
      canvas, 10.5 * unit, 16 * unit, 11 * unit, 13 * unit, 0.45, 0.42, 0.4, 1)
    docscan_canvas_fill_rect(
      canvas, 7 * unit, 31 * unit, 18 * unit, 12 * unit, 0.3, 0.3, 0.35, 1)
    for (index, line) in lines.enumerated() {
      docscan_canvas_text(
        canvas, line, "Sans \(index == 1 ? "Bold " : "")\(Int((2.8 * unit).rounded()))px",
        32 * unit, (12 + Double(index) * 4.6) * unit, 0.1, 0.1, 0.12, 1)
    }
    // A signature stroke under the portrait.
    let signature = [4, 49, 10, 46, 16, 50, 22, 46, 28, 49].map { $0 * unit }
    docscan_canvas_stroke_path(canvas, signature, 5, 0, 0.25 * unit, 0.15, 0.15, 0.3, 1)
    return LumaImage(canvas: canvas)
  }
}
