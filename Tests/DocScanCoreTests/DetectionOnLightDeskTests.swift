import DocScanCore
import DocScanOpenCV
import DocScanTestSupport
import XCTest

/// A page as light as its desk is found by what sets it apart from the desk
/// seen along the frame's border: its colour.
final class DetectionOnLightDeskTests: XCTestCase {
  let vision = OpenCVVision()
  let detector = DocumentDetector()

  /// A colour copy of a 1280x720 frame (a quarter of its width): a neutral
  /// desk, and a cream page (less blue, a little more red) inside `quad`.
  func chroma(page quad: Quad) -> ChromaImage {
    let (width, height) = (320, 180)
    let small = quad.scaled(x: 0.25, y: 0.25)
    func plane(page level: UInt8) -> LumaImage {
      var image = LumaImage(width: width, height: height, fill: 128)
      for y in 0..<height {
        for x in 0..<width where inside(small, x: Double(x) + 0.5, y: Double(y) + 0.5) {
          image[x, y] = level
        }
      }
      return image
    }
    return ChromaImage(blueDifference: plane(page: 117), redDifference: plane(page: 134))
  }

  /// Whether (x, y) lies inside the convex `quad`: on the same side of all
  /// four edges.
  func inside(_ quad: Quad, x: Double, y: Double) -> Bool {
    let sides = quad.corners.indices.map { index -> Double in
      let a = quad.corners[index]
      let b = quad.corners[(index + 1) % 4]
      return (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x)
    }
    return sides.allSatisfy { $0 >= 0 } || sides.allSatisfy { $0 <= 0 }
  }

  /// An upright rectangle from (left, top) to (right, bottom).
  func rectangle(_ left: Double, _ top: Double, _ right: Double, _ bottom: Double) -> Quad {
    Quad(unordered: [
      Point(x: left, y: top), Point(x: right, y: top), Point(x: right, y: bottom),
      Point(x: left, y: bottom),
    ])
  }

  /// The detector's verdict on scripted outlines in a 1280x720 frame.
  func detect(_ outlines: [Outline]) -> Detection {
    detector.detect(candidates: outlines, frameWidth: 1280, frameHeight: 720)
  }

  func detect(_ scene: DeskScene, chroma: ChromaImage?) -> Detection {
    detector.detect(
      candidates: vision.outlines(in: scene.render(), chroma: chroma),
      frameWidth: scene.frameWidth, frameHeight: scene.frameHeight)
  }

  func testACreamPageOnAWhiteDeskOfItsOwnLevelIsFoundByItsColour() {
    for (rotation, centerX) in [(8.0, 640.0), (-30, 600), (95, 700)] {
      // The desk is exactly as light as the page's paper.
      let scene = DeskScene.placed(
        shape: .td3, centerX: centerX, longSide: 560, rotation: rotation,
        desk: .plain(DocumentFixture.defaultPaperLevel))
      let seen = detect(scene, chroma: chroma(page: scene.truth))
      let iou = seen.quad.map { $0.intersectionOverUnion(with: scene.truth) } ?? 0
      XCTAssertGreaterThan(iou, 0.93, "rotation \(rotation)")
      XCTAssertEqual(seen.status, .success, "rotation \(rotation)")
    }
  }

  func testTheSidesOfAPageOfTheDesksOwnLevelAreStraightEdgesInColour() {
    let scene = DeskScene.placed(
      shape: .td3, centerX: 640, longSide: 560, rotation: 8,
      desk: .plain(DocumentFixture.defaultPaperLevel))
    let image = scene.render()
    let colour = chroma(page: scene.truth)
    func support(_ segments: [LineSegment]) -> [Double] {
      SideSupport().sides(of: scene.truth, segments: segments, frameWidth: 1280, frameHeight: 720)
    }
    // In luma the page's sides are no edge at all ...
    XCTAssertLessThan(support(vision.lineSegments(in: image)).max()!, 0.3)
    // ... in colour all four are, and the straight sides outline the page.
    XCTAssertGreaterThan(support(vision.lineSegments(in: image, chroma: colour)).min()!, 0.8)
    let straight = vision.outlines(in: image, chroma: colour).filter { $0.source == .straightSides }
    let iou = straight.map { $0.quad.intersectionOverUnion(with: scene.truth) }.max() ?? 0
    XCTAssertGreaterThan(iou, 0.97)
  }

