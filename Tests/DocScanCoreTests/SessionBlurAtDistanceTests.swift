import DocScanCore
import DocScanTestSupport
import XCTest

/// Blur is not told of a document too far away: its print is a few pixels
/// tall, any camera's softness blurs it, and the person is asked to come
/// closer first.
final class SessionBlurAtDistanceTests: XCTestCase {
  /// A featureless frame: the dewarped document has no sharp detail at all.
  static let blank = LumaImage(width: 1280, height: 720, fill: 90)

  func events(longSide: Double) async throws -> [FeedbackEvent] {
    let vision = MovableVision()
    let session = ScanSession(vision: vision)
    let short = longSide / DocumentShape.td3.aspectRatio
    vision.show(
      Quad(unordered: [
        Point(x: 640 - longSide / 2, y: 360 - short / 2),
        Point(x: 640 + longSide / 2, y: 360 - short / 2),
        Point(x: 640 + longSide / 2, y: 360 + short / 2),
        Point(x: 640 - longSide / 2, y: 360 + short / 2),
      ]))
    var events: [FeedbackEvent] = []
    for index in 0..<3 {
      let time = UInt64(index) * 100 * Nanoseconds.perMillisecond
      let frame = AnalysisFrame(
        luma: Self.blank, sourceWidth: 1280, sourceHeight: 720,
        times: StreamTimes(timestamp: time, streamTime: time, runningTime: time))
      let output = await session.analyze(frame, settings: SessionSettings())
      for message in try output.messages.map(FeedbackMessage.init(structure:)) {
        events = message.events
      }
    }
    return events
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
