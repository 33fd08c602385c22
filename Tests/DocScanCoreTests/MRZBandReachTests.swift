import DocScanCore
import XCTest

/// An outline that stops at a white MRZ band's inner side is laid out past
/// the rows it left outside; rows inside, or print far off, move nothing.
final class MRZBandReachTests: XCTestCase {
  let reach = MRZBandReach()

  /// A row of `count` characters 16 px tall at a 14 px pitch, from
  /// (`x`, `top`) along the width.
  func row(x: Int = 130, top: Int, count: Int = 38) -> MRZRow {
    MRZRow(
      characters: (0..<count).map { PixelRect(x: x + 14 * $0, y: top, width: 11, height: 16) },
      alongWidth: true, capitalHeight: 16, pitch: 14)
  }

  func rectangle(_ left: Double, _ top: Double, _ right: Double, _ bottom: Double) -> Quad {
    Quad(unordered: [
      Point(x: left, y: top), Point(x: right, y: top), Point(x: right, y: bottom),
      Point(x: left, y: bottom),
    ])
  }

  func bottoms(_ quad: Quad) -> [Double] {
    quad.corners.map(\.y).sorted().suffix(2).map { $0 }
  }

  func testAnOutlineStoppingAtTheBandIsLaidPastTheRows() {
    let tinted = rectangle(100, 100, 700, 400)
    let rows = [row(top: 420), row(top: 450)]
    let reached = reach.extended(tinted, rows: rows)
    // The last row's characters end at 466; 1.5 capitals (24 px) beyond.
    for bottom in bottoms(reached) { XCTAssertEqual(bottom, 490, accuracy: 0.5) }
    XCTAssertEqual(reached.corners.map(\.x).min()!, 100, accuracy: 0.5)
    XCTAssertEqual(reached.corners.map(\.x).max()!, 700, accuracy: 0.5)
    XCTAssertEqual(reached.corners.map(\.y).min()!, 100, accuracy: 0.5)
  }

  func testASideSlantedWhereTheOutlineCutACornerIsLaidAlongTheRows() {
    // The outline cut the band's lower right corner: its lower side rises
    // 40 px to the right. The page's edge runs along the rows.
    let cut = Quad(unordered: [
      Point(x: 100, y: 100), Point(x: 700, y: 100), Point(x: 700, y: 420), Point(x: 100, y: 460),
    ])
    let reached = reach.extended(cut, rows: [row(top: 420), row(top: 450)])
    for bottom in bottoms(reached) { XCTAssertEqual(bottom, 490, accuracy: 0.5) }
  }

  func testRowsInsideTheOutlineOrFarOutsideItMoveNothing() {
    let page = rectangle(100, 100, 700, 500)
    XCTAssertEqual(reach.extended(page, rows: [row(top: 420), row(top: 450)]), page)
    // A page printing its MRZ nearer its edge than `bandMargin` (14 px
    // here, under 1.5 capitals) was found whole: it stays.
    let nearer = rectangle(100, 100, 700, 480)
    XCTAssertEqual(reach.extended(nearer, rows: [row(top: 420), row(top: 450)]), nearer)
    // Print 10 capital heights below the outline is not the page's.
    let tinted = rectangle(100, 100, 700, 400)
    XCTAssertEqual(reach.extended(tinted, rows: [row(top: 550)]), tinted)
    // Nor a row beside the page, beyond its side's ends.
    XCTAssertEqual(reach.extended(tinted, rows: [row(x: 760, top: 420, count: 20)]), tinted)
  }

  func testAWedgeAlongTheRowsIsNotLaidOut() {
    // A patch of a white desk along a card's band (as a development frame
    // showed it): three of its sides within 20 degrees of the rows, which
    // reach outside it above and below. Laid out, its slanted side and
    // the rows' lines would cross far off the frame.
    let wedge = Quad(unordered: [
      Point(x: 300, y: 438), Point(x: 640, y: 410), Point(x: 640, y: 470), Point(x: 460, y: 476),
    ])
    // The rows' fitted lines differ a little in slope, as found rows do.
    let sloping = MRZRow(
      characters: (0..<38).map {
        PixelRect(x: 130 + 14 * $0, y: 450 + $0 / 10, width: 11, height: 16)
      }, alongWidth: true, capitalHeight: 16, pitch: 14)
    let rows = [row(top: 420), sloping]
    XCTAssertEqual(reach.extended(wedge, rows: rows), wedge)
    // A page whose sides beside the band cross the rows is laid out.
    let page = rectangle(100, 100, 700, 455)
    XCTAssertNotEqual(reach.extended(page, rows: rows), page)
  }

