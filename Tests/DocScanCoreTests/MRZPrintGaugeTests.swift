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

  func testAnOutlineStoppingAboveTheMRZBandIsLaidPastItsRows() async throws {
    // The outline found stops above the page's MRZ band (a white band on a
    // white desk shows no edge): the session finds the rows below it and
    // reports the page down to past them.
    let scene = DeskScene.placed(longSide: 800, desk: .plain(0.9))
    let corners = scene.truth.corners.sorted { $0.y < $1.y }
    let (top, bottom) = (Array(corners.prefix(2)), Array(corners.suffix(2)))
    let cut = bottom.map { low -> Point in
      let high = top.min { abs($0.x - low.x) < abs($1.x - low.x) }!
      return Point(x: low.x + 0.25 * (high.x - low.x), y: low.y + 0.25 * (high.y - low.y))
    }
    let found = Quad(unordered: top + cut)
    let session = ScanSession(vision: ScriptedVision(outline: found))
    let image = scene.render()
    let frame = AnalysisFrame(
      luma: image, sourceWidth: 1280, sourceHeight: 720,
      times: StreamTimes(timestamp: 0, streamTime: 0, runningTime: 0))
    let output = await session.analyze(frame, settings: SessionSettings())
    let quad = try XCTUnwrap(
      try output.messages.compactMap { try FeedbackMessage(structure: $0).quad }.first)
    let reported = Quad(
      unordered: stride(from: 0, to: 8, by: 2).map { Point(x: quad[$0], y: quad[$0 + 1]) })
    // Every MRZ character lies inside the reported outline, whose lower
    // side stays on the page; the outline found stopped above them.
    let rows = MRZPrintGauge().rows(
      blobs: OpenCVVision().darkBlobs(in: image), imageWidth: image.width,
      imageHeight: image.height)
    let lowest = try XCTUnwrap(
      rows.flatMap(\.characters).map { Double($0.y + $0.height) }.max())
    XCTAssertLessThan(found.corners.map(\.y).max()!, lowest)
    let heights = reported.corners.map(\.y).sorted()
    XCTAssertGreaterThan(heights[2], lowest, "both lower corners below the rows")
    XCTAssertLessThanOrEqual(heights[3], scene.truth.corners.map(\.y).max()! + 2)
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
