import DocScanCore
import XCTest

/// A page so close that it fills the frame but for a strip of desk along
/// one side. The frame's border then shows mostly page, so the desk model
/// learns the page, and what it finds unlike the desk is the strip of desk
/// joined to the page's photo: one ragged region running off the frame.
/// The bright page, whose one uncut side is a straight edge, is still the
/// document, and the camera is too close. (The candidates are those
/// OpenCV's vision gave on a rendered 1080p clip's frame, analysed at
/// 1280x720: a passport page 0.92 of the frame, cut at the top, right and
/// bottom, wood showing on the left.)
final class DetectionOfAPageFillingTheFrameTests: XCTestCase {
  let page = Outline(
    quad: Quad.values([76, 0, 1278, 0, 1278, 718, 106, 718]), source: .brightRegion, fill: 1.0,
    sideSupport: 1.0)
  let deskAndPhoto = Outline(
    quad: Quad.values([0, 0, 386, 62, 410, 452, 0, 718]), source: .unlikeDesk, fill: 0.82,
    sideSupport: 0.25)
  /// The photo's outline, by its edges.
  let photo = Outline(
    quad: Quad.values([174, 166, 274, 104, 334, 178, 250, 356]), source: .edges, fill: 1.52,
    sideSupport: 0.04)

  func detect(_ candidates: [Outline], detector: DocumentDetector = DocumentDetector())
    -> Detection
  {
    detector.detect(candidates: candidates, frameWidth: 1280, frameHeight: 720)
  }

  func testAPageFillingTheFrameBesideARaggedRegionIsTooClose() {
    let seen = detect([page, deskAndPhoto, photo])
    XCTAssertEqual(seen.status, DetectionStatus.cameraTooClose)
    XCTAssertEqual(seen.events, [FeedbackEvent.notFullyVisible, .tooClose])
    XCTAssertEqual(seen.quad, page.quad)
    // Without the rule the bright page is taken for a white desk around
    // the ragged region, and the photo is the document, too far.
    var withoutRule = DocumentDetector()
    withoutRule.pageSidedSupport = 1.01
    XCTAssertEqual(
      detect([page, deskAndPhoto, photo], detector: withoutRule).status,
      DetectionStatus.cameraTooFar)
  }

  func testAWhiteDeskAroundAPageCutByTheFrameIsStillTheDesk() {
    // The bright region runs off the frame on every side; the page inside
    // it, cut by the right border, is the straight-sided region unlike it.
    let desk = Outline(
      quad: Quad.values([0, 0, 1279, 0, 1279, 719, 0, 719]), source: .brightRegion, fill: 1.0,
      sideSupport: 1.0)
    let cutPage = Outline(
      quad: Quad.values([700, 150, 1279, 150, 1279, 600, 700, 600]), source: .unlikeDesk,
      fill: 0.99,
      sideSupport: 0.95)
    let seen = detect([desk, cutPage])
    XCTAssertEqual(seen.quad, cutPage.quad)
    XCTAssertEqual(seen.status, DetectionStatus.documentPartiallyVisible)
  }

  func testABrightRegionWithRaggedSidesBesideARaggedRegionIsTheDesk() {
    // A white desk whose free side is no straight edge (light falling
    // off), around a ragged patch unlike it that runs off the frame: the
    // desk stays the desk.
    let desk = Outline(
      quad: Quad.values([76, 0, 1278, 0, 1278, 718, 106, 718]), source: .brightRegion, fill: 1.0,
      sideSupport: 0.8)
    XCTAssertNotEqual(detect([desk, deskAndPhoto, photo]).quad, desk.quad)
  }

  func testACardFillingTheFrameIsTooCloseThoughItsPhotoIsSeenTwice() {
    // A card upside down on a white desk, so close that its bright region
    // fills the frame (development seed 2020, clip 9, at 3.5 s): its photo
    // is outlined by its edges and by straight sides alike, which is what
    // tells a white desk around a whole document; but its MRZ row runs off
    // the frame at 30 px pitches, and a document with such a row is an
    // ID-1 card at least (1011 x 637 px), of which the photo covers a
    // sixth: a part of the page, not a document inside a desk.
    let card = Outline(
      quad: Quad.values([0, 0, 1278, 0, 1278, 718, 0, 718]), source: .brightRegion, fill: 1.0,
      sideSupport: 1.0, weakestSideSupport: 1.0)
    let photoAndDesk = Outline(
      quad: Quad.values([848, 188, 1226, 0, 1232, 718, 1052, 708]), source: .unlikeDesk,
      fill: 0.83, sideSupport: 0, weakestSideSupport: 0)
    let photoEdges = Outline(
      quad: Quad.values([806, 190, 1170, 170, 1178, 636, 824, 658]), source: .edges, fill: 1.01,
      sideSupport: 0.99, weakestSideSupport: 0.98)
    let photoSides = Outline(
      quad: Quad.values([805.3, 185.4, 1170.5, 170.4, 1176, 633.7, 823.2, 652.7]),
      source: .straightSides, fill: 0.98)
    let row = MRZRow(
      characters: (0..<26).map { PixelRect(x: 95 + 30 * $0, y: 18 - $0, width: 22, height: 28) },
      alongWidth: true, capitalHeight: 28, pitch: 30)
    let candidates = [card, photoAndDesk, photoEdges, photoSides]
    let seen = DocumentDetector().detect(
      candidates: candidates, frameWidth: 1280, frameHeight: 720, mrzRows: [row])
    XCTAssertEqual(seen.status, DetectionStatus.cameraTooClose)
    XCTAssertEqual(seen.quad, card.quad)
    // Without the row the photo seen twice makes the bright region a desk.
    XCTAssertNotEqual(detect(candidates).quad, card.quad)
  }
}
