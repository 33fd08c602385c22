import DocScanCore
import XCTest

/// Fingers across a page's edge: inside and outside the side look alike,
/// unlike the page, and have the colour of skin.
final class FingersOverEdgeTests: XCTestCase {
  let fingers = FingersOverEdge()
  let page = Quad(unordered: [
    Point(x: 80, y: 60), Point(x: 560, y: 60), Point(x: 560, y: 360), Point(x: 80, y: 360),
  ])
  /// Colours as (luma, Cb, Cr): a light wood desk has the colour of skin.
  let lightWood = (luma: 150, blue: 108, red: 143)
  let greyGreenPage = (luma: 150, blue: 125, red: 126)
  let skin = (luma: 152, blue: 112, red: 146)
  let grey = (luma: 90, blue: 128, red: 128)

  /// A 640x420 frame (colour copy a quarter as wide) of `desk`, with
  /// `rectangles` painted in turn, each a colour over (x0, y0, x1, y1).
  func scene(
    desk: (luma: Int, blue: Int, red: Int),
    _ rectangles: [((luma: Int, blue: Int, red: Int), (Int, Int, Int, Int))]
  ) -> (LumaImage, ChromaImage) {
    var luma = LumaImage(width: 640, height: 420, fill: UInt8(desk.luma))
    var blue = LumaImage(width: 160, height: 105, fill: UInt8(desk.blue))
    var red = LumaImage(width: 160, height: 105, fill: UInt8(desk.red))
    for (colour, (x0, y0, x1, y1)) in rectangles {
      for y in y0..<y1 {
        for x in x0..<x1 { luma[x, y] = UInt8(colour.luma) }
      }
      for y in (y0 / 4)..<(y1 / 4) {
        for x in (x0 / 4)..<(x1 / 4) {
          blue[x, y] = UInt8(colour.blue)
          red[x, y] = UInt8(colour.red)
        }
      }
    }
    return (luma, ChromaImage(blueDifference: blue, redDifference: red))
  }

  func testAFingerOverAPageOfTheDesksLevelOnASkinColouredDeskIsSeen() {
    // The page has the desk's luma; the finger has the desk's colour: only
    // the page differs, in colour.
    let (luma, chroma) = scene(
      desk: lightWood, [(greyGreenPage, (80, 60, 560, 360)), (skin, (280, 0, 320, 120))])
    XCTAssertTrue(fingers.covers(page, luma: luma, chroma: chroma))
  }

  func testAPageWithNothingOverItIsNotCovered() {
    let (luma, chroma) = scene(desk: lightWood, [(greyGreenPage, (80, 60, 560, 360))])
    XCTAssertFalse(fingers.covers(page, luma: luma, chroma: chroma))
  }

  func testSomethingGreyAcrossASideIsNoFinger() {
    // A grey strip (a pen, a shadow) across the top side on a grey desk:
    // inside and outside alike, unlike the page, the rim either side of
    // it, but not skin.
    let (luma, chroma) = scene(
      desk: grey, [(greyGreenPage, (80, 60, 560, 360)), (grey, (280, 0, 320, 120))])
    XCTAssertFalse(fingers.covers(page, luma: luma, chroma: chroma))
    var anyColour = fingers
    anyColour.skinRedDifference = 0...255
    anyColour.skinBlueDifference = 0...255
    XCTAssertTrue(anyColour.covers(page, luma: luma, chroma: chroma), "skin decides")
  }

  func testABandPrintedAlongASideInTheDesksColourIsNotAFinger() {
    // A band in the colour of skin along the page's foot, on a desk of
    // that colour, runs to the ends of the sides: no rim beyond it.
    let (luma, chroma) = scene(
      desk: skin, [(greyGreenPage, (80, 60, 560, 360)), (skin, (80, 320, 560, 360))])
    XCTAssertFalse(fingers.covers(page, luma: luma, chroma: chroma))
  }

  func testAnOutlineRunningOffThePageOntoASkinColouredDeskIsNoFinger() {
    // The outline's sides run on past the page's foot over the desk: desk
    // both sides of them there, to their ends.
    let (luma, chroma) = scene(desk: lightWood, [(greyGreenPage, (80, 60, 560, 240))])
    XCTAssertFalse(fingers.covers(page, luma: luma, chroma: chroma))
  }

  func testAnOutlineInsideThePageIsNoRimForFingers() {
    // The page reaches 40 px beyond the outline's top side, which lies on
    // the page, not on its rim: page both sides of it, and a finger across
    // it is no finger over the page's edge.
    let (luma, chroma) = scene(
      desk: grey, [(greyGreenPage, (80, 20, 560, 360)), (skin, (280, 0, 320, 120))])
    XCTAssertFalse(fingers.covers(page, luma: luma, chroma: chroma))
    var anySide = fingers
    anySide.minimumRimShare = 0
    XCTAssertTrue(anySide.covers(page, luma: luma, chroma: chroma), "the rim decides")
  }

  func testAFaceAtThePagesEdgeIsNoFinger() {
    // The portrait's skin reaches the page's left side from inside: the
    // desk beyond it is not skin.
    let (luma, chroma) = scene(
      desk: grey, [(greyGreenPage, (80, 60, 560, 360)), (skin, (80, 120, 200, 260))])
    XCTAssertFalse(fingers.covers(page, luma: luma, chroma: chroma))
    // Running on over the desk, the same skin is a hand.
    let (held, heldChroma) = scene(
      desk: grey, [(greyGreenPage, (80, 60, 560, 360)), (skin, (40, 120, 200, 260))])
    XCTAssertTrue(fingers.covers(page, luma: held, chroma: heldChroma), "the outside decides")
  }

  func testAFingertipBarelyOverTheSideIsNotEnough() {
    // 8 px of a 480 px side: under the 4 % a finger covers.
    let (luma, chroma) = scene(
      desk: grey, [(greyGreenPage, (80, 60, 560, 360)), (skin, (300, 0, 308, 90))])
    XCTAssertFalse(fingers.covers(page, luma: luma, chroma: chroma))
    let (wider, widerChroma) = scene(
      desk: grey, [(greyGreenPage, (80, 60, 560, 360)), (skin, (300, 0, 340, 90))])
    XCTAssertTrue(fingers.covers(page, luma: wider, chroma: widerChroma))
  }

  func testDetectionSaysOcclusionForFingersAcrossTheOutline() {
    // The page's region fills its outline: no bite the region rules see.
    let whole = [Outline(quad: page, source: .unlikeDesk, fill: 1)]
    let detector = DocumentDetector()
    let (bare, bareChroma) = scene(desk: grey, [(greyGreenPage, (80, 60, 560, 360))])
    let seenBare = detector.detect(
      candidates: whole, frameWidth: 640, frameHeight: 420, image: bare, chroma: bareChroma)
    XCTAssertEqual(seenBare.status, .success)
    XCTAssertEqual(seenBare.events, [])
    let (held, heldChroma) = scene(
      desk: grey, [(greyGreenPage, (80, 60, 560, 360)), (skin, (280, 0, 320, 120))])
    let seenHeld = detector.detect(
      candidates: whole, frameWidth: 640, frameHeight: 420, image: held, chroma: heldChroma)
    XCTAssertEqual(seenHeld.status, .success)
    XCTAssertEqual(seenHeld.events, [.occlusion])
  }
}
