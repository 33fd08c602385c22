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

  func testNothingReadOrNoCells() {
    XCTAssertEqual(MRZCellAlignment.cells(for: [], cellCount: 44), [])
    XCTAssertEqual(MRZCellAlignment.cells(for: [0, 1], cellCount: 0), [nil, nil])
  }
}
