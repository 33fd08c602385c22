import DocScanCore
import DocScanTestSupport
import Foundation
import XCTest

/// pipelines/record.sh writes an annotated MP4; decoded again, it shows the
/// outline where the document is, and the instruction panel.
final class RecordingTests: XCTestCase {
  func testRecordingShowsTheOutlineAndTheInstruction() throws {
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let recording = folder.appendingPathComponent("recording.mp4").path
    let results = folder.appendingPathComponent("results.jsonl").path
    let root = GStreamerRunner.packageRoot.path
    let output = try GStreamerRunner.run(
      "bash",
      ["\(root)/pipelines/record.sh", "\(root)/pipelines/media/demo.mp4", recording, "-o", results])
    XCTAssertEqual(output.status, 0, output.stderr)
    let lines = try String(contentsOfFile: results, encoding: .utf8).split(separator: "\n")
    XCTAssertEqual(lines.count, 1, "docscan wrote the result (results-location) while recording")

    let discovered = try GStreamerRunner.run("gst-discoverer-1.0", [recording])
    XCTAssertTrue(discovered.stdout.contains("Duration: 0:00:08.0"), discovered.stdout)

    // One frame per second, as RGB; frame 3 is the page held still.
    let frames = folder.appendingPathComponent("frame%d.rgb").path
    let decode = try GStreamerRunner.run(
      "gst-launch-1.0",
      [
        "-q", "filesrc", "location=\(recording)", "!", "qtdemux", "!", "h264parse", "!",
        "avdec_h264", "!", "videorate", "!", "video/x-raw,framerate=1/1", "!", "videoconvert", "!",
        "video/x-raw,format=RGB", "!", "multifilesink", "location=\(frames)",
      ])
    XCTAssertEqual(decode.status, 0, decode.stderr)
    let frame = [UInt8](
      try Data(contentsOf: folder.appendingPathComponent("frame3.rgb")))
    XCTAssertEqual(frame.count, 1280 * 720 * 3)
    func isOutlineGreen(_ x: Int, _ y: Int) -> Bool {
      let i = (y * 1280 + x) * 3
      return frame[i + 1] > 150 && frame[i] < 120 && frame[i + 2] < 140
    }
    // The outline's corner brackets run along the page's true edges in the
    // demo clip (DocumentFixture at 1280x720), from each corner inwards.
    let page = DocumentFixture(frameWidth: 1280, frameHeight: 720).page
    let corners = [
      (page.x, page.y, 1, 1), (page.x + page.width, page.y, -1, 1),
      (page.x + page.width, page.y + page.height, -1, -1), (page.x, page.y + page.height, 1, -1),
    ]
    for (cx, cy, dx, dy) in corners {
      for step in [12, 24, 36] {
        let alongTop = (-6...6).contains { isOutlineGreen(cx + dx * step, cy + $0) }
        let alongSide = (-6...6).contains { isOutlineGreen(cx + $0, cy + dy * step) }
        XCTAssertTrue(
          alongTop && alongSide, "bracket missing at corner (\(cx), \(cy)), \(step) px in")
      }
    }
    // The middle of an edge is left clear: brackets, not a full outline.
    XCTAssertFalse((-6...6).contains { isOutlineGreen(page.x + page.width / 2, page.y + $0) })
    // Away from the page no green is drawn.
    XCTAssertFalse((0..<200).contains { isOutlineGreen(1100 + $0 % 100, 20 + $0 / 100) })
    // The instruction panel, bottom left: green text on a dark box.
    let panelGreen = (640..<700).flatMap { y in (14..<200).map { (x: $0, y: y) } }
      .filter { isOutlineGreen($0.x, $0.y) }.count
    XCTAssertGreaterThan(panelGreen, 50, "instruction text missing")
    // Its translucent black box stays neutral: no tint from the overlay's
    // conversion to the frame's colours.
    let tinted = (650..<700).flatMap { y in (14..<180).map { (x: $0, y: y) } }.filter {
      let i = ($0.y * 1280 + $0.x) * 3
      let (r, g, b) = (Int(frame[i]), Int(frame[i + 1]), Int(frame[i + 2]))
      return r - g > 40 && b - g > 40
    }.count
    XCTAssertEqual(tinted, 0, "the panel is tinted")
  }
}