  func testRowsAlongTheHeightMoveTheSideAlongThem() {
    // A card held portrait: its rows run down the frame, right of its
    // tinted part.
    let tinted = rectangle(200, 100, 500, 700)
    let rows = [0, 30].map { left in
      MRZRow(
        characters: (0..<30).map {
          PixelRect(x: 520 + left, y: 130 + 18 * $0, width: 16, height: 13)
        }, alongWidth: false, capitalHeight: 16, pitch: 18)
    }
    let reached = reach.extended(tinted, rows: rows)
    let rights = reached.corners.map(\.x).sorted().suffix(2)
    for right in rights { XCTAssertEqual(right, 566 + 24, accuracy: 0.5) }
  }

  func testCharactersGrazingASideOfAPageWhoseRimWasFoundMoveNothing() {
    // The last row's boxes reach 466; the side at 462 cuts their bottoms,
    // their centres (458) inside it.
    let grazed = rectangle(100, 100, 700, 462)
    let rows = [row(top: 420), row(top: 450)]
    // A hull round the print (no edge of its own) stopped at the
    // characters: laid past them.
    for bottom in bottoms(reach.extended(grazed, rows: rows)) {
      XCTAssertEqual(bottom, 490, accuracy: 0.5)
    }
    // The page's rim, found all round: it stays.
    XCTAssertEqual(reach.extended(grazed, rows: rows, rimFound: true), grazed)
    // Rows lying outside still move a side found on a straight edge (a
    // tinted part's edge above a white band).
    let tinted = rectangle(100, 100, 700, 400)
    for bottom in bottoms(reach.extended(tinted, rows: rows, rimFound: true)) {
      XCTAssertEqual(bottom, 490, accuracy: 0.5)
    }
  }

  func testDetectionKeepsARimFoundAllRoundThatPrintGrazes() {
    let grazed = rectangle(300, 150, 868, 542)
    let rows = [row(x: 320, top: 500), row(x: 320, top: 530)]
    func seen(weakestSide: Double) -> Detection {
      DocumentDetector().detect(
        candidates: [
          Outline(
            quad: grazed, source: .unlikeDesk, fill: 0.99, sideSupport: 0.97,
            weakestSideSupport: weakestSide)
        ], frameWidth: 1280, frameHeight: 720, mrzRows: rows)
    }
    XCTAssertEqual(seen(weakestSide: 0.93).quad?.corners.map(\.y).max() ?? 0, 542, accuracy: 0.5)
    XCTAssertEqual(seen(weakestSide: 0.3).quad?.corners.map(\.y).max() ?? 0, 570, accuracy: 0.5)
  }

  func testDetectionTakesTheBandIntoItsOutline() {
    let tinted = rectangle(300, 150, 868, 470)
    let seen = DocumentDetector().detect(
      candidates: [Outline(quad: tinted, source: .unlikeDesk)], frameWidth: 1280,
      frameHeight: 720, mrzRows: [row(x: 320, top: 490), row(x: 320, top: 520)])
    XCTAssertEqual(seen.status, .success)
    XCTAssertEqual(seen.quad?.corners.map(\.y).max() ?? 0, 560, accuracy: 0.5)
  }

  func testAPageLaidPastItsRowsToTheBorderIsTooCloseToTheEdge() {
    // The same card lower in the frame: its rows end 22 px above the
    // border (whole, not running off), and the band laid past them
    // reaches the border. The card is too close to the edge, not cut, and
    // its outline still holds its rows.
    let tinted = rectangle(300, 330, 868, 650)
    let rows = [row(x: 320, top: 652), row(x: 320, top: 682)]
    XCTAssertFalse(rows.contains { $0.runsOffFrame(width: 1280, height: 720) })
    let seen = DocumentDetector().detect(
      candidates: [Outline(quad: tinted, source: .unlikeDesk)], frameWidth: 1280,
      frameHeight: 720, mrzRows: rows)
    XCTAssertEqual(seen.status, .documentTooCloseToEdge)
    XCTAssertEqual(seen.events, [.tooCloseToEdge])
    let bottom = seen.quad?.corners.map(\.y).max() ?? 0
    XCTAssertGreaterThan(bottom, 698)
    XCTAssertLessThan(bottom, 717)
  }
}
