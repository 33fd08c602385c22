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

  func testLongerRowsBelongToLargerDocuments() {
    let detector = DocumentDetector()
    // 28.5 px pitches along a 1280x720 frame: an ID-1 card with 30-character
    // rows would be 960 x 606 px and fit; a TD2 card (36 characters) would
    // be 1178 x 830 px and cannot, nor can a passport page or visa (44).
    for (characters, status) in [
      (10, DetectionStatus.failed), (30, .failed), (33, .failed), (34, .cameraTooClose),
      (36, .cameraTooClose),
      (44, .cameraTooClose),
    ] {
      let print = MRZPrint(pitch: 28.5, rowsAlongWidth: true, longestRowLength: characters)
      XCTAssertEqual(
        detector.judged(.none, print: print, frameWidth: 1280, frameHeight: 720).status, status,
        "\(characters) characters")
    }
    let visa = MRZPrint(pitch: 10, rowsAlongWidth: true, longestRowLength: 44).smallestDocument
    XCTAssertEqual(visa.along, 120 / 2.54 * 10, accuracy: 0.01)
    XCTAssertEqual(visa.across, 80 / 2.54 * 10, accuracy: 0.01)
  }

  func testAWholeOutlineSmallerThanItsPrintAllowsIsDropped() {
    // A patch of a page's own print found as a whole document seen steeply,
    // while the page's 36-character MRZ rows at 28.5 px pitches show it
    // too large to fit: too close, and the patch with what was judged from
    // it (tilt) dropped.
    let patch = Quad(unordered: [
      Point(x: 688, y: 300), Point(x: 1204, y: 48), Point(x: 1186, y: 676), Point(x: 770, y: 490),
    ])
    let steep = Detection(quad: patch, status: .cameraAngleTooSteep, events: [.tilt], shape: .td2)
    let judged = DocumentDetector().judged(
      steep, print: MRZPrint(pitch: 28.5, rowsAlongWidth: true, longestRowLength: 36),
      frameWidth: 1280,
      frameHeight: 720)
    XCTAssertEqual(judged.status, .cameraTooClose)
    XCTAssertEqual(judged.events, [.notFullyVisible, .tooClose])
    XCTAssertNil(judged.quad)
  }

  func testRowsNearer44ThanThirtySixBelongToAVisaOrPassport() {
    // 24 px pitches: a TD2 card (992 x 699 px) fits 80 % of a 1280x720
    // frame, an MRV-A visa (1134 x 756 px) does not.
    let detector = DocumentDetector()
    for (characters, status) in [(40, DetectionStatus.failed), (41, .cameraTooClose)] {
      let print = MRZPrint(pitch: 24, rowsAlongWidth: true, longestRowLength: characters)
      XCTAssertEqual(
        detector.judged(.none, print: print, frameWidth: 1280, frameHeight: 720).status, status,
        "\(characters) characters")
    }
  }

  func testADocumentLongerThanTheFrameIsTooCloseWhenItCoversHalfOfIt() {
    let detector = DocumentDetector()
    // A passport page turned a quarter (development seed 3434, clip 12):
    // 23 characters of its rows at 32 px pitches run off a 1280x720
    // frame along its height. An ID-1 card printed that large would be
    // 1078 x 680 px: 80 % of the frame's area no more, but 358 px longer
    // than the frame is high, so the frame cuts it, and where they meet it
    // covers 720 x 680 px, over half the frame.
    let page = MRZPrint(pitch: 32, rowsAlongWidth: false, longestRowLength: 23)
    let close = detector.judged(.none, print: page, frameWidth: 1280, frameHeight: 720)
    XCTAssertEqual(close.status, .cameraTooClose)
    XCTAssertEqual(close.events, [.notFullyVisible, .tooClose])
    // A card held across the frame at 22 px pitches is 741 px long, also
    // cut, but covers 720 x 468 px of the frame, a third: only cut.
    let card = MRZPrint(pitch: 22, rowsAlongWidth: false, longestRowLength: 30)
    XCTAssertEqual(detector.judged(.none, print: card, frameWidth: 1280, frameHeight: 720), .none)
  }

  func testAPieceOfAPageTheFrameCutsKeepsItsOutlineWhenTooClose() {
    let piece = Quad.values([0, 100, 900, 100, 900, 719, 0, 719])
    let cut = Detection(
      quad: piece, status: .documentPartiallyVisible, events: [.notFullyVisible], shape: nil)
    let judged = DocumentDetector().judged(
      cut, print: MRZPrint(pitch: 55, rowsAlongWidth: true), frameWidth: 1280, frameHeight: 720)
    XCTAssertEqual(judged.status, .cameraTooClose)
    XCTAssertEqual(judged.quad, piece)
  }

  /// A row of `count` characters at `pitch` along the frame's width.
  func row(count: Int, pitch: Double, x: Double, y: Int) -> MRZRow {
    let characters = (0..<count).map {
      PixelRect(x: Int(x + Double($0) * pitch), y: y, width: Int(pitch * 0.8), height: Int(pitch))
    }
    return MRZRow(characters: characters, alongWidth: true, capitalHeight: pitch, pitch: pitch)
  }

  func testAWholeOutlineHoldingTheRowIsNotJudgedByItsPrint() {
    // Twelve capitals at 60 px pitches (a heading the gauge takes for MRZ
    // print) inside a whole card found in the frame: its own print, which
    // says nothing against it; the same row outside it would.
    let card = Quad.values([200, 100, 1000, 100, 1000, 600, 200, 600])
    let found = Detection(quad: card, status: .success, events: [], shape: .id1)
    let detector = DocumentDetector()
    let inside = row(count: 12, pitch: 60, x: 250, y: 300)
    XCTAssertEqual(
      detector.judged(found, rows: [inside], frameWidth: 1280, frameHeight: 720), found)
    let outside = row(count: 12, pitch: 60, x: 250, y: 620)
    XCTAssertEqual(
      detector.judged(found, rows: [outside], frameWidth: 1280, frameHeight: 720).status,
      .cameraTooClose)
  }

  func testAPatchTakenForAWholeDocumentGivesWayToTheTooLargePrint() async throws {
    // The vision finds only a small outline away from the page's MRZ rows
    // (a patch of the page's print); the rows show the page too large.
    let patch = Quad.values([100, 100, 400, 100, 400, 300, 100, 300])
    let statuses = try await reported(closePage(longSide: 2400, rotation: 0), outline: patch)
    XCTAssertEqual(statuses.last, .cameraTooClose, "\(statuses)")
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

  /// The statuses a session reports over three frames of `image`, 0.1 s
  /// apart, when the vision finds `outline` (or none) in it.
  func reported(_ image: LumaImage, outline: Quad? = nil) async throws -> [DetectionStatus] {
    let session = ScanSession(vision: ScriptedVision(outline: outline))
    var statuses: [DetectionStatus] = []
    for index in 0..<3 {
      let time = UInt64(index) * 100 * Nanoseconds.perMillisecond
      let frame = AnalysisFrame(
        luma: image, sourceWidth: 1280, sourceHeight: 720,
        times: StreamTimes(timestamp: time, streamTime: time, runningTime: time))
      let output = await session.analyze(frame, settings: SessionSettings())
      statuses += try output.messages.map { try FeedbackMessage(structure: $0).detectionStatus }
    }
    return statuses
  }

  func testAPageFillingTheFrameWithoutAnOutlineIsTooClose() async throws {
    // The vision finds no outline (as on a white desk under a white page).
    let statuses = try await reported(closePage(longSide: 2400, rotation: 90))
    XCTAssertEqual(statuses.last, .cameraTooClose, "\(statuses)")
  }

  func rows(_ image: LumaImage) -> [MRZRow] {
    MRZPrintGauge().rows(
      blobs: OpenCVVision().darkBlobs(in: image), imageWidth: image.width,
      imageHeight: image.height)
  }

  func testRowsRunningOffTheFrameShowADocumentTheFrameCuts() throws {
    let detector = DocumentDetector()
    for rotation in [0.0, 90, 180, 270] {
      // A passport page half out of the frame past its right or bottom
      // border, at a size that fits the frame (not too close).
      let turned = rotation == 90 || rotation == 270
      let page = DeskScene.placed(
        centerX: turned ? 640 : 1280, centerY: turned ? 720 : 360, longSide: 700,
        rotation: rotation, desk: .plain(0.9)
      ).render()
      let found = rows(page)
      XCTAssertTrue(
        found.contains { $0.runsOffFrame(width: 1280, height: 720) }, "turned \(rotation)")
      let judged = detector.judged(.none, rows: found, frameWidth: 1280, frameHeight: 720)
      XCTAssertEqual(judged.status, .documentPartiallyVisible, "turned \(rotation)")
      XCTAssertEqual(judged.events, [.notFullyVisible])
      XCTAssertNil(judged.quad)
    }
  }

  func testRowsOfAPageSeenWholeDoNotRunOffTheFrame() {
    let detector = DocumentDetector()
    // A page whole in the frame, even with its edge a few pixels from the
    // border: its rows end two pitches or more inside it.
    for centerX: Double in [640, 1280 - 354] {
      let found = rows(DeskScene.placed(centerX: centerX, longSide: 700).render())
      XCTAssertFalse(found.isEmpty)
      XCTAssertFalse(found.contains { $0.runsOffFrame(width: 1280, height: 720) }, "\(centerX)")
      XCTAssertEqual(detector.judged(.none, rows: found, frameWidth: 1280, frameHeight: 720), .none)
    }
  }

  func testAPageCutByTheFrameWithoutAnOutlineIsPartiallyVisible() async throws {
    // The vision finds no outline (a white MRZ band on a white desk).
    let statuses = try await reported(
      DeskScene.placed(centerX: 1250, longSide: 700, desk: .plain(0.9)).render())
    XCTAssertEqual(statuses.last, .documentPartiallyVisible, "\(statuses)")
  }
}
