import CDocScanShim
import DocScanCore

/// Draws an annotation plan with cairo and pango into an overlay composition
/// that GStreamer blends into frames of any format.
///
/// Sizes are given for a 720-line frame and shrink with smaller frames; on
/// larger frames they stay at that size, because GStreamer's blend costs
/// time on the streaming thread for every pixel the overlay covers.
struct OverlayPainter {
  let frameWidth: Int
  let frameHeight: Int
  /// Whether frames are RGB (else YUV or grey): the overlay is prepared in
  /// the frame's colour family.
  let rgb: Bool

  private var scale: Double { min(1, max(0.4, Double(frameHeight) / 720)) }

  /// A new composition (the caller owns it), or nil when nothing is drawn.
  func paint(_ plan: AnnotationPlan) -> OpaquePointer? {
    // Compact on purpose: the blend's cost grows with the panel's area.
    let margin = 12 * scale
    let padding = 6 * scale
    let font = "Sans Bold \(Int((16 * scale).rounded()))px"
    let meterWidth = 110 * scale
    let meterHeight = 8 * scale
    let labelFont = "Sans \(Int((12 * scale).rounded()))px"

    let probe = docscan_canvas_new(1, 1)
    defer { docscan_canvas_free(probe) }
    var textWidth = 0.0
    var textHeight = 0.0
    docscan_canvas_measure_text(probe, plan.instruction, font, &textWidth, &textHeight)
    var labelWidth = 0.0
    var labelHeight = 0.0
    docscan_canvas_measure_text(probe, "Glare", labelFont, &labelWidth, &labelHeight)

    let rowHeight = max(labelHeight, meterHeight) + 2 * scale
    let panelWidth = min(
      Double(frameWidth) - 2 * margin,
      max(textWidth, labelWidth + padding + meterWidth) + 2 * padding)
    let panelHeight = textHeight + 2 * rowHeight + 2 * padding + 2 * scale
    guard panelWidth > 4, panelHeight > 4, panelHeight < Double(frameHeight) else { return nil }

    let canvas = docscan_canvas_new(Int32(panelWidth.rounded(.up)), Int32(panelHeight.rounded(.up)))
    defer { docscan_canvas_free(canvas) }
    docscan_canvas_fill_rect(canvas, 0, 0, panelWidth, panelHeight, 0, 0, 0, 0.6)

    let tone = color(for: plan.tone)
    docscan_canvas_text(canvas, plan.instruction, font, padding, padding, tone.r, tone.g, tone.b, 1)

    var y = padding + textHeight + 2 * scale
    let meters = [("Blur", plan.blur, plan.blurLimit), ("Glare", plan.glare, plan.glareLimit)]
    for (label, value, limit) in meters {
      docscan_canvas_text(canvas, label, labelFont, padding, y, 1, 1, 1, 1)
      let x = padding + labelWidth + padding
      let barY = y + (rowHeight - meterHeight) / 2 - 2 * scale
      docscan_canvas_fill_rect(canvas, x, barY, meterWidth, meterHeight, 1, 1, 1, 0.25)
      let level = value > limit ? color(for: .warning) : color(for: .good)
      docscan_canvas_fill_rect(
        canvas, x, barY, meterWidth * min(1, max(0, value)), meterHeight, level.r, level.g,
        level.b, 1)
      // The threshold as a white tick.
      let tick = x + meterWidth * min(1, max(0, limit))
      docscan_canvas_fill_rect(
        canvas, tick - scale, barY - 2 * scale, 2 * scale, meterHeight + 4 * scale, 1, 1, 1, 1)
      y += rowHeight
    }

    var composition = docscan_composition_new()
    if let outline = plan.outline { addOutline(outline, tone: tone, to: &composition) }
    docscan_composition_add_canvas(
      &composition, canvas, Int32(margin), Int32(Double(frameHeight) - margin - panelHeight),
      rgb ? 1 : 0)
    return composition
  }

  /// The outline on a canvas covering just its bounding box (blend cost
  /// grows with the covered area).
  private func addOutline(
    _ outline: Quad, tone: (r: Double, g: Double, b: Double), to composition: inout OpaquePointer?
  ) {
    let lineWidth = max(2, 4 * scale)
    let pad = lineWidth
    let xs = outline.corners.map(\.x)
    let ys = outline.corners.map(\.y)
    let left = max(0, (xs.min()! - pad).rounded(.down))
    let top = max(0, (ys.min()! - pad).rounded(.down))
    let right = min(Double(frameWidth), (xs.max()! + pad).rounded(.up))
    let bottom = min(Double(frameHeight), (ys.max()! + pad).rounded(.up))
    guard right - left >= 2, bottom - top >= 2 else { return }
    let canvas = docscan_canvas_new(Int32(right - left), Int32(bottom - top))
    defer { docscan_canvas_free(canvas) }
    let points = outline.corners.flatMap { [$0.x - left, $0.y - top] }
    docscan_canvas_stroke_polygon(canvas, points, 4, lineWidth, tone.r, tone.g, tone.b, 1)
    docscan_composition_add_canvas(&composition, canvas, Int32(left), Int32(top), rgb ? 1 : 0)
  }

  private func color(for tone: AnnotationPlan.Tone) -> (r: Double, g: Double, b: Double) {
    switch tone {
    case .good: return (0.2, 0.9, 0.3)
    case .warning: return (1.0, 0.75, 0.1)
    case .problem: return (1.0, 0.3, 0.25)
    }
  }
}
