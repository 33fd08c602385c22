import XCTest

@testable import DocScanCore

/// `MRZImageTurns`: grey first, the ink image after a turn of readings
/// that did not settle the MRZ, and back.
final class MRZImageTurnsTests: XCTestCase {
  func testImagesTakeTurnsOfAWindowOfUnsettledReadings() {
    var turns = MRZImageTurns()
    XCTAssertFalse(turns.inInk, "grey first")
    let length = MRZImageTurns.turnLength
    for _ in 1..<length { XCTAssertFalse(turns.unsettledReading()) }
    XCTAssertTrue(turns.unsettledReading(), "the turn passes")
    XCTAssertTrue(turns.inInk)
    for _ in 1..<length { XCTAssertFalse(turns.unsettledReading()) }
    XCTAssertTrue(turns.unsettledReading())
    XCTAssertFalse(turns.inInk, "grey again")
  }

  func testASettledReadingStartsTheCountOverInTheSameImage() {
    var turns = MRZImageTurns()
    for _ in 1..<MRZImageTurns.turnLength { _ = turns.unsettledReading() }
    turns.settledReading()
    XCTAssertFalse(turns.unsettledReading(), "the count started over")
    XCTAssertFalse(turns.inInk)
  }

  func testReadingsThatPassTheirChecksKeepTheTurnForAWindow() {
    var turns = MRZImageTurns()
    for _ in 1..<MRZImageTurns.turnLength { _ = turns.unsettledReading() }
    for _ in 1..<MRZImageTurns.confirmingTurnLength {
      XCTAssertFalse(turns.confirmingReading(), "waiting for confirmation")
    }
    XCTAssertFalse(turns.inInk)
    XCTAssertTrue(turns.confirmingReading(), "never confirmed: the ink image's turn")
    XCTAssertTrue(turns.inInk)
    XCTAssertGreaterThan(MRZImageTurns.confirmingTurnLength, MRZImageTurns.turnLength)
  }

  func testACaptureOrAnUnverifiableMRZKeepsTheTurn() {
    var turns = MRZImageTurns()
    for _ in 0..<(3 * MRZImageTurns.confirmingTurnLength) {
      _ = turns.confirmingReading()
      turns.settledReading()
    }
    XCTAssertFalse(turns.inInk)
  }

  func testANewDocumentStartsInGrey() {
    var turns = MRZImageTurns()
    for _ in 0..<MRZImageTurns.turnLength { _ = turns.unsettledReading() }
    XCTAssertTrue(turns.inInk)
    turns.reset()
    XCTAssertFalse(turns.inInk)
    for _ in 1..<MRZImageTurns.turnLength { XCTAssertFalse(turns.unsettledReading()) }
  }
}
