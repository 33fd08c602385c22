import XCTest

@testable import DocScanCore

/// A page turned about an axis across its MRZ rows prints them at a pitch
/// that changes from end to end; a page facing the camera does not, so an
/// outline that looks tilted along such rows missed part of the page.
final class MRZRowPerspectiveTests: XCTestCase {
  /// A row of 44 characters whose pitch runs from `start` to `end` pixels,
  /// from x = 300 at y = 500.
  func row(pitchFrom start: Double, to end: Double, skipping skipped: Set<Int> = []) -> MRZRow {
    var x = 300.0
    var characters: [PixelRect] = []
    for cell in 0..<44 {
      let pitch = start + (end - start) * Double(cell) / 43
      if !skipped.contains(cell) {
        characters.append(PixelRect(x: Int(x.rounded()), y: 500, width: 10, height: 14))
      }
      x += pitch
    }
    return MRZRow(
      characters: characters, alongWidth: true, capitalHeight: 14, pitch: (start + end) / 2)
  }

  func testAFaceOnRowKeepsItsPitch() throws {
    XCTAssertEqual(try XCTUnwrap(row(pitchFrom: 12, to: 12).endPitchRatio), 1, accuracy: 0.02)
    // A character not found leaves a gap of two pitches, not a shift.
    XCTAssertEqual(
      try XCTUnwrap(row(pitchFrom: 12, to: 12, skipping: [5, 40]).endPitchRatio), 1,
      accuracy: 0.02)
  }

  func testARowSeenInPerspectiveChangesItsPitch() throws {
    // Ends 1.35 apart: the thirds' middles, at a sixth of the row from each
    // end, about 1.2.
    let ratio = try XCTUnwrap(row(pitchFrom: 13.5, to: 10).endPitchRatio)
    XCTAssertGreaterThan(ratio, 1.15)
    XCTAssertLessThan(ratio, 1.35)
  }

  func testAShortRowTellsNothing() {
    let short = MRZRow(
      characters: (0..<12).map { PixelRect(x: 300 + 12 * $0, y: 500, width: 10, height: 14) },
      alongWidth: true, capitalHeight: 14, pitch: 12)
    XCTAssertNil(short.endPitchRatio)
  }

  func testAnOutlineLooksTiltedAlongTheRowsWhenItsEndsDiffer() {
    let outline = Quad.values([300, 200, 907, 300, 907, 583, 300, 583])
    XCTAssertEqual(outline.endRatio(along: Point(x: 1, y: 0)), 383.0 / 283, accuracy: 0.01)
    XCTAssertEqual(outline.endRatio(along: Point(x: 0, y: 1)), 1, accuracy: 0.02)
  }

  func testAnOutlineTiltedAlongFaceOnRowsGivesWayToTheBandsDocument() throws {
    // A card on a white desk whose region stopped short of its top right:
    // the outline's right end is 0.74 of its left, its rows keep their
    // pitch. The card's band gives the card.
    let (image, rows) = cardOnAWhiteDesk()
    let short = Outline(
      quad: Quad.values([300, 200, 907, 300, 907, 583, 300, 583]), source: .unlikeDesk,
      fill: 0.97, sideSupport: 0.5, weakestSideSupport: 0.3)
    let detector = DocumentDetector()
    let seen = detector.detect(
      candidates: [short], frameWidth: 1280, frameHeight: 720, image: image, mrzRows: rows)
    XCTAssertEqual(seen.status, .success)
    let card = try XCTUnwrap(seen.quad)
    XCTAssertEqual(card.area, 607 * 383, accuracy: 0.1 * 607 * 383)
    XCTAssertFalse(seen.events.contains(.occlusion))
    // Without the rule the outline is seen too steeply.
    var trusting = DocumentDetector()
    trusting.rowPerspectiveShare = 0
    XCTAssertEqual(
      trusting.detect(
        candidates: [short], frameWidth: 1280, frameHeight: 720, image: image, mrzRows: rows
      ).status, .cameraAngleTooSteep)
    // Rows whose pitch changes as much as the outline's ends do belong to a
    // tilted card.
    let tiltedRows = [472, 498, 524].map { top in
      let shrinking = row(pitchFrom: 21, to: 14)
      return MRZRow(
        characters: shrinking.characters.prefix(30).map {
          PixelRect(x: $0.x + 40, y: top, width: 12, height: 17)
        }, alongWidth: true, capitalHeight: 17, pitch: 18)
    }
    XCTAssertEqual(
      detector.detect(
        candidates: [short], frameWidth: 1280, frameHeight: 720, image: image,
        mrzRows: tiltedRows
      ).status, .cameraAngleTooSteep)
  }
}
