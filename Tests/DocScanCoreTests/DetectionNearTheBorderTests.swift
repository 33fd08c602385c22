import DocScanCore
import XCTest

/// A page a few pixels from the frame's border whose region spilled onto
/// the border: its own edges say where it ends.
final class DetectionNearTheBorderTests: XCTestCase {
  // A card turned a quarter on a white desk, 7 px below the top border (as
  // a development frame showed it): its white MRZ band and the desk run
  // together at the border, so the region unlike the desk reaches it.
  let spilled = Outline(
    quad: .values([670, 18, 1058, 0, 1062, 634, 662, 624]), source: .unlikeDesk, fill: 1.01,
    sideSupport: 0.63, weakestSideSupport: 0)
  let edges = Outline(
    quad: .values([672, 24, 1058, 6, 1064, 636, 664, 626]), source: .edges, fill: 0.34,
    sideSupport: 0.71, weakestSideSupport: 0.28)

  func detect(_ candidates: [Outline]) -> Detection {
    DocumentDetector().detect(candidates: candidates, frameWidth: 1280, frameHeight: 720)
  }

  func testAWholeContourOfTheEdgesGivesTheCornersOfARegionThatSpilledOntoTheBorder() {
    XCTAssertEqual(detect([spilled]).status, .documentPartiallyVisible)
    let detection = detect([spilled, edges])
    XCTAssertEqual(detection.quad, edges.quad)
    XCTAssertEqual(detection.status, .documentTooCloseToEdge)
  }

  func testEdgesUnlikeTheRegionMoveNothing() {
    // A contour of the print inside a page the frame cuts is no rim.
    let print = Outline(
      quad: .values([700, 80, 1000, 70, 1004, 560, 704, 566]), source: .edges, fill: 0.4,
      sideSupport: 0.7, weakestSideSupport: 0.3)
    let detection = detect([spilled, print])
    XCTAssertEqual(detection.quad, spilled.quad)
    XCTAssertEqual(detection.status, .documentPartiallyVisible)
  }
}
