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

  /// A bright region filling the whole frame, its sides along the border.
  let brightFrame = Outline(
    quad: Quad.values([0, 0, 1278, 0, 1278, 718, 0, 718]), source: .brightRegion, fill: 1.0,
    sideSupport: 1.0, weakestSideSupport: 1.0)

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
    let card = brightFrame
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

  func testAPageFillingTheFrameIsTooCloseThoughItsPhotoIsSeenTwiceAndNoRowIsInView() {
    // A passport page on a white desk, so close that its bright region
    // fills the frame and its MRZ lies below the frame (development seed
    // 6262, clip 4, at 3.2 s): its photo and parts of it are outlined by
    // straight sides, by edges and as regions, taken for a card on a white
    // desk, and no MRZ row tells the page's size; but the page's fields lie
    // printed round the photo, and a document holds its print.
    let page = brightFrame
    let photoSides = Outline(
      quad: Quad.values([52.4, 107.1, 369.1, 122.8, 357.5, 531.7, 59, 508.8]),
      source: .straightSides, fill: 0.96)
    // The photo's parts and its region, as OpenCV's vision gave them.
    let parts: [Outline] = [
      Outline(
        quad: Quad.values([1.5, 104.5, 260.1, 117.4, 299.7, 527.3, 11.2, 505.1]),
        source: .straightSides, fill: 0.71),
      Outline(
        quad: Quad.values([150, 118, 296, 204, 328, 532, 68, 498]), source: .unlikeDesk,
        fill: 1.03, sideSupport: 0.03, weakestSideSupport: 0),
      Outline(
        quad: Quad.values([125.6, 245.6, 365, 265.1, 357.5, 531.7, 189, 518.7]),
        source: .straightSides, fill: 0.69),
      Outline(
        quad: Quad.values([54.6, 239.8, 304.4, 260.2, 213.8, 520.7, 59, 508.8]),
        source: .straightSides, fill: 0.65),
      Outline(
        quad: Quad.values([52.4, 107.1, 260.1, 117.4, 275.4, 275.6, 54.8, 249.9]),
        source: .straightSides, fill: 0.66),
      Outline(
        quad: Quad.values([184, 150, 302, 218, 216, 418, 122, 232]), source: .edges, fill: 1.5,
        sideSupport: 0.1, weakestSideSupport: 0),
      Outline(
        quad: Quad.values([190, 150, 300, 214, 224, 414, 122, 226]), source: .brightRegion,
        fill: 1.47, sideSupport: 0, weakestSideSupport: 0),
    ]
    let candidates = [page, photoSides] + parts
    // Six lines of ten characters beside the photo, and a few blobs of
    // the face inside it.
    let fields = (0..<60).map {
      Point(x: 420 + 24 * Double($0 % 10), y: 180 + 90 * Double($0 / 10))
    }
    let face = (0..<8).map { Point(x: 180 + 10 * Double($0), y: 300) }
    let print = PagePrint(centres: fields + face)
    let seen = DocumentDetector().detect(
      candidates: candidates, frameWidth: 1280, frameHeight: 720, pagePrint: print)
    XCTAssertEqual(seen.status, DetectionStatus.cameraTooClose)
    XCTAssertEqual(seen.quad, page.quad)
    // Without its print the photo is a card on a white desk.
    XCTAssertEqual(detect(candidates).quad, photoSides.quad)
    XCTAssertEqual(detect(candidates).status, DetectionStatus.success)
    // A card on a white desk with a few specks of the desk's grain beside
    // it (fewer than a few words) stays the card.
    let specks = PagePrint(centres: Array(fields.prefix(20)) + face + face + face)
    XCTAssertEqual(
      DocumentDetector().detect(
        candidates: candidates, frameWidth: 1280, frameHeight: 720, pagePrint: specks
      ).quad, photoSides.quad)
  }
}

/// The print a frame shows, from its dark blobs.
final class PagePrintTests: XCTestCase {
  func testOnlyBlobsTheSizeOfCharactersAwayFromTheBorderArePrint() {
    let blobs = [
      PixelRect(x: 100, y: 100, width: 10, height: 14),  // a character
      PixelRect(x: 200, y: 100, width: 3, height: 3),  // a speck
      PixelRect(x: 300, y: 100, width: 200, height: 40),  // a bar, wider than tall
      PixelRect(x: 400, y: 100, width: 60, height: 120),  // taller than print
      PixelRect(x: 0, y: 300, width: 10, height: 14),  // on the border
      PixelRect(x: 600, y: 700, width: 10, height: 20),  // on the bottom border
    ]
    let print = PagePrint(blobs: blobs, frameWidth: 1280, frameHeight: 720)
    XCTAssertEqual(print.centres, [Point(x: 105, y: 107)])
  }

  func testPrintLiesMostlyOutsideAQuadOnlyWhenThereIsEnoughOfIt() {
    let quad = Quad.values([0, 0, 100, 0, 100, 100, 0, 100])
    let inside = Array(repeating: Point(x: 50, y: 50), count: 10)
    let outside = Array(repeating: Point(x: 500, y: 50), count: 30)
    XCTAssertTrue(
      PagePrint(centres: inside + outside).liesMostlyOutside(quad, count: 24, share: 0.6))
    XCTAssertFalse(
      PagePrint(centres: inside + inside + outside).liesMostlyOutside(quad, count: 24, share: 0.6))
    XCTAssertFalse(
      PagePrint(centres: Array(outside.prefix(20))).liesMostlyOutside(quad, count: 24, share: 0.6))
  }
}
