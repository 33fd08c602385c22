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
    try await MovableVision.lastEvents(
      showing: Quad(unordered: [
        Point(x: left, y: 150), Point(x: left + 700, y: 150), Point(x: left + 700, y: 643),
        Point(x: left, y: 643),
      ]), source: .brightRegion)
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
