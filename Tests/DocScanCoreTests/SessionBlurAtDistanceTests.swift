import DocScanCore
import DocScanTestSupport
import XCTest

/// Blur is not told of a document too far away: its print is a few pixels
/// tall, any camera's softness blurs it, and the person is asked to come
/// closer first.
final class SessionBlurAtDistanceTests: XCTestCase {
  /// The events of a featureless passport page (no sharp detail at all)
  /// `longSide` pixels long in the frame.
  func events(longSide: Double) async throws -> [FeedbackEvent] {
    let short = longSide / DocumentShape.td3.aspectRatio
    return try await MovableVision.lastEvents(
      showing: Quad(unordered: [
        Point(x: 640 - longSide / 2, y: 360 - short / 2),
        Point(x: 640 + longSide / 2, y: 360 - short / 2),
        Point(x: 640 + longSide / 2, y: 360 + short / 2),
        Point(x: 640 - longSide / 2, y: 360 + short / 2),
      ]))
  }

  func testAFarDocumentIsAskedNearerNotStiller() async throws {
    let far = try await events(longSide: 300)
    XCTAssertTrue(far.contains(.tooFar), "\(far)")
    XCTAssertFalse(far.contains(.blur), "\(far)")
    // The same featureless page near enough reads as blurred.
    let near = try await events(longSide: 700)
    XCTAssertTrue(near.contains(.blur), "\(near)")
  }
}
