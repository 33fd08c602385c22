import XCTest

@testable import DocScanCore

/// A coarse picture of the frame tells whether the picture changed where a
/// document lay, whatever the detector found.
final class FrameThumbnailTests: XCTestCase {
  /// A desk with a card (a lighter rectangle with dark print) on it.
  func desk(card: Bool, level: UInt8 = 90) -> LumaImage {
    var image = LumaImage(width: 640, height: 360, fill: level)
    guard card else { return image }
    for y in 100..<260 {
      for x in 200..<450 {
        image[x, y] = (x / 8 + y / 8) % 5 == 0 ? 40 : 200
      }
    }
    return image
  }

  let cardOutline = Quad(
    unordered: [
      Point(x: 200, y: 100), Point(x: 450, y: 100), Point(x: 450, y: 260), Point(x: 200, y: 260),
    ])

  func testTheSamePictureHasNotChanged() throws {
    let before = FrameThumbnail(desk(card: true))
    let share = try XCTUnwrap(
      FrameThumbnail(desk(card: true)).changedShare(since: before, inside: cardOutline, levels: 12))
    XCTAssertEqual(share, 0)
  }

  func testACardTakenAwayChangesTheCellsItCovered() throws {
    let before = FrameThumbnail(desk(card: true))
    let after = FrameThumbnail(desk(card: false))
    let under = try XCTUnwrap(after.changedShare(since: before, inside: cardOutline, levels: 12))
    XCTAssertGreaterThan(under, 0.9)
    // Over the whole frame the card was a sixth of it.
    let whole = try XCTUnwrap(after.changedShare(since: before, inside: nil, levels: 12))
    XCTAssertLessThan(whole, 0.3)
  }

  /// The camera's exposure moving the whole picture is no change.
  func testAWholePictureBrighterHasNotChanged() throws {
    let before = FrameThumbnail(desk(card: false, level: 90))
    let after = FrameThumbnail(desk(card: false, level: 130))
    XCTAssertEqual(after.changedShare(since: before, inside: nil, levels: 12), 0)
  }

  func testThumbnailsOfOtherSizesAreNotCompared() {
    let before = FrameThumbnail(LumaImage(width: 320, height: 180, fill: 90))
    XCTAssertNil(
      FrameThumbnail(desk(card: false)).changedShare(since: before, inside: nil, levels: 12))
  }
}
