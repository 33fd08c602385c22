import CDocScanShim
import CDocScanTestShim
import CGStreamer
import DocScanCore
import XCTest

@testable import DocScanElement

/// docscan blends its annotation into the columns it covers only; the
/// frames must come out exactly as GStreamer's whole-row blend makes them,
/// in every format family, at odd sizes and positions.
final class OverlayBlendTests: XCTestCase {
  /// A plan with an outline (four corner brackets) and the panel.
  func plan(width: Int, height: Int, shift: Double) -> AnnotationPlan {
    var plan = AnnotationPlan.idle
    plan.instruction = Instruction.done.rawValue
    plan.blur = 0.3
    plan.glare = 0.1
    let w = Double(width)
    let h = Double(height)
    plan.outline = Quad(unordered: [
      Point(x: 0.21 * w + shift, y: 0.13 * h), Point(x: 0.83 * w + shift, y: 0.17 * h),
      Point(x: 0.79 * w + shift, y: 0.71 * h), Point(x: 0.19 * w + shift, y: 0.68 * h),
    ])
    plan.result = ResultCard(lines: ["Passport", "ERIKSSON, ANNA MARIA"])
    return plan
  }

  func testColumnBlendEqualsGStreamersBlend() throws {
    docscan_ensure_gst_initialized()
    let formats = [
      "I420", "YV12", "NV12", "NV21", "Y42B", "Y444", "Y41B", "YUY2", "UYVY", "YVYU", "AYUV",
      "RGB", "BGR", "RGBx", "BGRx", "xRGB", "RGBA", "BGRA", "ARGB", "GRAY8", "NV16", "v308",
      // Not addressable by columns: GStreamer's blend is used as it is.
      "v210", "NV12_4L4", "I420_10LE",
    ]
    var compared = 0
    for (index, format) in formats.enumerated() {
      for (width, height, shift) in [(1280, 720, 0.0), (333, 251, 1.0), (1920, 1080, 3.0)] {
        let rgb = ["RGB", "BGR", "RGBx", "BGRx", "xRGB", "RGBA", "BGRA", "ARGB"].contains(format)
        let painter = OverlayPainter(frameWidth: width, frameHeight: height, rgb: rgb)
        let composition = try XCTUnwrap(
          painter.paint(plan(width: width, height: height, shift: shift)))
        defer { docscan_composition_unref(composition) }
        let difference = docscan_blend_difference(
          composition, docscan_composition_blend, format, Int32(width), Int32(height),
          UInt32(index))
        if difference < 0 && ["NV12_4L4", "I420_10LE"].contains(format) { continue }
        XCTAssertEqual(difference, 0, "\(format) \(width)x\(height) shifted \(shift)")
        compared += 1
      }
    }
    XCTAssertGreaterThanOrEqual(compared, 22 * 3 + 3)
  }
}
