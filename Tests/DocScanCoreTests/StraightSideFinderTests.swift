import DocScanCore
import XCTest

/// A document is found by its four straight sides, even where fingers hide
/// parts of them, and not where straight lines only happen to cross.
final class StraightSideFinderTests: XCTestCase {
  let finder = StraightSideFinder()
  /// A TD3 page (1.42:1) of 568 x 400 pixels in a 1280 x 720 frame.
  let page = [
    Point(x: 300, y: 150), Point(x: 868, y: 150), Point(x: 868, y: 550), Point(x: 300, y: 550),
  ]

  func segment(_ a: Point, _ b: Point, from: Double = 0, to: Double = 1) -> LineSegment {
    LineSegment(
      start: Point(x: a.x + (b.x - a.x) * from, y: a.y + (b.y - a.y) * from),
      end: Point(x: a.x + (b.x - a.x) * to, y: a.y + (b.y - a.y) * to))
  }

  func sides(_ corners: [Point]) -> [LineSegment] {
    (0..<4).map { segment(corners[$0], corners[($0 + 1) % 4]) }
  }

  func testFourSidesMakeTheQuad() {
    let found = finder.outlines(segments: sides(page), frameWidth: 1280, frameHeight: 720)
    XCTAssertEqual(found.count, 1)
    XCTAssertEqual(found.first?.source, .straightSides)
    XCTAssertGreaterThan(
      found.first?.quad.intersectionOverUnion(with: Quad(unordered: page)) ?? 0, 0.99)
    XCTAssertEqual(found.first?.fill ?? 0, 1, accuracy: 0.01)
  }

  func testSidesBrokenByFingersStillMakeTheQuad() {
    // Top and right seen whole, the bottom's right half, and the left side
    // only between and below three fingers.
    let segments = [
      segment(page[0], page[1]), segment(page[1], page[2]),
      segment(page[2], page[3], from: 0, to: 0.5),
      segment(page[3], page[0], from: 0, to: 0.2), segment(page[3], page[0], from: 0.35, to: 0.45),
      segment(page[3], page[0], from: 0.6, to: 0.7),
    ]
    let found = finder.outlines(segments: segments, frameWidth: 1280, frameHeight: 720)
    XCTAssertEqual(found.count, 1)
    XCTAssertGreaterThan(
      found.first?.quad.intersectionOverUnion(with: Quad(unordered: page)) ?? 0, 0.99)
  }

  func testASideSeenTooLittleMakesNoQuad() {
    var segments = Array(sides(page)[0...2])
    segments.append(segment(page[3], page[0], from: 0.4, to: 0.6))
    XCTAssertEqual(finder.outlines(segments: segments, frameWidth: 1280, frameHeight: 720), [])
  }

  func testALinePastThePageDoesNotStretchIt() {
    // A desk pattern parallel to the bottom side, 120 px below it, reached
    // by neither side: the page, not the page and the strip below it.
    let below = [Point(x: 200, y: 670), Point(x: 1000, y: 670)]
    let found = finder.outlines(
      segments: sides(page) + [segment(below[0], below[1])], frameWidth: 1280, frameHeight: 720)
    XCTAssertEqual(found.count, 1)
    XCTAssertGreaterThan(
      found.first?.quad.intersectionOverUnion(with: Quad(unordered: page)) ?? 0, 0.99)
  }

  func testAFaintOuterSideWinsWhenItGivesThePageItsShape() {
    // A page whose MRZ band (the bottom quarter) meets a desk of its own
    // level: the band's outer side is seen in part, its ends not at all;
    // the line between print and band is sharp. The whole page (1.42:1)
    // wins over the page without its band (1.9:1).
    let bandTop = (Point(x: 300, y: 450), Point(x: 868, y: 450))
    let segments = [
      segment(page[0], page[1]), segment(bandTop.0, bandTop.1),
      segment(page[1], page[2], from: 0, to: 0.75), segment(page[3], page[0], from: 0.25, to: 1),
      segment(page[2], page[3], from: 0.2, to: 0.8),
    ]
    let found = finder.outlines(segments: segments, frameWidth: 1280, frameHeight: 720)
    let whole = found.max { $0.quad.area < $1.quad.area }
    XCTAssertGreaterThan(whole?.quad.intersectionOverUnion(with: Quad(unordered: page)) ?? 0, 0.99)
  }

