import DocScanCore
import DocScanTestSupport
import XCTest

@testable import DocScanOCR

/// A still frame read again gives the same pixels; the reader samples each
/// read at another sub-pixel phase so that a view's verdict over a still's
/// frames is not one resampling's accident.
final class MRZSamplingPhaseTests: XCTestCase {
  func testEveryViewMeetsEveryPhaseInTurn() {
    let phases = MRZModelReader.samplingPhases.count
    var seen: Set<[Int]> = []
    for call in 0..<(3 * phases) {
      let (views, phase) = MRZModelReader.schedule(call: call, viewCount: 3, inTurn: true)
      XCTAssertEqual(views, [call % 3], "one view per call, in turn")
      seen.insert([views[0], phase])
    }
    XCTAssertEqual(seen.count, 3 * phases, "each view at each phase once per round")
    XCTAssertEqual(MRZModelReader.schedule(call: 0, viewCount: 3, inTurn: true).phase, 0)
  }

  func testAllViewsReadAtEachPhaseInTurn() {
    let phases = MRZModelReader.samplingPhases.count
    let used = (0..<phases).map {
      MRZModelReader.schedule(call: $0, viewCount: 3, inTurn: false)
    }
    XCTAssertTrue(used.allSatisfy { $0.views == [0, 1, 2] })
    XCTAssertEqual(Set(used.map(\.phase)).count, phases)
  }

  func testPhasesAreDistinctAndWithinAPixel() {
    let phases = MRZModelReader.samplingPhases
    XCTAssertEqual(phases.first?.dx, 0, "the first read is the frame as it is")
    XCTAssertEqual(phases.first?.dy, 0)
    XCTAssertEqual(Set(phases.map { "\($0.dx),\($0.dy)" }).count, phases.count)
    XCTAssertTrue(phases.allSatisfy { (0..<1).contains($0.dx) && (0..<1).contains($0.dy) })
  }

  /// The same still read twice is sampled at two phases: the model sees
  /// other pixels, so its confidences differ (the same pixels read again
  /// give the same reading, to the last digit).
  func testAStillReadAgainIsSampledElsewhere() throws {
    let reader = try MRZModelReader(tessdata: MRZModelFolder.path)
    let page = DocumentFixture.dewarped(mrz: DocumentFixture.mrz).render()
    let first = try XCTUnwrap(reader.readMRZ(in: page))
    let second = try XCTUnwrap(reader.readMRZ(in: page))
    XCTAssertEqual(first.bestLines, DocumentFixture.mrz)
    XCTAssertNotEqual(first.lines, second.lines, "the second read saw other pixels")
  }

  func testMovingARowMovesItsCells() {
    let row = MRZRowGeometry(
      cellCount: 44, firstCenterX: 10, pitch: 8, slope: 0.01, top: 20, bottom: 30,
      curvature: 0.001)
    let moved = row.moved(dx: 0.5, dy: 0.25)
    for cell in [0.0, 21.5, 43.0] {
      XCTAssertEqual(moved.centerX(ofCell: cell), row.centerX(ofCell: cell) + 0.5, accuracy: 1e-9)
      XCTAssertEqual(moved.middleY(atCell: cell), row.middleY(atCell: cell) + 0.25, accuracy: 1e-9)
      XCTAssertEqual(moved.capHeight(atCell: cell), row.capHeight(atCell: cell), accuracy: 1e-9)
    }
  }
}
