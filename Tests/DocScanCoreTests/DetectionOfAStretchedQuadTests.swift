import DocScanCore
import XCTest

/// A page seen steeply on a wood desk: its two long sides, extended to
/// grain lines of the desk beyond it, make a larger straight-sided quad
/// than the page. The page's own region, its rim found all round, is the
/// document.
final class DetectionOfAStretchedQuadTests: XCTestCase {
  /// As `detect-explain` printed seed 2323 clip 7 at 3.0 s (a TD2 card held
  /// portrait and tilted past the limit on light wood).
  let stretched = Outline(
    quad: .values([683.8, 119.3, 956.8, 101.0, 1265.9, 603.5, 698.9, 601.0]),
    source: .straightSides, fill: 0.64)
  let pageSides = Outline(
    quad: .values([685.5, 175.2, 1031.4, 222.2, 1230.9, 546.6, 695.3, 485.3]),
    source: .straightSides, fill: 0.99)
  let bright = Outline(
    quad: .values([688, 176, 1028, 220, 1228, 546, 700, 486]), source: .brightRegion,
    fill: 1.01, sideSupport: 1, weakestSideSupport: 0.99)

  func detect(_ candidates: [Outline], detector: DocumentDetector = DocumentDetector())
    -> Detection
  {
    detector.detect(candidates: candidates, frameWidth: 1280, frameHeight: 720)
  }

  func testAQuadStretchedPastAPageWhoseRimIsFoundIsNotTheDocument() {
    let detection = detect([stretched, pageSides, bright])
    XCTAssertEqual(detection.status, .cameraAngleTooSteep)
    XCTAssertGreaterThan(detection.quad?.intersectionOverUnion(with: bright.quad) ?? 0, 0.95)
    // Without the rule the largest quad, stretched, is taken.
    var largest = DocumentDetector()
    largest.stretchedSideSupport = 0
    XCTAssertEqual(detect([stretched, pageSides, bright], detector: largest).quad, stretched.quad)
  }

  func testAPageWhoseSidesAreCoveredKeepsItsOutline() {
    // The same large quad with its sides covered (a page of its own, the
    // bright region a panel on it) stays the document.
    var covered = stretched
    covered.fill = 0.9
    let detection = detect([covered, pageSides, bright])
    XCTAssertEqual(detection.quad, covered.quad)
  }

  func testAContourOfACardJoinedToAWedgeOfGrainIsNotTheDocument() {
    // As `detect-explain` printed seed 7004 clip 17 at 0 s: a card far away
    // on light wood, held portrait; a contour of edges joins it to a wedge
    // of grain beside it, which looked like a card seen steeply.
    let wedge = Outline(
      quad: .values([296, 248, 416, 246, 804, 374, 296, 444]), source: .edges, fill: 0.51,
      sideSupport: 0.48, weakestSideSupport: 0)
    let card = Outline(
      quad: .values([296, 250, 424, 246, 420, 442, 298, 444]), source: .unlikeDesk, fill: 1.06,
      sideSupport: 0.97, weakestSideSupport: 0.95)
    let detection = detect([wedge, card])
    XCTAssertEqual(detection.status, .cameraTooFar)
    XCTAssertEqual(detection.quad, card.quad)
    var largest = DocumentDetector()
    largest.stretchedSideSupport = 0
    XCTAssertEqual(detect([wedge, card], detector: largest).quad, wedge.quad)
  }
}
