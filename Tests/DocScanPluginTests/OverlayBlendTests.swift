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
          painter.paint(.sample(width: width, height: height, shift: shift)))
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

  /// A canvas with transparent, partly transparent and opaque pixels:
  /// antialiased edges, a translucent box, a diagonal stroke, text, and an
  /// opaque column at each side.
  func drawnCanvas(width: Int32, height: Int32) -> OpaquePointer {
    let canvas = docscan_canvas_new(width, height)!
    let w = Double(width)
    let h = Double(height)
    docscan_canvas_fill_rect(canvas, 0, 0, 1, h, 1, 0.2, 0.1, 1)
    docscan_canvas_fill_rect(canvas, w - 1, 0, 1, h, 0.1, 0.3, 1, 1)
    docscan_canvas_fill_rect(canvas, 3.4, 2.7, w / 3, h / 2, 0.2, 0.9, 0.3, 1)
    docscan_canvas_fill_rect(canvas, w / 2, h / 3, w / 3, h / 2, 0, 0, 0, 0.6)
    let path = [2.5, h - 2.5, w / 2, 4.2, w - 3.5, h - 7.1]
    docscan_canvas_stroke_path(canvas, path, 3, 0, 3.3, 1, 0.75, 0.1, 1)
    docscan_canvas_text(canvas, "MRZ", "Sans 11px", w / 4, h / 2, 1, 1, 1, 0.8)
    return canvas
  }

  /// Counts of the canvas's transparent, partly transparent and opaque
  /// pixels.
  func alphaClasses(_ canvas: OpaquePointer) -> (clear: Int, partial: Int, opaque: Int) {
    var width: Int32 = 0
    var height: Int32 = 0
    var stride: Int32 = 0
    let data = UnsafeRawPointer(docscan_canvas_data(canvas, &width, &height, &stride)!)
    var counts = (clear: 0, partial: 0, opaque: 0)
    for y in 0..<Int(height) {
      for x in 0..<Int(width) {
        // Native-endian ARGB32: alpha in the top byte.
        let pixel = data.load(fromByteOffset: y * Int(stride) + 4 * x, as: UInt32.self)
        switch pixel >> 24 {
        case 0: counts.clear += 1
        case 255: counts.opaque += 1
        default: counts.partial += 1
        }
      }
    }
    return counts
  }

  /// The drawn runs' blend, the path I420, YV12, NV12 and NV21 frames
  /// take, alone: two overlapping canvases at odd and even columns and
  /// rows, one touching the frame's right and bottom edges, in a frame of
  /// odd size.
  func testDrawnRunsBlendEqualsGStreamersBlend() throws {
    docscan_ensure_gst_initialized()
    let (width, height): (Int32, Int32) = (333, 251)
    let places: [[(x: Int32, y: Int32, width: Int32, height: Int32)]] = [
      [(1, 1, 97, 61), (50, 30, 64, 41)],
      [(2, 3, 96, 60), (0, 0, 31, 17)],
      [(width - 97, height - 61, 97, 61), (width - 120, height - 40, 57, 40)],
    ]
    for (index, format) in ["I420", "YV12", "NV12", "NV21"].enumerated() {
      for canvases in places {
        var composition = docscan_composition_new()
        for place in canvases {
          let canvas = drawnCanvas(width: place.width, height: place.height)
          defer { docscan_canvas_free(canvas) }
          let classes = alphaClasses(canvas)
          XCTAssertGreaterThan(classes.clear, 0)
          XCTAssertGreaterThan(classes.partial, 0)
          XCTAssertGreaterThan(classes.opaque, 0)
          docscan_composition_add_canvas(&composition, canvas, place.x, place.y, 0)
        }
        let blended = try XCTUnwrap(composition)
        defer { docscan_composition_unref(blended) }
        let difference = docscan_blend_difference(
          blended, docscan_composition_blend_runs, format, width, height, UInt32(index))
        XCTAssertEqual(difference, 0, "\(format) at \(canvases)")
      }
    }
  }
}
