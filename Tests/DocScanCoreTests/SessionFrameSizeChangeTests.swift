import DocScanCore
import DocScanOpenCV
import DocScanTestSupport
import XCTest

/// New caps of another size in the middle of a session: the outline held
/// by the detection smoother is in the old frame's pixels, so it is not
/// carried into frames of the new size.
final class SessionFrameSizeChangeTests: XCTestCase {
  func testAnOutlineHeldFromTheOldFrameSizeIsNotShownInTheNew() async throws {
    let vision = MovableVision()
    let session = ScanSession(vision: vision)
    let wide = LumaImage(width: 1280, height: 720, fill: 90)
    vision.show(
      Quad(unordered: [
        Point(x: 300, y: 200), Point(x: 1000, y: 200), Point(x: 1000, y: 600),
        Point(x: 300, y: 600),
      ]))
    for index in 0..<3 {
      _ = await session.analyze(frame(wide, at: index), settings: SessionSettings())
    }
    // The document is lost for a frame just as the size changes: a frame
    // of the old size would keep showing the last outline for a frame.
    vision.show(nil)
    let small = LumaImage(width: 640, height: 360, fill: 90)
    let output = await session.analyze(frame(small, at: 3), settings: SessionSettings())
    XCTAssertNil(output.annotation.outline, "no outline from the 1280x720 frames")
  }

  private func frame(_ image: LumaImage, at index: Int) -> AnalysisFrame {
    let time = UInt64(index) * 100 * Nanoseconds.perMillisecond
    return AnalysisFrame(
      luma: image, sourceWidth: image.width, sourceHeight: image.height,
      times: StreamTimes(timestamp: time, streamTime: time, runningTime: time))
  }
}
