import XCTest

@testable import DocScanCore

/// `InkImage`: coloured print fades to its brightest primary, grey print
/// keeps its level.
final class InkImageTests: XCTestCase {
  /// Colour differences of `width` x `height`, every sample (`cb`, `cr`).
  func colour(width: Int, height: Int, cb: UInt8, cr: UInt8) -> ChromaImage {
    ChromaImage(
      blueDifference: LumaImage(width: width, height: height, fill: cb),
      redDifference: LumaImage(width: width, height: height, fill: cr))
  }

  func testGreyPrintKeepsItsLevel() {
    var grey = LumaImage(width: 8, height: 4, stride: 12, fill: 200)
    grey[3, 1] = 20
    let ink = InkImage.make(grey: grey, colour: colour(width: 4, height: 2, cb: 128, cr: 128))
    XCTAssertEqual(ink.pixels, grey.pixels)
  }

  /// Two colour samples side by side, (`cb`, `cr`) each.
  func twoSamples(_ left: (UInt8, UInt8), _ right: (UInt8, UInt8)) -> ChromaImage {
    var blue = LumaImage(width: 2, height: 1, fill: left.0)
    var red = LumaImage(width: 2, height: 1, fill: left.1)
    blue[1, 0] = right.0
    red[1, 0] = right.1
    return ChromaImage(blueDifference: blue, redDifference: red)
  }

  func testARedStampFadesToThePaper() {
    // A stamp's red (255, 60, 60) is grey 118 in BT.601, Cr 212 (limited
    // range); its brightest primary is as bright as white paper. Each
    // colour sample covers two pixels here.
    var grey = LumaImage(width: 4, height: 1, fill: 235)
    grey[1, 0] = 118
    let ink = InkImage.make(grey: grey, colour: twoSamples((86, 212), (128, 128)))
    XCTAssertGreaterThan(ink[1, 0], 240)
    // The paper in the stamp's sample is lifted to white; outside it,
    // where the colour is grey, nothing changes.
    XCTAssertEqual(ink[0, 0], 255)
    XCTAssertEqual(ink[2, 0], 235)
    XCTAssertEqual(ink[3, 0], 235)
  }

  func testBlackInkUnderColourStaysDarkerThanTheColour() {
    // Black ink printed over a blue guilloche: the ink's own colour is
    // grey, the guilloche's lifted to its blue.
    var grey = LumaImage(width: 2, height: 1, fill: 150)
    grey[0, 0] = 30
    let ink = InkImage.make(grey: grey, colour: twoSamples((128, 128), (180, 110)))
    XCTAssertEqual(ink[0, 0], 30)
    XCTAssertGreaterThan(ink[1, 0], 250)
  }

  func testOnlyTheRegionIsLifted() {
    // The frame's colour is red throughout; only the region read is lifted.
    let grey = LumaImage(width: 8, height: 6, stride: 8, fill: 118)
    let ink = InkImage.make(
      grey: grey, colour: colour(width: 4, height: 3, cb: 86, cr: 212),
      region: PixelRect(x: 3, y: 1, width: 3, height: 4))
    for y in 0..<6 {
      for x in 0..<8 {
        let inside = (3..<6).contains(x) && (1..<5).contains(y)
        XCTAssertEqual(ink[x, y] > 240, inside, "pixel \(x), \(y)")
      }
    }
  }

  func testTheLiftIsNeverNegative() {
    for cb in stride(from: 16, through: 240, by: 28) {
      for cr in stride(from: 16, through: 240, by: 28) {
        let lift = InkImage.lifts(
          colour(width: 1, height: 1, cb: UInt8(cb), cr: UInt8(cr)),
          in: PixelRect(x: 0, y: 0, width: 1, height: 1))
        let expected =
          max(
            1.402 * Double(cr - 128), -0.344 * Double(cb - 128) - 0.714 * Double(cr - 128),
            1.772 * Double(cb - 128)) * 255 / 224
        XCTAssertEqual(Double(lift[0]), min(255, expected), accuracy: 1.5, "cb \(cb) cr \(cr)")
      }
    }
  }
}
