import DocScanCore
import DocScanOpenCV
import DocScanTestSupport
import XCTest

final class ScanSessionTests: XCTestCase {
  static let page = DocumentFixture(frameWidth: 640, frameHeight: 360).render()

  func frame(at milliseconds: UInt64, image: LumaImage = page) -> AnalysisFrame {
    let time = milliseconds * Nanoseconds.perMillisecond
    return AnalysisFrame(
      luma: image, sourceWidth: image.width, sourceHeight: image.height,
      times: StreamTimes(timestamp: time, streamTime: time, runningTime: time))
  }

  func feedback(_ output: SessionOutput) throws -> [FeedbackMessage] {
    try output.messages.map(FeedbackMessage.init(structure:))
  }

  func testFirstFrameIsReportedForSessionOne() async throws {
    let session = ScanSession(vision: OpenCVVision())
    let messages = try feedback(await session.analyze(frame(at: 0), settings: SessionSettings()))
    XCTAssertEqual(messages.count, 1)
    XCTAssertEqual(messages[0].session, 1)
    XCTAssertEqual(messages[0].scanningStatus, .sideInProgress)
    XCTAssertEqual(messages[0].detectionStatus, .success)
    XCTAssertEqual(messages[0].quad?.count, 8)
    let frames = await session.framesAnalyzed
    XCTAssertEqual(frames, 1)
  }

  func testResetCancelsAndStartsTheNextSession() async throws {
    let session = ScanSession(vision: OpenCVVision())
    _ = await session.analyze(frame(at: 0), settings: SessionSettings())
    _ = await session.analyze(frame(at: 40), settings: SessionSettings())
    let cancelled = try feedback(await session.reset())
    XCTAssertEqual(cancelled.map(\.scanningStatus), [.cancelled])
    XCTAssertEqual(cancelled.first?.session, 1)
    XCTAssertEqual(cancelled.first?.times.streamTime, 40 * Nanoseconds.perMillisecond)
    let next = try feedback(await session.analyze(frame(at: 80), settings: SessionSettings()))
    XCTAssertEqual(next.map(\.session), [2], "the new session's guidance goes out at once")
    let frames = await session.framesAnalyzed
    XCTAssertEqual(frames, 1)
  }

  func testTimeoutIsMeasuredInStreamTimeFromTheSessionStart() async throws {
    let session = ScanSession(vision: OpenCVVision())
    let settings = SessionSettings(timeoutSeconds: 2)
    _ = await session.analyze(frame(at: 1000), settings: settings)
    let before = try feedback(await session.analyze(frame(at: 2900), settings: settings))
    XCTAssertFalse(before.contains { $0.scanningStatus == .timeout })
    let at = try feedback(await session.analyze(frame(at: 3000), settings: settings))
    XCTAssertEqual(at.map(\.scanningStatus), [.timeout, .sideInProgress])
    XCTAssertEqual(at.map(\.session), [1, 2])
  }

  func testNoTimeoutWhenDisabled() async throws {
    let session = ScanSession(vision: OpenCVVision())
    for time in stride(from: 0, through: 600_000, by: 60_000) {
      let messages = try feedback(
        await session.analyze(frame(at: UInt64(time)), settings: SessionSettings()))
      XCTAssertFalse(messages.contains { $0.scanningStatus == .timeout })
    }
    let number = await session.sessionNumber
    XCTAssertEqual(number, 1)
  }

  func testAnnotationFollowsTheQuality() async throws {
    let session = ScanSession(vision: OpenCVVision())
    let blurred = Self.page.gaussianBlurred(sigma: 4)
    let output = await session.analyze(frame(at: 0, image: blurred), settings: SessionSettings())
    XCTAssertEqual(output.annotation.instruction, Instruction.holdStill.rawValue)
    XCTAssertEqual(output.annotation.tone, .warning, "a document, but blurred")
    XCTAssertGreaterThan(output.annotation.blur, output.annotation.blurLimit)
    XCTAssertNotNil(output.annotation.outline)
    let empty = LumaImage(width: 640, height: 360, fill: 80).noisy(amplitude: 3, seed: 9)
    // A new status is shown once it has held on two analysed frames over
    // 0.2 s of stream time.
    let once = await session.analyze(frame(at: 40, image: empty), settings: SessionSettings())
    XCTAssertNotNil(once.annotation.outline, "one frame without the document changes nothing")
    let soon = await session.analyze(frame(at: 80, image: empty), settings: SessionSettings())
    XCTAssertNotNil(soon.annotation.outline, "0.04 s without the document changes nothing")
    let nothing = await session.analyze(frame(at: 300, image: empty), settings: SessionSettings())
    XCTAssertEqual(nothing.annotation.tone, .problem, "no document")
    XCTAssertNil(nothing.annotation.outline)
  }
}
