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

  func testCharactersRunTogetherKeepEveryCellInPlace() {
    // Small soft print joins two neighbours into one blob two cells wide
    // (cells 33 and 34 of the second line, 5 and 6 of the first): counted
    // as one character, every later cell would be numbered one too far and
    // the row's window would drop its first character.
    func joined(_ line: [PixelRect], at cell: Int) -> [PixelRect] {
      var blobs = line
      let pair = PixelRect(
        x: blobs[cell].x, y: blobs[cell].y,
        width: blobs[cell + 1].x + blobs[cell + 1].width - blobs[cell].x, height: height)
      blobs.replaceSubrange(cell...(cell + 1), with: [pair])
      return blobs
    }
    let blobs =
      joined(line(top: 200, cells: 44), at: 5) + joined(line(top: 220, cells: 44), at: 33)
    let rows = MRZLineFinder().rows(blobs: blobs, imageHeight: 300)
    XCTAssertEqual(rows.map(\.cellCount), [44, 44])
    for row in rows {
      XCTAssertEqual(row.firstCenterX, 30, accuracy: 0.5)
      XCTAssertEqual(row.pitch, pitch, accuracy: 0.05)
    }
  }

  func testALineSetACellOffByAnEdgeIsAlignedWithTheOthers() {
    // The card's edge a cell before the third line's first character, and
    // that line's last filler too faint to find: alone, its window of 30
    // cells would start at the edge.
    let edge = PixelRect(x: Int(30 - pitch - 3), y: 236, width: 6, height: height)
    let rows = MRZLineFinder().rows(
      blobs: line(top: 200, cells: 30) + line(top: 218, cells: 30)
        + line(top: 236, cells: 30, missing: [29]) + [edge], imageHeight: 300)
    XCTAssertEqual(rows.map(\.cellCount), [30, 30, 30])
    for row in rows { XCTAssertEqual(row.firstCenterX, 30, accuracy: 0.5) }
  }

  func testARowOfBackgroundPrintBelowTheLastLineIsNotPartOfTheMRZ() {
    // A guilloche's waves under a TD1 card's last line, at the characters'
    // pitch, make a row of their own 9 px lower: too close to the last line
    // for that line to stack above it, so the lowest stack would be the two
    // lines above and the waves (gaps of 18 and 27 px).
    let waves = line(top: 245, cells: 30, firstX: 30 + pitch / 2)
    let rows = MRZLineFinder().rows(
      blobs: line(top: 200, cells: 30) + line(top: 218, cells: 30) + line(top: 236, cells: 30)
        + waves, imageHeight: 300)
    XCTAssertEqual(rows.map(\.cellCount), [30, 30, 30])
    XCTAssertEqual(rows.map { $0.top.rounded() }, [200, 218, 236])
  }

  func testThreeLinesMustBePrintedAtOneSpacing() {
    func row(_ top: Double) -> MRZRowGeometry {
      MRZRowGeometry(
        cellCount: 30, firstCenterX: 30, pitch: 8, slope: 0, top: top, bottom: top + 10)
    }
    XCTAssertTrue(MRZLineFinder.isEvenlySpaced([row(200), row(218), row(236)]))
    XCTAssertTrue(MRZLineFinder.isEvenlySpaced([row(200), row(218), row(238)]))
    XCTAssertFalse(MRZLineFinder.isEvenlySpaced([row(200), row(218), row(245)]))
    XCTAssertTrue(MRZLineFinder.isEvenlySpaced([row(200), row(245)]))
  }

  func testALineDoesNotStackOnItself() {
    // A fragment of a row's own line (its capitals' top measured half a
    // pixel higher) is not the line above it; the next MRZ line is.
    let row = MRZRowGeometry(
      cellCount: 44, firstCenterX: 30, pitch: 8, slope: 0, top: 220, bottom: 230)
    XCTAssertFalse(MRZLineFinder.isLineAbove(219.5, row))
    XCTAssertFalse(MRZLineFinder.isLineAbove(225, row))
    XCTAssertTrue(MRZLineFinder.isLineAbove(202, row))
  }

  func testTwoLinesThatDisagreeAreLeftAsFound() {
    // With two lines no majority says which start is right.
    let rows = [
      MRZRowGeometry(cellCount: 44, firstCenterX: 30, pitch: 8, slope: 0, top: 200, bottom: 210),
      MRZRowGeometry(cellCount: 44, firstCenterX: 22, pitch: 8, slope: 0, top: 220, bottom: 230),
    ]
    XCTAssertEqual(MRZLineFinder.leftAligned(rows), rows)
  }

  func testSlantedLinesAreAlignedAcrossTheirDirection() {
    // Turned a little: each line starts further left the lower it lies,
    // and that is no misalignment.
    let slope = 0.08
    let rows = [200.0, 218, 236].map { top in
      MRZRowGeometry(
        cellCount: 30, firstCenterX: 30 - slope * (top - 200), pitch: 8, slope: slope, top: top,
        bottom: top + 10)
    }
    XCTAssertEqual(MRZLineFinder.leftAligned(rows), rows)
    var shifted = rows
    shifted[1] = rows[1].cells(from: -1, count: 30)
    let aligned = MRZLineFinder.leftAligned(shifted)
    XCTAssertEqual(aligned[1].firstCenterX, rows[1].firstCenterX, accuracy: 0.01)
    XCTAssertEqual(aligned[1].top, rows[1].top, accuracy: 0.01)
  }

  func testARowOffTheOthersGridTakesTheirs() {
    // Three TD1 rows; the top one fitted with a change of pitch no other row
    // shows (9.65 to 11 px where the others are an even 10.5): 0.7 cells off
    // in its middle. It takes its neighbour's cells at its own height.
    let even = [40.0, 57.8].map { top in
      MRZRowGeometry(
        cellCount: 30, firstCenterX: 28, pitch: 10.54, slope: 0.01, top: top, bottom: top + 7)
    }
    let odd = MRZRowGeometry(
      cellCount: 30, firstCenterX: 24.7, pitch: 9.65, slope: 0.01, top: 22.9, bottom: 29.7,
      curvature: 0.0238)
    let rows = MRZLineFinder.sharingOneGrid([odd] + even)
    XCTAssertEqual(Array(rows[1...]), even)
    XCTAssertEqual(rows[0].pitch, 10.54, accuracy: 1e-9)
    XCTAssertEqual(rows[0].curvature, 0)
    // Its first cell lies across the lines' direction from the others'.
    XCTAssertEqual(rows[0].firstCenterX, 28 - 0.01 * (26.3 - 43.5), accuracy: 0.05)
    XCTAssertEqual(rows[0].middleY(atCell: 0), odd.middleY(atCell: 0.35), accuracy: 0.05)
    XCTAssertEqual(rows[0].capHeight, 7, accuracy: 1e-9)
  }

  func testRowsOnOneGridOrWithNoMajorityAreLeftAsFound() {
    // Rows a little apart (uneven print), or three rows each on a grid of
    // its own: no majority says which grid is right.
    let rows = [(200.0, 8.0), (218, 8.02), (236, 7.98)].map { top, pitch in
      MRZRowGeometry(
        cellCount: 30, firstCenterX: 30, pitch: pitch, slope: 0, top: top, bottom: top + 10)
    }
    XCTAssertEqual(MRZLineFinder.sharingOneGrid(rows), rows)
    let apart = [(200.0, 8.0), (218, 8.4), (236, 7.6)].map { top, pitch in
      MRZRowGeometry(
        cellCount: 30, firstCenterX: 30, pitch: pitch, slope: 0, top: top, bottom: top + 10)
    }
    XCTAssertEqual(MRZLineFinder.sharingOneGrid(apart), apart)
    XCTAssertEqual(MRZLineFinder.sharingOneGrid(Array(rows[..<2])), Array(rows[..<2]))
  }

  func testALineSeenInPerspectiveKeepsEveryCharacterInItsCell() {
    // A page turned away about a vertical axis: the pitch grows from 8 to
    // 10 px along the line, and the characters grow with it. An even grid
    // would put the first and last characters a cell off.
    func perspectiveLine(top: Double) -> [PixelRect] {
      (0..<44).map { cell in
        let k = Double(cell)
        let center = 30 + 8 * k + (2.0 / 86) * k * k
        let size = 10 * ((8 + 4.0 / 86 * k) / 8).squareRoot()
        return PixelRect(
          x: Int((center - 0.3 * size).rounded()), y: Int((top - size / 2).rounded()),
          width: Int((0.6 * size).rounded()), height: Int(size.rounded()))
      }
    }
    let blobs = perspectiveLine(top: 205) + perspectiveLine(top: 230)
    let rows = MRZLineFinder().rows(blobs: blobs, imageHeight: 300)
    XCTAssertEqual(rows.map(\.cellCount), [44, 44])
    for (row, line) in zip(rows, [Array(blobs[0..<44]), Array(blobs[44...])]) {
      for (cell, blob) in line.enumerated() {
        let position = row.cellPosition(atX: Double(blob.x) + Double(blob.width) / 2)
        XCTAssertEqual(position, Double(cell), accuracy: 0.2, "cell \(cell)")
      }
      XCTAssertGreaterThan(row.capHeight(atCell: 43), row.capHeight(atCell: 0) * 1.05)
    }
  }

  func testLinesFittedOneInPerspectiveAndOneEvenStillStack() {
    // Pitch changes of 38 % (fitted as perspective) and 41 % (beyond the
    // limit, fitted as even): their pitches at the first cell differ by a
    // fifth, their means by under 2 %.
    func line(centerY: Int, change: Double) -> [PixelRect] {
      (0..<44).map { cell in
        let k = Double(cell)
        let center = 30 + 8 * k + 8 * change / 86 * k * k
        return PixelRect(x: Int((center - 3).rounded()), y: centerY - 5, width: 6, height: 10)
      }
    }
    let rows = MRZLineFinder().rows(
      blobs: line(centerY: 205, change: 0.38) + line(centerY: 225, change: 0.41),
      imageHeight: 300)
    XCTAssertEqual(rows.map(\.cellCount), [44, 44])
    XCTAssertNotEqual(rows[0].curvature, 0)
    XCTAssertEqual(rows[1].curvature, 0)
  }

  func testAnEvenlyPrintedLineIsTakenAsEvenlySpaced() {
    // Print a pixel off here and there (a flat scan) is no perspective.
    var blobs = line(top: 200, cells: 44) + line(top: 220, cells: 44)
    for index in stride(from: 0, to: blobs.count, by: 5) { blobs[index].x += 1 }
    let rows = MRZLineFinder().rows(blobs: blobs, imageHeight: 300)
    XCTAssertEqual(rows.map(\.curvature), [0, 0])
  }
}

