import DocScanCore
import DocScanTestSupport
import XCTest

/// A document shaken so fast that its smeared edges give no outline is
/// blurred, not gone: while the status holds over such a frame, blur is
/// measured where the outline was held, and the person is asked to hold
/// still.
final class SessionBlurOfALostOutlineTests: XCTestCase {
  func testAFrameThatLostTheOutlineToMotionSaysBlur() async throws {
    let fixture = DocumentFixture()
    let sharp = fixture.render()
    let page = fixture.page
    let quad = Quad(unordered: [
      Point(x: Double(page.x), y: Double(page.y)),
      Point(x: Double(page.x + page.width), y: Double(page.y)),
      Point(x: Double(page.x + page.width), y: Double(page.y + page.height)),
      Point(x: Double(page.x), y: Double(page.y + page.height)),
    ])
    let vision = MovableVision()
    let session = ScanSession(vision: vision)
    func frame(_ index: Int, _ luma: LumaImage) -> AnalysisFrame {
      let time = UInt64(index) * 100 * Nanoseconds.perMillisecond
      return AnalysisFrame(
        luma: luma, sourceWidth: luma.width, sourceHeight: luma.height,
        times: StreamTimes(timestamp: time, streamTime: time, runningTime: time))
    }
    func feedback(_ output: SessionOutput) throws -> FeedbackMessage? {
      try output.messages.compactMap { try? FeedbackMessage(structure: $0) }.last
    }
    vision.show(quad)
    var last: FeedbackMessage?
    for index in 0..<3 {
      let output = await session.analyze(frame(index, sharp), settings: SessionSettings())
      last = try feedback(output) ?? last
    }
    XCTAssertEqual(last?.detectionStatus, .success)
    XCTAssertFalse(last?.events.contains(.blur) ?? true)
    // Shaken: the outline is lost, the status holds, the page is smeared.
    vision.show(nil)
    let shaken = try feedback(
      await session.analyze(
        frame(3, sharp.motionBlurred(length: 31)), settings: SessionSettings()))
    XCTAssertEqual(shaken?.detectionStatus, .success)
    XCTAssertTrue(shaken?.events.contains(.blur) ?? false, "\(shaken?.events ?? [])")
  }
}
