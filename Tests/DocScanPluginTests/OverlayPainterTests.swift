import CDocScanShim
import CDocScanTestShim
import CGStreamer
import DocScanCore
import XCTest

@testable import DocScanElement

/// The drawn panel grows by the result's lines once a document is scanned.
final class OverlayPainterTests: XCTestCase {
  /// The panel's rectangle in frame pixels (the plan has no outline, so the
  /// panel is the only drawing).
  func panel(_ plan: AnnotationPlan) throws -> (y: Int32, width: UInt32, height: UInt32) {
    docscan_ensure_gst_initialized()
    let painter = OverlayPainter(frameWidth: 1280, frameHeight: 720, rgb: false)
    let composition = try XCTUnwrap(painter.paint(plan))
    defer { docscan_composition_unref(composition) }
    XCTAssertEqual(gst_video_overlay_composition_n_rectangles(composition), 1)
    let rectangle = gst_video_overlay_composition_get_rectangle(composition, 0)
    var x: Int32 = 0
    var y: Int32 = 0
    var width: UInt32 = 0
    var height: UInt32 = 0
    XCTAssertNotEqual(
      gst_video_overlay_rectangle_get_render_rectangle(rectangle, &x, &y, &width, &height), 0)
    return (y, width, height)
  }

  func testResultLinesAreDrawnAboveTheInstruction() throws {
    var plan = AnnotationPlan.idle
    plan.instruction = Instruction.done.rawValue
    let without = try panel(plan)
    plan.result = ResultCard(lines: [
      "Passport", "ERIKSSON, ANNA MARIA", "No. L898902C3", "Born 1974-08-12, expires 2012-04-15",
      "MRZ valid",
    ])
    let with = try panel(plan)
    XCTAssertGreaterThan(with.height, without.height + 60, "five more lines")
    XCTAssertLessThan(with.y, without.y, "the panel grows upwards from the bottom")
    XCTAssertGreaterThan(with.width, without.width, "the longest result line is wider")
  }
}
