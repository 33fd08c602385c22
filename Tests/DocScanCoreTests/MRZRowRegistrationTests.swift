import DocScanCore
import DocScanOpenCV
import DocScanTestSupport
import XCTest

@testable import DocScanOCR

/// The line finder places a row's cells from the ink it finds; a first
/// character joined to the page's edge art and a faint mark past the last
/// one set them a cell off. The reader sets them again where the model
/// reads characters.
final class MRZRowRegistrationTests: XCTestCase {
  func testCellsReadEmptyAtOneEndAreTheShift() {
    let shift = { (cells: Range<Int>, count: Int) in
      MRZModelReader.registration(occupied: Set(cells), cellCount: count)
    }
    XCTAssertNil(shift(0..<44, 44), "every cell read")
    // The finder's cells start one right of the line: nothing in the last.
    XCTAssertEqual(shift(0..<43, 44), -1)
    XCTAssertEqual(shift(2..<30, 30), 2)
    // Empty at both ends: a misread line, not a misplaced one.
    XCTAssertNil(shift(1..<43, 44))
    // Further than the finder goes wrong.
    XCTAssertNil(shift(0..<40, 44))
    XCTAssertNil(shift(0..<0, 36), "nothing read")
  }

  func testAMoveThatFillsTheEmptyEndIsBetterRegisteredDespiteADroppedCharacter() {
    let better = { (moved: Set<Int>, before: Range<Int>) in
      MRZModelReader.isBetterRegistered(moved, than: Set(before), cellCount: 44)
    }
    XCTAssertTrue(better(Set(0..<44), 0..<43), "every cell now read")
    // The model dropped a character inside the moved line: both ends now read.
    XCTAssertTrue(better(Set(0..<44).subtracting([17]), 0..<43))
    XCTAssertFalse(better(Set(1..<44).subtracting([17]), 0..<43), "an end still empty")
    XCTAssertFalse(better(Set(0..<42), 0..<43), "fewer cells read")
  }

  func testAFirstCharacterJoinedToEdgeArtIsStillRead() throws {
    let mrz = MRZReaderFixtureTests.passportTD3
    var image = DocumentFixture.dewarped(mrz: mrz).render()
    let rows = MRZLineFinder().rows(
      blobs: InkBlobs.find(in: image, darkness: 10), imageHeight: image.height)
    XCTAssertEqual(rows.map(\.cellCount), [44, 44], "the clean page's rows")
    func paint(x: ClosedRange<Double>, y: ClosedRange<Double>, level: UInt8) {
      for row in Int(y.lowerBound)..<Int(y.upperBound) {
        for column in Int(x.lowerBound)..<Int(x.upperBound) {
          let index = row * image.stride + column
          image.pixels[index] = min(image.pixels[index], level)
        }
      }
    }
    for row in rows {
      let (pitch, height) = (row.pitch(atCell: 0), row.capHeight(atCell: 0))
      let first = row.centerX(ofCell: 0)
      let middle = row.middleY(atCell: 0)
      // Dark edge art, taller than any character, and a hairline from it
      // into the line's first character.
      paint(
        x: (first - 3 * pitch)...(first - 0.7 * pitch),
        y: (middle - 2 * height)...(middle + 2 * height), level: 20)
      paint(
        x: (first - 0.7 * pitch)...(first - 0.2 * pitch),
        y: (middle - 0.06 * height)...(middle + 0.06 * height), level: 20)
      // A faint mark of a character's height one cell past the line's end.
      let past = row.centerX(ofCell: Double(row.cellCount))
      let end = row.middleY(atCell: Double(row.cellCount))
      paint(
        x: (past - 0.1 * pitch)...(past + 0.1 * pitch),
        y: (end - 0.45 * height)...(end + 0.45 * height), level: 190)
    }
    let moved = MRZLineFinder().rows(
      blobs: InkBlobs.find(in: image, darkness: 10), imageHeight: image.height)
    XCTAssertEqual(moved.count, 2)
    for (clean, found) in zip(rows, moved) {
      let cells = (found.centerX(ofCell: 0) - clean.centerX(ofCell: 0)) / clean.pitch(atCell: 0)
      XCTAssertEqual(cells, 1, accuracy: 0.1, "the finder's cells start a cell right of the line")
    }
    let reader = try MRZModelReader(tessdata: MRZModelFolder.path)
    // Read as the element reads a still: frame after frame, each at the
    // reader's next sampling phase, fused until accepted.
    for (name, page) in [("upright", image), ("upside down", image.rotatedHalfTurn())] {
      var fusion = MRZFusion()
      var state = MRZFusion.State.collecting
      var opinions: [MRZOpinion] = []
      for _ in 0..<fusion.windowSize {
        let reading = try XCTUnwrap(reader.readMRZ(in: page), name)
        opinions = reading.opinions
        state = fusion.add(reading, today: MRZReaderFixtureTests.today)
        if case .accepted = state { break }
      }
      guard case .accepted(let record) = state else {
        return XCTFail("\(name): not read: \(opinions)")
      }
      XCTAssertEqual(record.lines, mrz, name)
    }
  }
}