  func testThreeSidesAndTheBorderMakeACutPage() {
    // A page cut by the frame's left border, its three other sides seen:
    // a pale page on a desk of its level gives no region, only edges.
    let cut = [
      Point(x: 0, y: 155), Point(x: 356, y: 140), Point(x: 374, y: 591), Point(x: 0, y: 604),
    ]
    let segments = [segment(cut[0], cut[1]), segment(cut[1], cut[2]), segment(cut[2], cut[3])]
    let found = finder.outlines(segments: segments, frameWidth: 1280, frameHeight: 720)
    XCTAssertEqual(found.count, 1)
    XCTAssertGreaterThan(
      found.first?.quad.intersectionOverUnion(with: Quad(unordered: cut)) ?? 0, 0.99)
    // Lines that run on past the corners cross there: no page's corner.
    let crossing = [
      segment(cut[0], Point(x: 600, y: 130)), segment(Point(x: 350, y: 10), cut[2]),
      segment(cut[3], Point(x: 600, y: 585)),
    ]
    XCTAssertEqual(finder.outlines(segments: crossing, frameWidth: 1280, frameHeight: 720), [])
  }

  func testAWholePageWhoseFourthSideIsUnseenIsNotCutByTheBorder() {
    // A card 80 px from the left border, its left side smeared by motion
    // and not found: its other three sides, with the border, would make a
    // cut page, but its top and bottom sides stop short of the border
    // (seed 7001 clip 4: a shaken card on a white desk).
    let card = [
      Point(x: 80, y: 205), Point(x: 718, y: 167), Point(x: 734, y: 583), Point(x: 80, y: 600),
    ]
    let segments = [
      segment(card[0], card[1]), segment(card[1], card[2]), segment(card[2], card[3]),
    ]
    XCTAssertEqual(finder.outlines(segments: segments, frameWidth: 1280, frameHeight: 720), [])
    var reachIgnored = finder
    reachIgnored.minimumBorderReach = 0
    XCTAssertEqual(
      reachIgnored.outlines(segments: segments, frameWidth: 1280, frameHeight: 720).count, 1)
    // The same page reaching the border is cut by it.
    var cut = card
    cut[0].x = 0
    cut[3].x = 0
    let reaching = [segment(cut[0], cut[1]), segment(cut[1], cut[2]), segment(cut[2], cut[3])]
    XCTAssertEqual(
      finder.outlines(segments: reaching, frameWidth: 1280, frameHeight: 720).count, 1)
  }

  func testAFourthSideNearTheBorderBeatsTheBorder() {
    // A page 6 px from the frame's left border, its left side seen along
    // 60 % (the border, counted as covered, would outline it better): the
    // page ends at its own left side, not at the border.
    let near = [
      Point(x: 6, y: 150), Point(x: 574, y: 150), Point(x: 574, y: 550), Point(x: 6, y: 550),
    ]
    let segments = [
      segment(near[0], near[1]), segment(near[1], near[2]), segment(near[2], near[3]),
      segment(near[3], near[0], from: 0.2, to: 0.8),
    ]
    let found = finder.outlines(segments: segments, frameWidth: 1280, frameHeight: 720)
    XCTAssertEqual(found.count, 1)
    XCTAssertGreaterThan(
      found.first?.quad.intersectionOverUnion(with: Quad(unordered: near)) ?? 0, 0.99)
    XCTAssertGreaterThan(found.first?.quad.corners.map(\.x).min() ?? 0, 3)
  }

  func testCrossingDeskLinesAreNoDocument() {
    // Long parallel grain lines and one line across them: no pair crosses.
    var segments = stride(from: 40.0, to: 700, by: 60).map {
      LineSegment(start: Point(x: 0, y: $0), end: Point(x: 1279, y: $0 + 8))
    }
    segments.append(LineSegment(start: Point(x: 500, y: 0), end: Point(x: 520, y: 719)))
    XCTAssertEqual(finder.outlines(segments: segments, frameWidth: 1280, frameHeight: 720), [])
  }

  func testSideSupportCountsOverlappingSegmentsOnce() {
    let quad = Quad(unordered: page)
    let top = [
      segment(page[0], page[1], from: 0, to: 0.5), segment(page[0], page[1], from: 0.25, to: 0.75),
    ]
    let support = SideSupport().sides(of: quad, segments: top, frameWidth: 1280, frameHeight: 720)
    XCTAssertEqual(support[0], 0.75, accuracy: 0.01)
    XCTAssertEqual(support[1], 0)
    // A side along the frame's border is the frame's cut: supported.
    let cut = Quad(unordered: [
      Point(x: 0, y: 100), Point(x: 400, y: 100), Point(x: 400, y: 500), Point(x: 0, y: 500),
    ])
    XCTAssertEqual(
      SideSupport().sides(of: cut, segments: [], frameWidth: 1280, frameHeight: 720)[3], 1)
  }
}
