import DocScanCore
import DocScanOpenCV
import DocScanTestSupport
import XCTest

@testable import DocScanOCR

/// A stamp across the MRZ, as the ink image shows it: its strokes faded to
/// a mid grey, far lighter than the black print but darker than the paper
/// around them. At the reader's first darkness thresholds the strokes are
/// ink and join the characters they cross into blobs no row is made of;
/// at a stricter threshold only the black print is left
/// (`MRZModelReader.darknessOffsets`).
final class MRZStampedRowsTests: XCTestCase {
  /// The fixture page with a stamp's frame and letters over its MRZ rows:
  /// strokes `level` grey, `thickness` capital heights thick.
  static func stampedPage(level: UInt8, thickness: Double) -> (page: LumaImage, rows: Int) {
    var image = DocumentFixture.dewarped(mrz: MRZReaderFixtureTests.passportTD3).render()
    let rows = MRZLineFinder().rows(
      blobs: InkBlobs.find(in: image, darkness: 10), imageHeight: image.height)
    guard let first = rows.first, let last = rows.last else { return (image, 0) }
    let height = first.capHeight(atCell: 0)
    let half = thickness * height / 2
    let top = first.middleY(atCell: 0) - 1.5 * height
    let bottom = last.middleY(atCell: 0) + 1.5 * height
    let left = first.centerX(ofCell: 4)
    let right = first.centerX(ofCell: 40)
    func paint(_ x: Double, _ y: Double) {
      let (column, row) = (Int(x), Int(y))
      guard column >= 0, row >= 0, column < image.width, row < image.height else { return }
      let index = row * image.stride + column
      image.pixels[index] = min(image.pixels[index], level)
    }
    // The frame: two long strokes along the rows' tops and bottoms' outside,
    // two short ones at its ends.
    for x in stride(from: left, through: right, by: 0.5) {
      for dy in stride(from: -half, through: half, by: 0.5) {
        paint(x, top + dy)
        paint(x, bottom + dy)
      }
    }
    // Letters: slanted strokes across both rows every three cells.
    for cell in stride(from: 5.0, to: 40.0, by: 3.0) {
      let x0 = first.centerX(ofCell: cell)
      for y in stride(from: top, through: bottom, by: 0.5) {
        let x = x0 + (y - top) * 0.35
        for dx in stride(from: -half, through: half, by: 0.5) { paint(x + dx, y) }
      }
    }
    return (image, rows.count)
  }

  func testAStampFadedToGreyLeavesTheRowsToTheStricterThreshold() throws {
    // Strokes of a third of a capital, at 160 (a violet stamp 75 % opaque
    // over white paper, in the ink image).
    let (page, cleanRows) = Self.stampedPage(level: 160, thickness: 0.35)
    XCTAssertEqual(cleanRows, 2)
    for darkness in [10.0, 20.0] {
      let rows = MRZLineFinder().rows(
        blobs: InkBlobs.find(in: page, darkness: darkness), imageHeight: page.height)
      XCTAssertEqual(rows.count, 0, "the strokes break the rows at \(darkness)")
    }
    let reader = try MRZModelReader(tessdata: MRZModelFolder.path)
    var fusion = MRZFusion()
    var state = MRZFusion.State.collecting
    var opinions: [MRZOpinion] = []
    for _ in 0..<fusion.windowSize {
      let reading = try XCTUnwrap(reader.readMRZ(in: page), "no rows found")
      opinions = reading.opinions
      state = fusion.add(reading, today: MRZReaderFixtureTests.today)
      if case .accepted = state { break }
    }
    guard case .accepted(let record) = state else { return XCTFail("not read: \(opinions)") }
    XCTAssertEqual(record.lines, MRZReaderFixtureTests.passportTD3)
  }
}
