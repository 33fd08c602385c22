import XCTest

@testable import DocScanCore

/// What a reader needs to place a row anew: how many check digits a zone
/// passes, and a row's cells laid from one cell to another.
final class MRZPlacementTests: XCTestCase {
  let icaoPassport = [
    "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
    "L898902C36UTO7408122F1204159ZE184226B<<<<<10",
  ]

  func testEveryCheckHoldsInAZoneReadRight() {
    XCTAssertEqual(MRZLayout.holdingChecks(in: icaoPassport), MRZLayout.of(.td3).checks.count)
  }

  func testARowReadACellOffFailsMostOfItsChecks() {
    // The first character missed and a filler taken in at the end.
    let shifted = [icaoPassport[0], String(icaoPassport[1].dropFirst()) + "<"]
    let holding = try? XCTUnwrap(MRZLayout.holdingChecks(in: shifted))
    XCTAssertLessThanOrEqual(holding ?? 99, 2)
    // One misread digit fails its field's check and the composite only.
    var misread = Array(icaoPassport[1])
    misread[0] = "I"
    XCTAssertEqual(
      MRZLayout.holdingChecks(in: [icaoPassport[0], String(misread)]),
      MRZLayout.of(.td3).checks.count - 2)
  }

  func testACellReadAsNothingFailsItsChecks() {
    let unread = [icaoPassport[0], "?" + icaoPassport[1].dropFirst()]
    XCTAssertEqual(
      MRZLayout.holdingChecks(in: unread), MRZLayout.of(.td3).checks.count - 2)
  }

  func testLinesOfNoMRZShapeHaveNoChecks() {
    XCTAssertNil(MRZLayout.holdingChecks(in: ["P<UTO", "L898"]))
  }

  func testARowSpannedAnewKeepsItsPrintWhereItWas() {
    let row = MRZRowGeometry(
      cellCount: 44, firstCenterX: 100, pitch: 10, slope: 0.05, top: 40, bottom: 54,
      curvature: 0.01)
    // From cell -1 to cell 43: one more cell at the start, squeezed in.
    let wider = row.spanning(fromCell: -1, toCell: 43)
    XCTAssertEqual(wider.cellCount, 44)
    XCTAssertEqual(wider.centerX(ofCell: 0), row.centerX(ofCell: -1), accuracy: 1e-9)
    XCTAssertEqual(wider.centerX(ofCell: 43), row.centerX(ofCell: 43), accuracy: 1e-9)
    XCTAssertEqual(
      wider.centerX(ofCell: 21.5), row.centerX(ofCell: -1 + 21.5 * 44 / 43), accuracy: 1e-9)
    XCTAssertEqual(wider.middleY(atCell: 0), row.middleY(atCell: -1), accuracy: 1e-9)
    // Moved whole cells, it is the row's own `cells(from:count:)`.
    let moved = row.spanning(fromCell: 1, toCell: 44)
    let cells = row.cells(from: 1, count: 44)
    for cell in [0.0, 10, 43] {
      XCTAssertEqual(moved.centerX(ofCell: cell), cells.centerX(ofCell: cell), accuracy: 1e-9)
    }
    XCTAssertEqual(moved.capHeight, cells.capHeight, accuracy: 1e-9)
  }
}
