import DocScanCore
import XCTest

/// Characters read along an MRZ row are placed in the row's cells in order,
/// each where its box fits best.
final class MRZCellAlignmentTests: XCTestCase {
  func testAWholeRowFillsEveryCellInOrder() {
    let positions = (0..<44).map { Double($0) + 0.1 }
    XCTAssertEqual(MRZCellAlignment.cells(for: positions, cellCount: 44), Array(0..<44))
  }

  /// The first character's box, widened by ink it touches, lies nearer the
  /// cell before it; order still gives it the first cell.
  func testAWidenedBoxKeepsItsCell() {
    var positions = (0..<30).map(Double.init)
    positions[0] = -0.9
    XCTAssertEqual(MRZCellAlignment.cells(for: positions, cellCount: 30), Array(0..<30))
    // Judged alone, the two boxes would share cell 0 and leave cell 1 empty.
    positions[1] = 0.45
    XCTAssertEqual(MRZCellAlignment.cells(for: positions, cellCount: 30), Array(0..<30))
  }

  func testAMissedCharacterLeavesItsCellEmpty() {
    let positions = (0..<36).filter { $0 != 7 }.map(Double.init)
    let cells = MRZCellAlignment.cells(for: positions, cellCount: 36)
    XCTAssertEqual(cells.compactMap { $0 }, (0..<36).filter { $0 != 7 })
  }

  func testASpuriousCharacterIsLeftOut() {
    // Edge art read as a character a cell and a half before the row.
    let positions = [-1.6] + (0..<30).map(Double.init)
    XCTAssertEqual(MRZCellAlignment.cells(for: positions, cellCount: 30), [nil] + Array(0..<30))
  }

  /// A row read one cell off (its last character beyond the strip) shows
  /// as an empty first cell, which the reader then moves the row by.
  func testARowReadACellOffLeavesAnEndEmpty() {
    let positions = (1..<44).map(Double.init)
    let cells = MRZCellAlignment.cells(for: positions, cellCount: 44)
    XCTAssertEqual(cells, Array(1..<44))
  }

  /// A row's thin first letter merged into its neighbour's box: the box
  /// lies half way between the first two cells, and either is a guess.
  func testABoxBetweenTwoEmptyCellsIsNotClear() {
    let positions = [0.5] + (2..<30).map(Double.init)
    let placements = MRZCellAlignment.placements(for: positions, cellCount: 30)
    XCTAssertFalse(placements[0].isClear)
    XCTAssertTrue(placements.dropFirst().allSatisfy(\.isClear))
    XCTAssertEqual(placements.dropFirst().map(\.cell), (2..<30).map { $0 })
  }

  /// A missed character beside a box well inside its cell: the box's
  /// cell stays clear, and so does every other.
  func testABoxInsideItsCellBesideAMissedOneIsClear() {
    let positions = [0.2] + (2..<30).map(Double.init)
    let placements = MRZCellAlignment.placements(for: positions, cellCount: 30)
    XCTAssertEqual(placements[0], MRZCellAlignment.Placement(cell: 0, isClear: true))
    XCTAssertTrue(placements.allSatisfy(\.isClear))
  }

  /// Every character at its cell: each placement beats any other by a cell.
  func testAWholeRowIsClear() {
    let positions = (0..<44).map { Double($0) + 0.1 }
    XCTAssertTrue(
      MRZCellAlignment.placements(for: positions, cellCount: 44).allSatisfy(\.isClear))
  }

  func testNothingReadOrNoCells() {
    XCTAssertEqual(MRZCellAlignment.cells(for: [], cellCount: 44), [])
    XCTAssertEqual(MRZCellAlignment.cells(for: [0, 1], cellCount: 0), [nil, nil])
  }
}
