import DocScanCore
import DocScanTestSupport
import Foundation
import XCTest

/// Writes rendered fixture frames as PNG files and runs them through docscan.
enum FixtureFrames {
  /// Runs one still image through `docscan analysis=sync` for `frames`
  /// frames and returns the feedback messages.
  static func feedback(
    for image: LumaImage, frames: Int = 3, properties: String = "", format: String = "I420"
  ) throws -> [FeedbackMessage] {
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("frame.png").path
    XCTAssertTrue(image.writePNG(to: path))
    let (output, messages) = try GStreamerRunner.launch(
      "filesrc location=\(path) ! pngdec ! imagefreeze num-buffers=\(frames) ! videoconvert ! "
        + "video/x-raw,format=\(format),framerate=30/1 ! docscan analysis=sync \(properties) ! fakesink"
    )
    XCTAssertEqual(
      output.status, 0, String(output.stdout.suffix(500)) + String(output.stderr.suffix(500)))
    return try GStreamerRunner.feedback(in: messages)
  }
}
