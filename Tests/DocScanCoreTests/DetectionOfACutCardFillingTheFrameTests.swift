import DocScanCore
import XCTest

/// A card so close that it fills the frame, cut by it, shows no outline,
/// only its MRZ rows running off the frame: the part of it in the frame is
/// at least its rows' visible length by the smallest such document's
/// extent across them, on the side the card lies.
final class DetectionOfACutCardFillingTheFrameTests: XCTestCase {
  /// Two rows of 31 characters at `pitch` along a 1280x720 frame's width,
  /// from its left border, the first row's capitals from `top`.
  func rows(pitch: Double, top: Int) -> [MRZRow] {
    [0, 1].map { line in
      let height = Int(pitch)
      let characters = (0..<31).map {
        PixelRect(
          x: Int(Double($0) * pitch), y: top + line * Int(1.6 * pitch), width: Int(0.7 * pitch),
          height: height)
      }
      return MRZRow(
        characters: characters, alongWidth: true, capitalHeight: pitch, pitch: pitch)
    }
  }

  func judged(_ rows: [MRZRow]) -> Detection {
    DocumentDetector().judged(.none, rows: rows, frameWidth: 1280, frameHeight: 720)
  }

  func testACardWhoseRowsRunOffAtTheTopAndFillTheFrameBelowIsTooClose() {
    // Rows at 30 px pitches 8 px from the top: the card lies below them,
    // an ID-1 card at that pitch is 639 px across, and 900 px of its rows
    // show: 80 % of the frame or so.
    let seen = judged(rows(pitch: 30, top: 8))
    XCTAssertEqual(seen.status, .cameraTooClose)
    XCTAssertEqual(seen.events, [.notFullyVisible, .tooClose])
    XCTAssertNil(seen.quad)
  }

  func testASmallerCardCutByTheFrameIsPartiallyVisible() {
    // At 15 px pitches its visible part is a quarter of the frame.
    XCTAssertEqual(judged(rows(pitch: 15, top: 8)).status, .documentPartiallyVisible)
  }

  func testRowsWithRoomOnBothSidesCountTheSmallerSide() {
    // In the frame's middle the card may lie on either side: the smaller
    // room (about 330 px) counts, 41 % of the frame.
    XCTAssertEqual(judged(rows(pitch: 30, top: 330)).status, .documentPartiallyVisible)
  }
}
