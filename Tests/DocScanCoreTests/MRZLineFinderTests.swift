import DocScanCore
import XCTest

/// `MRZLineFinder` on blobs laid out as MRZ characters: whole lines, and
/// lines a stamp has broken.
final class MRZLineFinderTests: XCTestCase {
  let pitch = 8.0
  let height = 10

  /// One character blob per cell of a line whose first cell's centre is at
  /// `firstX`, but for the cells in `missing`.
  func line(top: Int, cells: Int, firstX: Double = 30, missing: Set<Int> = []) -> [PixelRect] {
    (0..<cells).filter { !missing.contains($0) }.map { cell in
      let center = firstX + Double(cell) * pitch
      return PixelRect(x: Int((center - 3).rounded()), y: top, width: 6, height: height)
    }
  }

  func testTwoWholeLinesMakeTwoRows() {
    let rows = MRZLineFinder().rows(
      blobs: line(top: 200, cells: 44) + line(top: 220, cells: 44), imageHeight: 300)
    XCTAssertEqual(rows.map(\.cellCount), [44, 44])
    XCTAssertEqual(rows[0].firstCenterX, 30, accuracy: 0.5)
    XCTAssertEqual(rows[0].top, 200, accuracy: 0.5)
    XCTAssertEqual(rows[1].top, 220, accuracy: 0.5)
  }

  func testLinesBrokenByAStampAreCarriedOverAndRebuilt() {
    // A stamp swallows cells 8-11 of the second line and the first 15 of
    // the first: neither chain alone is a 44-cell line.
    let blobs =
      line(top: 200, cells: 44, missing: Set(0..<15))
      + line(top: 220, cells: 44, missing: Set(8..<12))
    let rows = MRZLineFinder().rows(blobs: blobs, imageHeight: 300)
    XCTAssertEqual(rows.map(\.cellCount), [44, 44])
    for row in rows {
      XCTAssertEqual(row.firstCenterX, 30, accuracy: 0.5)
      XCTAssertEqual(row.pitch, pitch, accuracy: 0.05)
    }
    XCTAssertEqual(rows[0].top, 200, accuracy: 0.5)
    XCTAssertEqual(rows[0].capHeight, Double(height), accuracy: 0.5)
  }

  func testAFragmentOffTheGridCompletesNothing() {
    // Text half a cell off the MRZ's grid above a lone line is no MRZ line.
    let blobs =
      line(top: 200, cells: 44, firstX: 34, missing: Set(0..<15))
      + line(top: 220, cells: 44, missing: Set(8..<12))
    XCTAssertEqual(MRZLineFinder().rows(blobs: blobs, imageHeight: 300), [])
  }

  func testWholeLinesAreNotCarriedOntoStrayBlobs() {
    // A character on the grid beyond a gap changes nothing when the MRZ
    // stacks as it is.
    let stray = line(top: 220, cells: 1, firstX: 30 - 6 * pitch)
    let rows = MRZLineFinder().rows(
      blobs: line(top: 200, cells: 30) + line(top: 218, cells: 30) + line(top: 236, cells: 30)
        + stray, imageHeight: 300)
    XCTAssertEqual(rows.map(\.cellCount), [30, 30, 30])
    XCTAssertEqual(rows[1].firstCenterX, 30, accuracy: 0.5)
  }

  func testASpeckBesideALineDoesNotShiftItsCells() {
    // Dust or print a cell before each line's first character is linked
    // into the line's chain; the line still starts at its first character.
    let specks = [200, 220].map { top in
      PixelRect(x: Int(30 - pitch - 1), y: top + 3, width: 3, height: 5)
    }
    let rows = MRZLineFinder().rows(
      blobs: line(top: 200, cells: 44) + line(top: 220, cells: 44) + specks, imageHeight: 300)
    XCTAssertEqual(rows.map(\.cellCount), [44, 44])
    for row in rows { XCTAssertEqual(row.firstCenterX, 30, accuracy: 0.5) }
  }
}
