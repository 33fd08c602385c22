import CDocScanShim
import DocScanCore

/// Draws an annotation plan with cairo and pango into an overlay composition
/// that GStreamer blends into frames of any format.
///
/// The blend (`docscan_composition_blend`) runs on the streaming thread.
/// Into I420, YV12, NV12 and NV21 frames it costs what is drawn
/// (transparent pixels are skipped); into other formats it converts every
/// pixel an overlay rectangle covers, so the cost follows the rectangles'
/// area, plus a fixed cost per rectangle. So the painter draws the
/// document's corners as brackets (a full outline would cover the whole
/// document) and puts drawings on one canvas only where that costs less
/// than two (`groupedByCost`).
///
/// Sizes are given for a 720-line frame and shrink with smaller frames; on
/// larger frames they stay at that size.
struct OverlayPainter {
  let frameWidth: Int
  let frameHeight: Int
  /// Whether frames are RGB (else YUV or grey): the overlay is prepared in
  /// the frame's colour family.
  let rgb: Bool

  /// Each bracket arm covers this share of its edge, up to `maximumBracket`
  /// pixels (at 720 lines).
  static let bracketFraction = 0.2
  static let maximumBracket = 60.0

  private var scale: Double { min(1, max(0.4, Double(frameHeight) / 720)) }

  /// One thing to draw: its bounds in frame pixels, and how to draw it on a
  /// canvas whose origin is at `origin` in the frame.
  private struct Drawing {
    var left: Double
    var top: Double
    var right: Double
    var bottom: Double
    var draw: (_ canvas: OpaquePointer, _ originX: Double, _ originY: Double) -> Void
  }

  /// A new composition (the caller owns it), or nil when nothing is drawn.
  func paint(_ plan: AnnotationPlan) -> OpaquePointer? {
    // The panel first: where a document lies under it, its brackets are
    // drawn over the panel and stay visible.
    var drawings: [Drawing] = []
    let tone = color(for: plan.tone)
    if let panel = panel(plan, tone: tone) { drawings.append(panel) }
    if let outline = plan.outline { drawings += brackets(outline, tone: tone) }

    var composition = docscan_composition_new()
    for group in groupedByCost(drawings) {
      let left = max(0, group.map(\.left).min()!.rounded(.down))
      let top = max(0, group.map(\.top).min()!.rounded(.down))
      let right = min(Double(frameWidth), group.map(\.right).max()!.rounded(.up))
      let bottom = min(Double(frameHeight), group.map(\.bottom).max()!.rounded(.up))
      guard right - left >= 2, bottom - top >= 2 else { continue }
      let canvas = docscan_canvas_new(Int32(right - left), Int32(bottom - top))!
      defer { docscan_canvas_free(canvas) }
      for drawing in group { drawing.draw(canvas, left, top) }
      docscan_composition_add_canvas(&composition, canvas, Int32(left), Int32(top), rgb ? 1 : 0)
    }
    return composition
  }

  /// What one more rectangle costs GStreamer's blend, in pixels of area
  /// (about 30 us against about 10 ns per pixel, at 1080p).
  static let rectangleCostInPixels = 3000.0

  /// Drawings grouped so that each group's bounding box is one canvas:
  /// two groups are merged while their joint box costs less than the two
  /// apart.
  private func groupedByCost(_ drawings: [Drawing]) -> [[Drawing]] {
    func box(_ group: [Drawing]) -> (left: Double, top: Double, right: Double, bottom: Double) {
      (
        group.map(\.left).min()!, group.map(\.top).min()!, group.map(\.right).max()!,
        group.map(\.bottom).max()!
      )
    }
    func area(_ group: [Drawing]) -> Double {
      let b = box(group)
      return max(0, b.right - b.left) * max(0, b.bottom - b.top)
    }
    var groups = drawings.map { [$0] }
    var merged = true
    while merged {
      merged = false
      search: for i in groups.indices {
        for j in groups.indices where j > i {
          let joint = groups[i] + groups[j]
          if area(joint) < area(groups[i]) + area(groups[j]) + Self.rectangleCostInPixels {
            groups[i] = joint
            groups.remove(at: j)
            merged = true
            break search
          }
        }
      }
    }
    return groups
  }

  /// A bracket at each corner, along both edges that meet there.
  private func brackets(_ outline: Quad, tone: (r: Double, g: Double, b: Double)) -> [Drawing] {
    let lineWidth = max(2, 4 * scale)
    let corners = outline.corners
    return (0..<4).map { index in
      let corner = corners[index]
      let arms = [corners[(index + 3) % 4], corners[(index + 1) % 4]].map { end -> Point in
        let length = corner.distance(to: end)
        let reach = min(length * Self.bracketFraction, Self.maximumBracket * scale)
        let t = length > 0 ? reach / length : 0
        return Point(x: corner.x + (end.x - corner.x) * t, y: corner.y + (end.y - corner.y) * t)
      }
      let path = [arms[0], corner, arms[1]]
      return Drawing(
        left: path.map(\.x).min()! - lineWidth, top: path.map(\.y).min()! - lineWidth,
        right: path.map(\.x).max()! + lineWidth, bottom: path.map(\.y).max()! + lineWidth
      ) { canvas, originX, originY in
        let points = path.flatMap { [$0.x - originX, $0.y - originY] }
        docscan_canvas_stroke_path(canvas, points, 3, 0, lineWidth, tone.r, tone.g, tone.b, 1)
      }
    }
  }

