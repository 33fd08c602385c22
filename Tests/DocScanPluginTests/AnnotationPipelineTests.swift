import Foundation
import XCTest

/// annotate=true draws the guidance panel into the outgoing frames;
/// annotate=false leaves them untouched.
final class AnnotationPipelineTests: XCTestCase {
  func outputFrame(format: String, annotate: Bool) throws -> [UInt8] {
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("frame.gray").path
    let (output, _) = try GStreamerRunner.launch(
      "videotestsrc num-buffers=2 pattern=black ! video/x-raw,format=\(format),width=640,height=360 ! "
        + "docscan analysis=sync annotate=\(annotate) ! videoconvert ! "
        + "video/x-raw,format=GRAY8 ! multifilesink location=\(path)")
    XCTAssertEqual(output.status, 0, output.stdout)
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  func testAnnotationDrawsThePanelInEveryFormat() throws {
    for format in FormatsAndSizesTests.formats {
      let drawn = try outputFrame(format: format, annotate: true)
      let plain = try outputFrame(format: format, annotate: false)
      XCTAssertEqual(drawn.count, 640 * 360)
      // The panel sits bottom-left; the top-right corner stays untouched.
      let panel = (300..<345).flatMap { y in (12..<200).map { x in Int(drawn[y * 640 + x]) } }
      let brightInPanel = panel.filter { $0 > 60 }.count
      XCTAssertGreaterThan(brightInPanel, 100, "\(format): no text drawn in the panel")
      let corner = (0..<60).flatMap { y in (560..<640).map { x in drawn[y * 640 + x] } }
      XCTAssertEqual(corner, (0..<60).flatMap { y in (560..<640).map { x in plain[y * 640 + x] } })
      XCTAssertTrue(plain.allSatisfy { $0 < 20 }, "\(format): annotate=false changed the frame")
    }
  }
}