  func testACardMostlyOutOfTheFrameIsPartiallyVisible() {
    // A card two-thirds out of a 1080p frame's left edge covers 4 % of it:
    // still a document to bring back into view. A sliver under 2 % is not.
    let card = Quad(unordered: [
      Point(x: 0, y: 250), Point(x: 164, y: 252), Point(x: 154, y: 504), Point(x: 0, y: 502),
    ])
    XCTAssertEqual(card.area / (1280 * 720), 0.043, accuracy: 0.002)
    XCTAssertEqual(
      detect([Outline(quad: card, source: .unlikeDesk, fill: 0.99)]).status,
      .documentPartiallyVisible)
    let sliver = rectangle(0, 250, 60, 504)
    XCTAssertEqual(detect([Outline(quad: sliver, source: .unlikeDesk, fill: 0.99)]).status, .failed)
  }

  func testTheWhiteDeskAroundAPageCutByTheFrameIsNotTakenForThePage() {
    // The page runs off the right edge; the desk is the largest bright
    // region the frame cuts, and must not be taken for a page filling the
    // frame.
    let scene = DeskScene.placed(
      shape: .td3, centerX: 1050, longSide: 700, rotation: 3,
      desk: .plain(DocumentFixture.defaultPaperLevel))
    let seen = detect(scene, chroma: chroma(page: scene.truth))
    XCTAssertNotEqual(seen.status, .cameraTooClose)
    let visible = rectangle(0, 0, 1279, 719)
    XCTAssertLessThan(seen.quad?.area ?? 0, 1.15 * scene.truth.intersectionArea(with: visible))
  }

  func testARaggedRegionUnlikeTheDeskIsBelievedOnlyWhole() {
    // Uneven light on a wood desk differs from the desk along the border
    // too, and runs off the frame in a ragged patch: that is no document.
    let cut = Quad(unordered: [
      Point(x: 800, y: 0), Point(x: 1279, y: 0), Point(x: 1279, y: 719), Point(x: 900, y: 719),
    ])
    XCTAssertEqual(detect([Outline(quad: cut, source: .unlikeDesk, fill: 0.94)]).status, .failed)
    // A straight-sided one that fills its outline is a page the frame cuts.
    XCTAssertEqual(
      detect([Outline(quad: cut, source: .unlikeDesk, fill: 0.99)]).status,
      .documentPartiallyVisible)
    let whole = rectangle(300, 150, 900, 570)
    XCTAssertEqual(detect([Outline(quad: whole, source: .unlikeDesk)]).status, .success)
    // Whole, it must fill most of its outline: a page with a hand's bite out
    // of it does; patches of a desk of the page's level in low light
    // (under half of their hull) do not.
    XCTAssertEqual(
      detect([Outline(quad: whole, source: .unlikeDesk, fill: 0.8)]).status, .success)
    XCTAssertEqual(detect([Outline(quad: whole, source: .unlikeDesk, fill: 0.47)]).status, .failed)
    XCTAssertEqual(
      detect([Outline(quad: whole, source: .brightRegion, fill: 0.47)]).status, .failed)
  }

  func testABrightRegionHoldingMostOfARegionUnlikeTheDeskIsTheDesk() {
    let frame = rectangle(0, 0, 1279, 719)
    let page = rectangle(300, 150, 900, 570)
    let seen = detect([
      Outline(quad: frame, source: .brightRegion), Outline(quad: page, source: .unlikeDesk),
    ])
    XCTAssertEqual(seen.quad, page)
    // Without the region unlike the desk, the bright region is a page that
    // fills the frame.
    XCTAssertEqual(detect([Outline(quad: frame, source: .brightRegion)]).status, .cameraTooClose)
  }

