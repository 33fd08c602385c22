import DocScanCore
import XCTest

/// A cream page on a white desk of the same brightness, through a real
/// pipeline: the element finds it by its colour, from the colour copy it
/// samples on the streaming thread, and cannot in grey video.
final class LightDeskPipelineTests: XCTestCase {
  /// The desk is grey 228 (RGB e4e4e4); the page is cream, RGB (240, 228,
  /// 190), whose luma is also 228 but whose blue difference is 21 below.
  func lastFeedback(format: String) throws -> FeedbackMessage {
    _ = try GStreamerRunner.requirePlugin()
    let pipeline = [
      "compositor name=c sink_1::xpos=340 sink_1::ypos=150 ! videoconvert",
      "! video/x-raw,format=\(format) ! docscan analysis=sync ! fakesink",
      "videotestsrc num-buffers=6 pattern=solid-color foreground-color=0xffe4e4e4",
      "! video/x-raw,width=1280,height=720,framerate=10/1 ! c.",
      "videotestsrc num-buffers=6 pattern=solid-color foreground-color=0xfff0e4be",
      "! video/x-raw,width=600,height=420,framerate=10/1 ! c.",
    ].joined(separator: " ")
    let (output, messages) = try GStreamerRunner.launch(pipeline)
    XCTAssertEqual(output.status, 0, output.stderr)
    return try XCTUnwrap(try GStreamerRunner.feedback(in: messages).last, output.stderr)
  }

  func testACreamPageOnAWhiteDeskIsFoundByItsColour() throws {
    for format in ["I420", "NV12", "RGBx", "YUY2"] {
      let feedback = try lastFeedback(format: format)
      XCTAssertEqual(feedback.detectionStatus, .success, format)
    }
  }

  func testInGreyVideoTheSamePageIsNotFound() throws {
    XCTAssertEqual(try lastFeedback(format: "GRAY8").detectionStatus, .failed)
  }
}
