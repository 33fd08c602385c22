import DocScanCore
import DocScanTestSupport
import XCTest

/// Blur is not told of a document the frame cuts: its visible part is
/// dewarped into a whole document's proportions, which stretches its print,
/// and the person is asked to show the whole document first.
final class SessionBlurOfACutDocumentTests: XCTestCase {
  /// The events of a featureless passport page (no sharp detail at all)
  /// whose left side lies at `left` in the 1280-pixel-wide frame.
  func events(left: Double) async throws -> [FeedbackEvent] {
    let vision = MovableVision()
    let session = ScanSession(vision: vision)
    vision.show(
      Quad(unordered: [
        Point(x: left, y: 150), Point(x: left + 700, y: 150), Point(x: left + 700, y: 643),
        Point(x: left, y: 643),
      ]), source: .brightRegion)
    var events: [FeedbackEvent] = []
    for index in 0..<3 {
      let output = await session.analyze(.featureless(index), settings: SessionSettings())
      for message in try output.messages.map(FeedbackMessage.init(structure:)) {
        events = message.events
      }
    }
    return events
  }

  func testACutDocumentIsAskedWholeNotStiller() async throws {
    let cut = try await events(left: 0)
    XCTAssertTrue(cut.contains(.notFullyVisible), "\(cut)")
    XCTAssertFalse(cut.contains(.blur), "\(cut)")
    // The same featureless page whole in the frame reads as blurred.
    let whole = try await events(left: 290)
    XCTAssertFalse(whole.contains(.notFullyVisible), "\(whole)")
    XCTAssertTrue(whole.contains(.blur), "\(whole)")
  }
}