  /// The result (once scanned), the instruction and the blur and glare
  /// meters, bottom left.
  private func panel(_ plan: AnnotationPlan, tone: (r: Double, g: Double, b: Double)) -> Drawing? {
    // Compact on purpose: every row it covers costs blending time.
    let margin = 12 * scale
    let padding = 6 * scale
    let font = "Sans Bold \(Int((16 * scale).rounded()))px"
    let meterWidth = 110 * scale
    let meterHeight = 8 * scale
    let labelFont = "Sans \(Int((12 * scale).rounded()))px"
    let resultFont = "Sans \(Int((14 * scale).rounded()))px"
    let resultLines = plan.result?.lines ?? []

    let probe = docscan_canvas_new(1, 1)
    defer { docscan_canvas_free(probe) }
    var textWidth = 0.0
    var textHeight = 0.0
    docscan_canvas_measure_text(probe, plan.instruction, font, &textWidth, &textHeight)
    var labelWidth = 0.0
    var labelHeight = 0.0
    docscan_canvas_measure_text(probe, "Glare", labelFont, &labelWidth, &labelHeight)
    // The result's lines, already masked when `redact` is set.
    let resultSizes = resultLines.map { line -> (width: Double, height: Double) in
      var size = (width: 0.0, height: 0.0)
      docscan_canvas_measure_text(probe, line, resultFont, &size.width, &size.height)
      return size
    }
    let resultHeight =
      resultSizes.map(\.height).reduce(0, +) + (resultLines.isEmpty ? 0 : 4 * scale)

    let rowHeight = max(labelHeight, meterHeight) + 2 * scale
    let width = min(
      Double(frameWidth) - 2 * margin,
      max(textWidth, labelWidth + padding + meterWidth, resultSizes.map(\.width).max() ?? 0)
        + 2 * padding)
    let height = resultHeight + textHeight + 2 * rowHeight + 2 * padding + 2 * scale
    guard width > 4, height > 4, height < Double(frameHeight) else { return nil }
    let left = margin
    let top = Double(frameHeight) - margin - height
    let warning = color(for: .warning)
    let good = color(for: .good)

    return Drawing(left: left, top: top, right: left + width, bottom: top + height) {
      canvas, originX, originY in
      let x0 = left - originX
      let y0 = top - originY
      docscan_canvas_fill_rect(canvas, x0, y0, width, height, 0, 0, 0, 0.6)
      var y = y0 + padding
      for (line, size) in zip(resultLines, resultSizes) {
        docscan_canvas_text(canvas, line, resultFont, x0 + padding, y, 1, 1, 1, 1)
        y += size.height
      }
      if !resultLines.isEmpty { y += 4 * scale }
      docscan_canvas_text(
        canvas, plan.instruction, font, x0 + padding, y, tone.r, tone.g, tone.b, 1)
      y += textHeight + 2 * scale
      let meters = [("Blur", plan.blur, plan.blurLimit), ("Glare", plan.glare, plan.glareLimit)]
      for (label, value, limit) in meters {
        docscan_canvas_text(canvas, label, labelFont, x0 + padding, y, 1, 1, 1, 1)
        let x = x0 + padding + labelWidth + padding
        let barY = y + (rowHeight - meterHeight) / 2 - 2 * scale
        docscan_canvas_fill_rect(canvas, x, barY, meterWidth, meterHeight, 1, 1, 1, 0.25)
        let level = value > limit ? warning : good
        docscan_canvas_fill_rect(
          canvas, x, barY, meterWidth * min(1, max(0, value)), meterHeight, level.r, level.g,
          level.b, 1)
        // The threshold as a white tick.
        let tick = x + meterWidth * min(1, max(0, limit))
        docscan_canvas_fill_rect(
          canvas, tick - scale, barY - 2 * scale, 2 * scale, meterHeight + 4 * scale, 1, 1, 1, 1)
        y += rowHeight
      }
    }
  }

  private func color(for tone: AnnotationPlan.Tone) -> (r: Double, g: Double, b: Double) {
    switch tone {
    case .good: return (0.2, 0.9, 0.3)
    case .warning: return (1.0, 0.75, 0.1)
    case .problem: return (1.0, 0.3, 0.25)
    }
  }
}
