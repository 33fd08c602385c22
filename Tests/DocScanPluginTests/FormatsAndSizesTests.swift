import XCTest

/// Every SPEC format at sizes from the smallest to 4K, odd sizes (and so
/// padded strides) included, through analysis and annotation.
final class FormatsAndSizesTests: XCTestCase {
  static let formats = [
    "I420", "NV12", "YV12", "GRAY8", "RGB", "BGR", "RGBx", "BGRx", "xRGB", "xBGR", "RGBA", "BGRA",
    "YUY2",
  ]
  static let sizes = [(64, 64), (641, 479), (1919, 1081), (3840, 2160)]

  func testEveryFormatAndSizePasses() throws {
    for (width, height) in Self.sizes {
      for format in Self.formats {
        let (output, messages) = try GStreamerRunner.launch(
          "videotestsrc num-buffers=3 pattern=ball ! "
            + "video/x-raw,format=\(format),width=\(width),height=\(height),framerate=30/1 ! "
            + "docscan analysis=sync ! fakesink")
        XCTAssertEqual(
          output.status, 0, "\(format) \(width)x\(height): \(output.stdout.suffix(400))")
        XCTAssertFalse(
          output.stderr.contains("CRITICAL"), "\(format) \(width)x\(height): \(output.stderr)")
        XCTAssertGreaterThanOrEqual(messages.count, 1, "\(format) \(width)x\(height): no feedback")
      }
    }
  }

  func testAsyncAnalysisWithoutAnnotationPassesEveryFormat() throws {
    for format in Self.formats {
      let (output, _) = try GStreamerRunner.launch(
        "videotestsrc num-buffers=10 ! video/x-raw,format=\(format),width=333,height=201 ! "
          + "docscan annotate=false ! fakesink")
      XCTAssertEqual(output.status, 0, "\(format): \(output.stdout.suffix(400))")
    }
  }

  func testTooSmallFramesAreRefusedWithAnErrorNotACrash() throws {
    let (output, _) = try GStreamerRunner.launch(
      "videotestsrc num-buffers=3 ! video/x-raw,width=32,height=32 ! docscan ! fakesink")
    XCTAssertEqual(output.status, 1, "gst-launch reports the error and exits 1")
    XCTAssertTrue(output.stderr.contains("docscan0 can't handle caps"), output.stderr)
  }

  func testUnsupportedFormatIsRefused() throws {
    let (output, _) = try GStreamerRunner.launch(
      "videotestsrc num-buffers=3 ! video/x-raw,format=v210,width=320,height=240 ! docscan ! fakesink"
    )
    XCTAssertEqual(output.status, 1)
  }
}
