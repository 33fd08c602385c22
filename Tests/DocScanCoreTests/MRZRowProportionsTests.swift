import DocScanCore
import XCTest

/// Whole MRZ rows tell the document's format, and so its proportions: a
/// page tilted about its rows is judged against its own shape.
final class MRZRowProportionsTests: XCTestCase {
  /// `count` characters at 10.5 px pitches along the width, their tops at
  /// `y`, from x = 480.
  func row(count: Int, y: Int) -> MRZRow {
    let characters = (0..<count).map {
      PixelRect(x: 480 + Int(Double($0) * 10.5), y: y, width: 8, height: 10)
    }
    return MRZRow(characters: characters, alongWidth: true, capitalHeight: 10, pitch: 10.5)
  }

  func testRowsLeaveTheFormatsAtLeastAsLong() {
    XCTAssertEqual(
      MRZRow.documentProportions(of: [row(count: 44, y: 400)]), [125.0 / 88.0, 120.0 / 80.0])
    // A row of 37 shown is a 36-character row, or a longer one seen in part.
    XCTAssertEqual(
      MRZRow.documentProportions(of: [row(count: 37, y: 400)]),
      [125.0 / 88.0, 120.0 / 80.0, 105.0 / 74.0])
    // Three rows are an ID-1 card's; two of 30 may be any document's.
    XCTAssertEqual(
      MRZRow.documentProportions(
        of: [30, 30, 30].enumerated().map { row(count: $1, y: 400 + 12 * $0) }),
      [85.60 / 53.98])
    XCTAssertNil(MRZRow.documentProportions(of: [row(count: 30, y: 400), row(count: 30, y: 412)]))
    XCTAssertNil(MRZRow.documentProportions(of: []))
  }

  func testAPassportTiltedAboutItsRowsIsTooSteep() {
    // A TD3 page tilted 47 degrees about its rows (seed 2323, clip 21):
    // 1.93 times as long as high, 35 degrees off an ID-1 card's
    // proportions, 39 off a TD3's or an MRV-A's.
    let page = Outline(
      quad: .values([393.7, 142.3, 1045.5, 168.5, 966.7, 463.4, 457.3, 432.1]),
      source: .brightRegion, fill: 0.99, sideSupport: 1, weakestSideSupport: 1)
    let rows = [row(count: 44, y: 410), row(count: 44, y: 424)]
    let detect = { (rows: [MRZRow]) in
      DocumentDetector().detect(
        candidates: [page], frameWidth: 1280, frameHeight: 720, mrzRows: rows)
    }
    XCTAssertEqual(detect([]).status, .success)
    XCTAssertEqual(detect(rows).status, .cameraAngleTooSteep)
    XCTAssertTrue(detect(rows).events.contains(.tilt))
  }
}
