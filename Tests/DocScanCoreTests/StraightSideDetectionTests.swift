import DocScanCore
import XCTest

/// How straight-sided quads change which outline `DocumentDetector` picks.
final class StraightSideDetectionTests: XCTestCase {
  let detector = DocumentDetector()
  let page = Quad(unordered: [
    Point(x: 300, y: 8), Point(x: 868, y: 8), Point(x: 868, y: 408), Point(x: 300, y: 408),
  ])

  func testStraightSidesGiveTheCornersOfAPageNearTheBorder() {
    // Closing joined the page, 8 px from the top, onto the border: the
    // region is cut; the lines cross where the page's corners are.
    let closed = Quad(unordered: [
      Point(x: 300, y: 0), Point(x: 868, y: 0), Point(x: 868, y: 408), Point(x: 300, y: 408),
    ])
    let seen = detector.detect(
      candidates: [
        Outline(quad: closed, source: .brightRegion, fill: 0.99, sideSupport: 0.9),
        Outline(quad: page, source: .straightSides, fill: 0.95),
      ], frameWidth: 1280, frameHeight: 720)
    XCTAssertEqual(seen.quad, page)
    XCTAssertEqual(seen.status, .documentTooCloseToEdge)
  }

  func testABrightRegionFillingTheFrameIsTheDeskWhenTwoSourcesSeeAPageInside() {
    let frame = Quad(unordered: [
      Point(x: 0, y: 0), Point(x: 1279, y: 0), Point(x: 1279, y: 719), Point(x: 0, y: 719),
    ])
    let inside = Quad(unordered: [
      Point(x: 300, y: 150), Point(x: 868, y: 150), Point(x: 868, y: 550), Point(x: 300, y: 550),
    ])
    let whiteDesk = Outline(quad: frame, source: .brightRegion, fill: 1, sideSupport: 1)
    let both = detector.detect(
      candidates: [
        whiteDesk, Outline(quad: inside, source: .unlikeDesk, fill: 1, sideSupport: 0.9),
        Outline(quad: inside, source: .straightSides, fill: 0.95),
      ], frameWidth: 1280, frameHeight: 720)
    XCTAssertEqual(both.quad, inside)
    XCTAssertEqual(both.status, .success)
    // Seen by one source only, the page may be a page's photo: too close.
    let one = detector.detect(
      candidates: [whiteDesk, Outline(quad: inside, source: .straightSides, fill: 0.95)],
      frameWidth: 1280, frameHeight: 720)
    XCTAssertEqual(one.status, .cameraTooClose)
  }

  func testACutRegionWithStraightSidesIsAPageThoughItFillsLess() {
    // A page with grey print on a white desk, cut by the bottom border: the
    // region unlike the desk fills 90 % of its outline. Its three uncut
    // sides lie along straight edges for half their length (the mean over
    // four counts the cut side as 1: 0.625); a patch of light has none.
    let cut = Quad(unordered: [
      Point(x: 640, y: 538), Point(x: 1198, y: 510), Point(x: 1214, y: 719), Point(x: 642, y: 719),
    ])
    func detect(sideSupport: Double) -> Detection {
      detector.detect(
        candidates: [
          Outline(quad: cut, source: .unlikeDesk, fill: 0.9, sideSupport: sideSupport)
        ], frameWidth: 1280, frameHeight: 720)
    }
    let page = detect(sideSupport: 0.625)
    XCTAssertEqual(page.status, .documentPartiallyVisible)
    XCTAssertEqual(page.events, [.notFullyVisible], "a page the frame cuts is not told occluded")
    XCTAssertEqual(detect(sideSupport: 0.3).status, .failed, "a ragged patch of light")
    // A mean of 0.5 over four sides is 0.33 over the three uncut ones.
    XCTAssertEqual(detect(sideSupport: 0.5).status, .failed, "the cut side is no straight edge")
  }
}
