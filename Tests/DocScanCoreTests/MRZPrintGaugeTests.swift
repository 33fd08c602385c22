import DocScanCore
import DocScanOpenCV
import DocScanTestSupport
import XCTest

/// A document held so close that it fills the frame shows no outline to
/// measure, but a stretch of its MRZ rows: their pitch (10 characters per
/// inch on every document) gives its size, and the camera is too close.
final class MRZPrintGaugeTests: XCTestCase {
  /// A passport page `longSide` pixels long, turned by `rotation`, placed
  /// so that its MRZ (along the page's bottom edge) lies around the middle
  /// of a 1280x720 frame; the rest of the page runs off the frame.
  func closePage(longSide: Double, rotation: Double) -> LumaImage {
    let short = longSide / DocumentShape.td3.aspectRatio
    // From the page's centre to its MRZ band, along the page's down direction.
    let offset = short / 2 - 0.09 * short
    let angle = rotation * .pi / 180
    return DeskScene.placed(
      centerX: 640 + offset * sin(angle), centerY: 360 - offset * cos(angle),
      longSide: longSide, rotation: rotation, desk: .plain(0.9)
    ).render()
  }

  func measure(_ image: LumaImage) -> MRZPrint? {
    MRZPrintGauge().measure(
      blobs: OpenCVVision().darkBlobs(in: image), imageWidth: image.width,
      imageHeight: image.height)
  }

  /// The page's MRZ pitch in frame pixels: its long side over 125 mm / 2.54 mm.
  func expectedPitch(longSide: Double) -> Double { longSide * 2.54 / 125 }

  func testRowsRunningOffTheFrameGiveThePrintsPitch() throws {
    let print = try XCTUnwrap(measure(closePage(longSide: 2400, rotation: 0)))
    XCTAssertTrue(print.rowsAlongWidth)
    XCTAssertEqual(print.pitch, expectedPitch(longSide: 2400), accuracy: 0.1 * print.pitch)
  }

  func testRowsTurnedAQuarterRunAlongTheHeight() throws {
    let print = try XCTUnwrap(measure(closePage(longSide: 2400, rotation: 90)))
    XCTAssertFalse(print.rowsAlongWidth)
    XCTAssertEqual(print.pitch, expectedPitch(longSide: 2400), accuracy: 0.1 * print.pitch)
  }

  func testAnEmptyWoodDeskHasNoMRZPrint() {
    // The page lies far outside the frame.
    XCTAssertNil(measure(DeskScene.placed(centerX: -5000, desk: .wood).render()))
  }

  func testAPageSeenWholeHasItsOwnSmallPrint() throws {
    let print = try XCTUnwrap(measure(DeskScene.placed(longSide: 700).render()))
    XCTAssertEqual(print.pitch, expectedPitch(longSide: 700), accuracy: 0.1 * print.pitch)
    let detector = DocumentDetector()
    XCTAssertEqual(
      detector.judged(.none, print: print, frameWidth: 1280, frameHeight: 720), .none)
  }

  func testPrintTooLargeForAnyDocumentToFitIsTooClose() {
    let detector = DocumentDetector()
    let none = Detection.none
    // 55 px pitches along the frame's height: an ID-1 card would be 1850 px
    // along its rows, 2.6 times the frame's 720.
    let close = detector.judged(
      none, print: MRZPrint(pitch: 55, rowsAlongWidth: false), frameWidth: 1280,
      frameHeight: 720)
    XCTAssertEqual(close.status, .cameraTooClose)
    XCTAssertEqual(close.events, [.notFullyVisible, .tooClose])
    XCTAssertNil(close.quad)
    // A passport's print placed well (14 px pitches) says nothing.
    let placed = detector.judged(
      none, print: MRZPrint(pitch: 14, rowsAlongWidth: true), frameWidth: 1280, frameHeight: 720)
    XCTAssertEqual(placed, none)
  }

  func testAPageFillingTheFrameWithoutAnOutlineIsTooClose() async throws {
    // The vision finds no outline (as on a white desk under a white page).
    let session = ScanSession(vision: ScriptedVision(outline: nil))
    let image = closePage(longSide: 2400, rotation: 90)
    var statuses: [DetectionStatus] = []
    for index in 0..<3 {
      let time = UInt64(index) * 100 * Nanoseconds.perMillisecond
      let frame = AnalysisFrame(
        luma: image, sourceWidth: 1280, sourceHeight: 720,
        times: StreamTimes(timestamp: time, streamTime: time, runningTime: time))
      let output = await session.analyze(frame, settings: SessionSettings())
      statuses += try output.messages.map { try FeedbackMessage(structure: $0).detectionStatus }
    }
    XCTAssertEqual(statuses.last, .cameraTooClose, "\(statuses)")
  }
}
