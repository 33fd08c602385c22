import DocScanCore
import XCTest

/// A region that stops across whole MRZ rows is laid past their ends, to
/// where the page of their format ends; rows along a side, rows inside,
/// and outlines whose other sides do not run along the rows move nothing.
final class MRZRowEndsTests: XCTestCase {
  let ends = MRZRowEnds()

  /// A row of `count` characters 14 px tall at a 12.7 px pitch (5 px a
  /// millimetre), from (`x`, `top`) along the width.
  func row(x: Double = 100, top: Int, count: Int = 44) -> MRZRow {
    MRZRow(
      characters: (0..<count).map {
        PixelRect(x: Int((x + 12.7 * Double($0)).rounded()), y: top, width: 10, height: 14)
      },
      alongWidth: true, capitalHeight: 14, pitch: 12.7)
  }

  func rectangle(_ left: Double, _ top: Double, _ right: Double, _ bottom: Double) -> Quad {
    Quad(unordered: [
      Point(x: left, y: top), Point(x: right, y: top), Point(x: right, y: bottom),
      Point(x: left, y: bottom),
    ])
  }

  func testALitRegionStoppingAcrossTheRowsReachesTheEndOfTheirPage() {
    // Two rows of 44 (a TD3 page, 125 mm: 625 px) from x = 100; the lit
    // part of the page ends at x = 450, across them.
    let rows = [row(top: 380), row(top: 405)]
    let lit = rectangle(60, 100, 450, 440)
    let reached = ends.extended(lit, rows: rows)
    // The rows' printed span runs from 105 to 651 (centres), so its middle
    // is 378; the page ends 312.5 px beyond it.
    XCTAssertEqual(reached.corners.map(\.x).max()!, 690.5, accuracy: 1)
    XCTAssertEqual(reached.corners.map(\.x).min()!, 60, accuracy: 0.5)
    XCTAssertEqual(reached.corners.map(\.y).min()!, 100, accuracy: 0.5)
    XCTAssertEqual(reached.corners.map(\.y).max()!, 440, accuracy: 0.5)
  }

  func testASlantedSideIsLaidAcrossTheRows() {
    // Light falling off along a diagonal: the region's right side leans.
    let rows = [row(top: 380), row(top: 405)]
    let lit = Quad(unordered: [
      Point(x: 60, y: 100), Point(x: 350, y: 100), Point(x: 500, y: 440), Point(x: 60, y: 440),
    ])
    let reached = ends.extended(lit, rows: rows)
    let right = reached.corners.filter { $0.x > 400 }
    XCTAssertEqual(right.count, 2)
    for corner in right { XCTAssertEqual(corner.x, 690.5, accuracy: 1) }
  }

  func testARowOfNoFormatGetsTheLeastMargin() {
    // 40 characters: no format's length. The side goes 1.5 pitches past
    // the last character's box (its right edge at 100 + 39 * 12.7 + 10).
    let rows = [row(top: 380, count: 40)]
    let reached = ends.extended(rectangle(60, 100, 400, 440), rows: rows)
    XCTAssertEqual(reached.corners.map(\.x).max()!, 605.3 + 19.05, accuracy: 1)
  }

  func testRowsInsideAlongOrMostlyOutsideMoveNothing() {
    let rows = [row(top: 380), row(top: 405)]
    // The whole page holds its rows.
    let page = rectangle(60, 100, 700, 440)
    XCTAssertEqual(ends.extended(page, rows: rows), page)
    // Rows running along a side (MRZBandReach's case).
    let above = rectangle(60, 100, 700, 390)
    XCTAssertEqual(ends.extended(above, rows: rows), above)
    // A photo beside the rows' start holding two characters of each.
    let photo = rectangle(60, 300, 120, 440)
    XCTAssertEqual(ends.extended(photo, rows: rows), photo)
  }

  func testAnOutlineWhoseOtherSidesLeaveTheRowsIsNoPartOfThePage() {
    // The rows cross its right side, but its sides beside that one run
    // 18 and 22 degrees off the rows: a patch of desk or print, not the
    // page's own sides.
    let rows = [row(top: 380), row(top: 405)]
    let patch = Quad(unordered: [
      Point(x: 100, y: 200), Point(x: 400, y: 300), Point(x: 400, y: 480), Point(x: 100, y: 600),
    ])
    XCTAssertEqual(ends.extended(patch, rows: rows), patch)
    // Seen with its sides along the rows, the same crossing is laid out.
    let lit = rectangle(100, 200, 400, 600)
    XCTAssertNotEqual(ends.extended(lit, rows: rows), lit)
  }
}