/// `MRZRowGeometry`: cells, their positions and sub-rows, with and without
/// perspective.
final class MRZRowGeometryTests: XCTestCase {
  let row = MRZRowGeometry(
    cellCount: 44, firstCenterX: 100, pitch: 8, slope: 0.1, top: 50, bottom: 60, curvature: 0.02)

  func testCellPositionsInvertCellCentres() {
    for cell in stride(from: -8.0, through: 52, by: 0.5) {
      XCTAssertEqual(row.cellPosition(atX: row.centerX(ofCell: cell)), cell, accuracy: 1e-6)
    }
    var straight = row
    straight.curvature = 0
    XCTAssertEqual(straight.cell(atX: 100 + 8 * 43), 43)
    XCTAssertNil(straight.cell(atX: 100 + 8 * 44))
  }

  func testASubRowStartsWhereItsFirstCellIs() {
    let tail = row.cells(from: 36, count: 8)
    XCTAssertEqual(tail.firstCenterX, row.centerX(ofCell: 36), accuracy: 1e-9)
    XCTAssertEqual(tail.centerX(ofCell: 7), row.centerX(ofCell: 43), accuracy: 1e-9)
    XCTAssertEqual(tail.capHeight, row.capHeight(atCell: 36), accuracy: 1e-9)
    XCTAssertEqual(tail.middleY(atCell: 3), row.middleY(atCell: 39), accuracy: 1e-9)
    let before = row.cells(from: -8, count: 52)
    XCTAssertEqual(before.centerX(ofCell: 8), 100, accuracy: 1e-9)
  }

  func testCornersGrowWithThePerspective() {
    let corners = row.corners(cells: 0..<44, marginX: 0, marginY: 0)
    let left = corners[3].y - corners[0].y
    let right = corners[2].y - corners[1].y
    XCTAssertEqual(left, row.capHeight(atCell: -0.5), accuracy: 1e-9)
    XCTAssertEqual(right, row.capHeight(atCell: 43.5), accuracy: 1e-9)
    XCTAssertGreaterThan(right, left)
  }
}
