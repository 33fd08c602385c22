import DocScanCore
import XCTest

/// An MRZ row that runs off the frame belongs to a document the frame cuts,
/// so a whole outline holding part of it is not that document.
final class DetectionOfRowsRunningOffTests: XCTestCase {
  /// A passport page turned a quarter, cut by the frame's top, on a light
  /// wood desk (as `detect-explain` printed a development frame): its bright
  /// region runs off the top; its straight sides, closed by a grain line of
  /// the desk below the page, make a larger quad whole in the frame.
  let closedByGrain = Outline(
    quad: .values([403.2, 9.7, 836.1, 19.8, 831.2, 542.8, 372.1, 551.3]), source: .straightSides,
    fill: 0.63)
  let cutPage = Outline(
    quad: .values([404, 0, 836, 0, 830, 462, 380, 448]), source: .brightRegion, fill: 1,
    sideSupport: 0.99, weakestSideSupport: 0.99)

  /// The page's MRZ row along the frame's height, its first characters
  /// at the top border (`to` its last character's end).
  func row(to end: Double) -> MRZRow {
    let pitch = 12.5
    let characters = stride(from: 0.0, to: end - pitch + 1, by: pitch).map {
      PixelRect(x: 420, y: Int($0), width: 12, height: 10)
    }
    return MRZRow(characters: characters, alongWidth: false, capitalHeight: 12, pitch: pitch)
  }

  /// The same cut region with ragged sides (a patch of light, not a page's
  /// straight sides): it alone does not show the whole outline to be wrong.
  let raggedCut = Outline(
    quad: .values([404, 0, 836, 0, 830, 462, 380, 448]), source: .brightRegion, fill: 1,
    sideSupport: 0.5, weakestSideSupport: 0.3)

  func detect(rows: [MRZRow], cut: Outline? = nil) -> Detection {
    DocumentDetector().detect(
      candidates: [closedByGrain, cut ?? cutPage], frameWidth: 1280, frameHeight: 720,
      mrzRows: rows)
  }

  func testAWholeOutlineHoldingARowThatRunsOffIsNotTheDocument() {
    let detection = detect(rows: [row(to: 400)])
    XCTAssertEqual(detection.status, .documentPartiallyVisible)
    XCTAssertEqual(detection.quad, cutPage.quad)
  }

  func testAWholeOutlineHoldingAStraightSidedPageTheFrameCutsIsNotTheDocument() {
    // Without any row: the page's straight sides the frame does not cut
    // lie inside the whole outline, which adds desk beyond them.
    let detection = detect(rows: [])
    XCTAssertEqual(detection.status, .documentPartiallyVisible)
    XCTAssertEqual(detection.quad, cutPage.quad)
    XCTAssertEqual(detect(rows: [], cut: raggedCut).quad, closedByGrain.quad)
  }

  func testRowsInsideTheFrameLeaveTheWholeOutline() {
    // Beside a ragged cut region, without rows or with the row's ends
    // well inside the frame, the larger whole quad is chosen.
    XCTAssertEqual(detect(rows: [], cut: raggedCut).quad, closedByGrain.quad)
    let inside = row(to: 400)
    let moved = MRZRow(
      characters: inside.characters.map {
        PixelRect(x: $0.x, y: $0.y + 60, width: $0.width, height: $0.height)
      }, alongWidth: false, capitalHeight: 12, pitch: 12.5)
    XCTAssertFalse(moved.runsOffFrame(width: 1280, height: 720))
    XCTAssertEqual(detect(rows: [moved], cut: raggedCut).quad, closedByGrain.quad)
    XCTAssertEqual(detect(rows: [inside], cut: raggedCut).quad, raggedCut.quad)
  }

  func testAPortraitBesideRowsRunningOffIsNotADocument() {
    // A passport page cut by the frame's right side (as `detect-explain`
    // printed a development frame): its rows run off the frame, its
    // region unlike the desk is ragged, and its portrait's straight
    // sides make a whole quad (220 x 290 px, about 0.3 of an ID-1 card
    // at the rows' 16.5 px pitch) that holds none of the rows.
    let portrait = Outline(
      quad: .values([822.2, 70.2, 1043.7, 82.7, 1017.0, 366.1, 801.6, 353.4]),
      source: .straightSides, fill: 0.97)
    let ragged = Outline(
      quad: .values([814, 72, 1166, 24, 1278, 614, 752, 574]), source: .unlikeDesk, fill: 0.79,
      sideSupport: 0.02, weakestSideSupport: 0)
    let rows = [526, 554].map { top in
      MRZRow(
        characters: (0..<30).map {
          PixelRect(x: 791 + Int(16.5 * Double($0)), y: top, width: 12, height: 18)
        },
        alongWidth: true, capitalHeight: 17, pitch: 16.5)
    }
    XCTAssertTrue(rows.allSatisfy { $0.runsOffFrame(width: 1280, height: 720) })
    let detector = DocumentDetector()
    let seen = detector.detect(
      candidates: [portrait, ragged], frameWidth: 1280, frameHeight: 720, mrzRows: rows)
    XCTAssertNil(seen.quad)
    XCTAssertEqual(
      detector.judged(seen, rows: rows, frameWidth: 1280, frameHeight: 720).status,
      .documentPartiallyVisible)
    // A whole card of its own beside those rows (an ID-1 card's size at
    // their pitch, 556 x 351 px) is still a document.
    let card = Outline(
      quad: .values([100, 100, 656, 100, 656, 451, 100, 451]), source: .straightSides, fill: 0.97)
    XCTAssertEqual(
      detector.detect(
        candidates: [card, ragged], frameWidth: 1280, frameHeight: 720, mrzRows: rows
      )
      .quad, card.quad)
    // Without the rows the portrait is taken for a document far away.
    XCTAssertEqual(
      detector.detect(candidates: [portrait, ragged], frameWidth: 1280, frameHeight: 720).quad,
      portrait.quad)
  }

  func testAQuadHoldsThePointsInsideItsSides() {
    let quad = Quad.values([0, 0, 100, 10, 90, 80, 5, 70])
    XCTAssertTrue(quad.contains(Point(x: 50, y: 40)))
    XCTAssertTrue(quad.contains(Point(x: 0, y: 0)))
    XCTAssertFalse(quad.contains(Point(x: 50, y: 2)))
    XCTAssertFalse(quad.contains(Point(x: 97, y: 40)))
    XCTAssertFalse(quad.contains(Point(x: -1, y: 30)))
  }
}
