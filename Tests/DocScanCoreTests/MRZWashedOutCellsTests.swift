import DocScanCore
import DocScanOCR
import DocScanTestSupport
import XCTest

/// Cells a highlight washed out are no view's witness (`MRZWashedOutCells`).
final class MRZWashedOutCellsTests: XCTestCase {
  func testCellsFarMoreClippedThanTheRowsTypicalCellAreWashedOut() {
    var shares = [Double](repeating: 0.02, count: 44)
    shares[8] = 0.3
    shares[10] = 0.17
    shares[11] = 0.16
    XCTAssertEqual(MRZWashedOutCells.cells(clippedShares: shares), [8, 10])
    XCTAssertEqual(MRZWashedOutCells.cells(clippedShares: []), [])
  }

  func testARowsPaperIsWhereItsBrightestFifthReaches() {
    // Ink over a fifth of the strip, pale paper, and white printed over a
    // tenth: the paper is the pale level.
    let strip =
      [UInt8](repeating: 60, count: 20) + [UInt8](repeating: 230, count: 70)
      + [UInt8](repeating: 255, count: 10)
    XCTAssertEqual(MRZWashedOutCells.paperLevel(strip), 230)
    // White over half of it: the white is paper.
    let white =
      [UInt8](repeating: 60, count: 20) + [UInt8](repeating: 230, count: 30)
      + [UInt8](repeating: 255, count: 50)
    XCTAssertEqual(MRZWashedOutCells.paperLevel(white), 255)
    XCTAssertEqual(MRZWashedOutCells.paperLevel([]), 0)
  }

  func testOnlyPixelsAboveTheRowsPaperAreAtTheCeiling() {
    XCTAssertEqual(MRZWashedOutCells.clipLevel(paperLevel: 160), 245)
    XCTAssertEqual(MRZWashedOutCells.clipLevel(paperLevel: 240), 252)
    // A white band exposed at the ceiling, whose text reads: no pixel is
    // above its paper.
    XCTAssertGreaterThan(MRZWashedOutCells.clipLevel(paperLevel: 250), 255)
  }

  /// A rendered passport page with a highlight over the tops of two
  /// letters of its first MRZ line: every view abstains there and nowhere
  /// else; the clean page's views abstain nowhere.
  func testEveryViewAbstainsUnderAHighlightOnly() throws {
    let reader = try MRZModelReader(tessdata: MRZModelFolder.path)
    let page = DocumentFixture.dewarped(mrz: DocumentFixture.mrz).render()
    let size = (width: page.width, height: page.height)
    let unit = Double(size.height) / 88  // pixels per millimetre
    // Between cells 7 and 8 of the first line (ICAO's 2.54 mm pitch from
    // 6.6 mm), at the line's top (69 mm).
    let washed = page.withHighlight(
      centerX: Int((6.6 + 8 * 2.54) * unit), centerY: Int(69 * unit), radius: 2.2 * unit)
    func abstentions(_ line: String) -> [Int] {
      line.enumerated().filter { $0.element == "?" }.map(\.offset)
    }
    // The MRZ band's paper printed white and pale by turns (squares of 12
    // px at 255 and 232), as some passports' bands are: its white is at
    // the ceiling, and nothing is washed out.
    var patterned = page
    for y in Int(62 * unit)..<size.height {
      for x in 0..<size.width where patterned[x, y] > 200 {
        patterned[x, y] = (x / 12 + y / 12) % 2 == 0 ? 255 : 232
      }
    }
    // The reader reads a frame with its views in turn: three reads give
    // every view.
    for _ in 0..<3 {
      let white = try XCTUnwrap(reader.readMRZ(in: patterned))
      XCTAssertFalse(white.opinions.isEmpty)
      for opinion in white.opinions {
        XCTAssertEqual(opinion.lines.flatMap(abstentions), [], "patterned: \(opinion.lines)")
      }
      let clean = try XCTUnwrap(reader.readMRZ(in: page))
      XCTAssertFalse(clean.opinions.isEmpty)
      for opinion in clean.opinions {
        XCTAssertEqual(opinion.lines.flatMap(abstentions), [], "clean: \(opinion.lines)")
      }
      let glaring = try XCTUnwrap(reader.readMRZ(in: washed))
      XCTAssertFalse(glaring.opinions.isEmpty)
      for opinion in glaring.opinions {
        let first = abstentions(opinion.lines[0])
        XCTAssertFalse(first.isEmpty, "washed: \(opinion.lines)")
        XCTAssertTrue(Set(first).isSubset(of: 6...9), "washed: \(opinion.lines)")
        XCTAssertEqual(abstentions(opinion.lines[1]), [], "washed: \(opinion.lines)")
      }
    }
  }
}