  func testAWhiteDeskUnderAHandIsTheDeskWhenThePagesEdgesAndSidesAgree() {
    // A hand reaching from the border over a card on a white desk: the
    // bright region is the whole frame, the region unlike the desk runs
    // from the card to the border, and only the card's traced edges and
    // its straight sides outline the card.
    let frame = rectangle(0, 0, 1279, 719)
    let card = rectangle(150, 30, 460, 570)
    let handAndCard = Quad(unordered: [
      Point(x: 0, y: 132), Point(x: 510, y: 38), Point(x: 492, y: 564), Point(x: 142, y: 568),
    ])
    let outlines = [
      Outline(quad: frame, source: .brightRegion, sideSupport: 1),
      Outline(quad: handAndCard, source: .unlikeDesk, fill: 1.1, sideSupport: 0),
      Outline(quad: card, source: .edges, fill: 0.91, sideSupport: 0.85),
      Outline(quad: card, source: .straightSides, fill: 0.84),
    ]
    let seen = detect(outlines)
    XCTAssertEqual(seen.quad, card)
    XCTAssertEqual(seen.status, .success)
    XCTAssertEqual(seen.events, [.occlusion])
    // Without the hand's region bridged to it, a block that the edges and
    // the straight sides outline alike may be the photo on a page filling
    // the frame.
    XCTAssertEqual(detect([outlines[0], outlines[2], outlines[3]]).status, .cameraTooClose)
  }

  func testABrightRegionRunningPastALargePageSeenWholeIsTheDesk() {
    // A page close to the camera on a white desk: the region unlike the desk
    // is the whole page and fills 61 % of the frame, so it is much like the
    // frame-filling bright region (IoU above 0.6). Lying whole inside the
    // frame, it still shows the bright region beyond it to be desk.
    let frame = rectangle(0, 0, 1279, 719)
    let page = rectangle(120, 40, 1160, 640)
    XCTAssertGreaterThan(frame.intersectionOverUnion(with: page), 0.6)
    let seen = detect([
      Outline(quad: frame, source: .brightRegion), Outline(quad: page, source: .unlikeDesk),
    ])
    XCTAssertEqual(seen.quad, page)
    XCTAssertNotEqual(seen.status, .cameraTooClose)
  }

  func testAPageCutByTheFrameThatBothSourcesSeeIsThePage() {
    // On a light wood desk Otsu's bright region and the region unlike the
    // desk are both the cut page, the second a little smaller (the desk
    // model loses some of the page's lighter print).
    let bright = rectangle(700, 100, 1279, 650)
    let unlike = rectangle(760, 130, 1279, 630)
    let seen = detect([
      Outline(quad: bright, source: .brightRegion), Outline(quad: unlike, source: .unlikeDesk),
    ])
    XCTAssertEqual(seen.status, .documentPartiallyVisible)
    XCTAssertEqual(seen.quad, bright)
  }
}

/// A page in low light: its outline is a step of a few levels, which
/// edge thresholds set for a well-lit frame miss.
final class DetectionInLowLightTests: XCTestCase {
  /// A TD3 page on a mid-grey desk, every level dimmed to `light`.
  func dimmedScene(light: Double) -> (image: LumaImage, truth: Quad) {
    let scene = DeskScene.placed(shape: .td3, longSide: 700, rotation: 6, desk: .plain(0.6))
    var image = scene.render()
    for y in 0..<image.height {
      for x in 0..<image.width { image[x, y] = UInt8(Double(image[x, y]) * light) }
    }
    return (image, scene.truth)
  }

  func bestEdgeOutline(_ vision: OpenCVVision, light: Double) -> Double {
    let (image, truth) = dimmedScene(light: light)
    return vision.outlines(in: image, chroma: nil).filter { $0.source == .edges }
      .map { $0.quad.intersectionOverUnion(with: truth) }.max() ?? 0
  }

  func testEdgeThresholdsFollowTheFramesContrast() {
    // Page and desk 0.3 apart dimmed to a tenth: a step of about 8 levels.
    XCTAssertGreaterThan(bestEdgeOutline(OpenCVVision(), light: 0.1), 0.95)
    var fixed = OpenCVVision()
    fixed.cannyMinimumScale = 1
    XCTAssertLessThan(bestEdgeOutline(fixed, light: 0.1), 0.5, "fixed thresholds see it")
    // In full light both see it.
    XCTAssertGreaterThan(bestEdgeOutline(fixed, light: 1), 0.95)
  }
}
