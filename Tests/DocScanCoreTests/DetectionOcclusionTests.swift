import DocScanCore
import DocScanOpenCV
import DocScanTestSupport
import XCTest

/// Something over the document (a hand holding it) takes a bite out of the
/// page's region, which its outline bridges over: `occlusion`.
final class DetectionOcclusionTests: XCTestCase {
  let detector = DocumentDetector()
  let page = Quad(unordered: [
    Point(x: 300, y: 150), Point(x: 900, y: 150), Point(x: 900, y: 570), Point(x: 300, y: 570),
  ])

  func testARegionWithABiteOutOfItIsOccluded() {
    let bitten = detector.detect(
      candidates: [Outline(quad: page, source: .brightRegion, fill: 0.9)], frameWidth: 1280,
      frameHeight: 720)
    XCTAssertEqual(bitten.status, .success)
    XCTAssertEqual(bitten.events, [.occlusion])
    let whole = detector.detect(
      candidates: [Outline(quad: page, source: .brightRegion, fill: 0.99)], frameWidth: 1280,
      frameHeight: 720)
    XCTAssertEqual(whole.events, [])
    // Edges trace the print and the hand alike: their fill says nothing.
    let traced = detector.detect(
      candidates: [Outline(quad: page, source: .edges, fill: 0.6)], frameWidth: 1280,
      frameHeight: 720)
    XCTAssertEqual(traced.events, [])
  }

  func testARegionInPatchesWhoseSidesFollowNoEdgeIsNoBite() {
    // A pale card on a white desk of its level differs from the desk in
    // patches: their hull is the card, they fill 64 % of it, and its sides
    // follow no straight edge. A hand's bite leaves the rest of the region
    // along the page's sides.
    let patches = detector.detect(
      candidates: [Outline(quad: page, source: .unlikeDesk, fill: 0.64, sideSupport: 0.02)],
      frameWidth: 1280, frameHeight: 720)
    XCTAssertEqual(patches.status, .success)
    XCTAssertEqual(patches.events, [])
    let bitten = detector.detect(
      candidates: [Outline(quad: page, source: .unlikeDesk, fill: 0.85, sideSupport: 0.5)],
      frameWidth: 1280, frameHeight: 720)
    XCTAssertEqual(bitten.events, [.occlusion])
    // With no floor on the sides' support the patches are a bite.
    var anySides = DocumentDetector()
    anySides.raggedRegionSupport = 0
    XCTAssertEqual(
      anySides.detect(
        candidates: [Outline(quad: page, source: .unlikeDesk, fill: 0.64, sideSupport: 0.02)],
        frameWidth: 1280, frameHeight: 720
      ).events, [.occlusion])
  }

  func testARegionThatJoinedTheDeskBeyondThePageIsNoBite() {
    // A pale card's bright region joined a light streak of the desk out
    // to the frame's left: its hull holds desk beside the page, so its
    // fill is low, but nothing is over the page.
    let joined = Quad(unordered: [
      Point(x: 300, y: 150), Point(x: 900, y: 150), Point(x: 900, y: 570), Point(x: 120, y: 560),
    ])
    assertSeenWhole(
      page,
      among: [
        Outline(quad: joined, source: .brightRegion, fill: 0.91, sideSupport: 0.55),
        Outline(quad: page, source: .straightSides, fill: 0.98),
      ])
  }

  /// `expected` is the outline found among `candidates` in a 1280x720
  /// frame, a document seen whole with nothing over it.
  func assertSeenWhole(
    _ expected: Quad, among candidates: [Outline], file: StaticString = #filePath,
    line: UInt = #line
  ) {
    let seen = detector.detect(candidates: candidates, frameWidth: 1280, frameHeight: 720)
    XCTAssertEqual(seen.quad, expected, file: file, line: line)
    XCTAssertEqual(seen.status, .success, file: file, line: line)
    XCTAssertEqual(seen.events, [], file: file, line: line)
  }

  func testAHandOverTheTopEdgeOfARenderedPageIsSeen() {
    let vision = OpenCVVision()
    var scene = DeskScene.placed(shape: .td3, longSide: 640, rotation: 4)
    let top = (scene.corners[0], scene.corners[1])
    // A hand's fingers across the top edge, reaching 70 px into a 640 px
    // page (about 9 % of it covered), in a tone nearer the desk's than the
    // paper's. (Fingers wholly inside the page are holes in its region,
    // which its outline does not see: only a bite from the edge counts.)
    scene.fingerLevel = 110
    scene.fingers = [0.25, 0.35, 0.45, 0.55, 0.65, 0.75].map { t in
      (
        Point(
          x: top.0.x + (top.1.x - top.0.x) * t, y: top.0.y + (top.1.y - top.0.y) * t + 20),
        50
      )
    }
    let image = scene.render()
    let seen = detector.detect(
      candidates: vision.outlines(in: image, chroma: nil), frameWidth: image.width,
      frameHeight: image.height)
    XCTAssertEqual(seen.status, .success)
    XCTAssertTrue(seen.events.contains(.occlusion), "\(seen.events)")
  }

  func testARegionBridgedOverAHandGivesWayToThePagesStraightSides() {
    // The region runs on over a hand to the frame's right border; its
    // sides are not straight edges. The page's own sides are.
    let handAndPage = Quad(unordered: [
      Point(x: 300, y: 150), Point(x: 1279, y: 120), Point(x: 1279, y: 600), Point(x: 300, y: 570),
    ])
    let candidates = [
      Outline(quad: handAndPage, source: .unlikeDesk, fill: 0.98, sideSupport: 0.3),
      Outline(quad: page, source: .straightSides, fill: 0.8),
    ]
    let seen = detector.detect(candidates: candidates, frameWidth: 1280, frameHeight: 720)
    XCTAssertEqual(seen.quad, page)
    XCTAssertEqual(seen.status, .success)
    XCTAssertEqual(seen.events, [.occlusion])
  }

  func testDeskBesideAPageWhoseRimIsSeenWholeIsNoHand() {
    // The desk model took a wedge of wood between the page's right side
    // and the frame's border for something unlike the desk (the candidates
    // of a rendered frame, a card on a wooden desk). A hand there would
    // hide a stretch of the page's edge; here its edges and its brightness
    // outline it with every side along straight edges.
    let card = Quad.values([417.7, 122.9, 1173.4, 194.3, 1160.7, 678.3, 366.8, 624.0])
    let wedge = Outline(
      quad: .values([412, 122, 1278, 212, 1172, 670, 408, 678]), source: .unlikeDesk, fill: 0.98,
      sideSupport: 0.13, weakestSideSupport: 0)
    let straightSides = Outline(quad: card, source: .straightSides, fill: 1.0)
    func seen(rimSupport: Double) -> Detection {
      let edges = Outline(
        quad: .values([416, 124, 1176, 194, 1162, 680, 366, 626]), source: .edges, fill: 1.01,
        sideSupport: 1.0, weakestSideSupport: rimSupport)
      return detector.detect(
        candidates: [wedge, edges, straightSides], frameWidth: 1280, frameHeight: 720)
    }
    XCTAssertEqual(seen(rimSupport: 1.0).status, .success)
    XCTAssertEqual(seen(rimSupport: 1.0).events, [])
    // A stretch of the rim hidden: the region reached over a hand.
    XCTAssertEqual(seen(rimSupport: 0.7).events, [.occlusion])
  }

  func testAPageSeenTooSteeplyIsNotToldOfOcclusion() {
    // A card seen steeply (its outline 0.4 as wide at the top as at the
    // bottom) whose region has a bite out of it: the angle comes first.
    let steep = Quad.values([560, 150, 720, 150, 1000, 570, 280, 570])
    let seen = detector.detect(
      candidates: [Outline(quad: steep, source: .brightRegion, fill: 0.85)], frameWidth: 1280,
      frameHeight: 720)
    XCTAssertEqual(seen.status, .cameraAngleTooSteep)
    XCTAssertFalse(seen.events.contains(.occlusion), "\(seen.events)")
    XCTAssertTrue(seen.events.contains(.tilt), "\(seen.events)")
  }

  func testARegionWithOneSideOverAHandFromTheBorderGivesWayToThePage() {
    // A hand comes in from the top border over the page's top right: the
    // region's hull runs from the page's top left corner up to the border
    // across the desk (a side along no edge), its other sides are the
    // page's. On average its sides are straight edges for 0.64, too much
    // for a region bridged over the hand by that measure alone.
    let handAndPage = Quad(unordered: [
      Point(x: 300, y: 150), Point(x: 960, y: 0), Point(x: 900, y: 570), Point(x: 300, y: 570),
    ])
    func seen(weakestSide: Double) -> Detection {
      let candidates = [
        Outline(
          quad: handAndPage, source: .unlikeDesk, fill: 1.04, sideSupport: 0.64,
          weakestSideSupport: weakestSide),
        Outline(quad: page, source: .straightSides, fill: 0.82),
      ]
      return detector.detect(candidates: candidates, frameWidth: 1280, frameHeight: 720)
    }
    let held = seen(weakestSide: 0)
    XCTAssertEqual(held.quad, page)
    XCTAssertEqual(held.status, .success)
    XCTAssertEqual(held.events, [.occlusion])
    // Every side along an edge or the frame's cut: a page the frame cuts.
    XCTAssertEqual(seen(weakestSide: 0.5).status, .documentPartiallyVisible)
  }

  func testAWhiteDeskAroundAPageHeldFromTheBorderIsNotThePage() {
    // A hand from the top border over a large page on a white desk (the
    // candidates of a rendered frame): the desk is one bright region
    // filling the frame; the page and the hand, one region unlike the
    // desk that reaches the border, bridged over the hand to the page's
    // straight sides. That quad, whole inside the frame, shows the bright
    // region to be the desk, not a page filling the frame.
    let page = Quad.values([190.4, 59.9, 1079.3, 64.5, 1084.0, 598.4, 191.5, 598.7])
    let candidates = [
      Outline(quad: .values([0, 0, 1278, 0, 1278, 718, 0, 718]), source: .brightRegion),
      Outline(
        quad: .values([170, 0, 1080, 68, 1070, 676, 196, 678]), source: .unlikeDesk, fill: 1.0,
        sideSupport: 0.38, weakestSideSupport: 0.02),
      Outline(quad: page, source: .straightSides, fill: 0.73),
    ]
    let held = detector.detect(candidates: candidates, frameWidth: 1280, frameHeight: 720)
    XCTAssertEqual(held.quad, page)
    XCTAssertEqual(held.status, .success)
    XCTAssertEqual(held.events, [.occlusion])
    // Without the straight sides nothing shows a whole page inside: the
    // bright region stays a page filling the frame.
    let unseen = detector.detect(
      candidates: Array(candidates.prefix(2)), frameWidth: 1280, frameHeight: 720)
    XCTAssertEqual(unseen.status, .cameraTooClose)
  }

  func testAHandFromTheTopBorderOverARenderedPagesCornerIsNotThePage() {
    // Fingers from the top border over the top right of a page that lies
    // well inside the frame: the page's region runs up over them to the
    // border, its hull's side from the page's top left corner to the
    // fingers follows no edge, its other sides are the page's.
    let vision = OpenCVVision()
    var scene = DeskScene.placed(shape: .td3, centerY: 400, longSide: 600, rotation: 2)
    let top = (scene.corners[0], scene.corners[1])
    scene.fingerLevel = 150
    scene.fingers = [0.7, 0.8, 0.9, 0.99].flatMap { t -> [(center: Point, radius: Double)] in
      let tip = Point(
        x: top.0.x + (top.1.x - top.0.x) * t, y: top.0.y + (top.1.y - top.0.y) * t + 45)
      return stride(from: 0.0, through: tip.y, by: 10).map { (Point(x: tip.x, y: $0), 22) }
    }
    let image = scene.render()
    let candidates = vision.outlines(in: image, chroma: nil)
    let seen = detector.detect(
      candidates: candidates, frameWidth: image.width, frameHeight: image.height)
    XCTAssertEqual(seen.status, .success)
    XCTAssertGreaterThan(seen.quad?.intersectionOverUnion(with: scene.truth) ?? 0, 0.95)
    XCTAssertTrue(seen.events.contains(.occlusion), "\(seen.events)")
    // The region's sides lie along edges on average too much for it to be
    // taken for a region bridged over a hand by the mean alone.
    var meanOnly = detector
    meanOnly.bridgedSideSupport = 0
    XCTAssertEqual(
      meanOnly.detect(candidates: candidates, frameWidth: image.width, frameHeight: image.height)
        .status, .documentPartiallyVisible)
  }

  func testFingersFromTheBorderThatWidenTheRegionALittleAreSeen() {
    // Fingers reach from the top border over the top edge of a page near
    // it: the region's hull runs up over them to the border, 7 % beyond
    // the page.
    let nearTop = Quad(unordered: [
      Point(x: 300, y: 60), Point(x: 900, y: 60), Point(x: 900, y: 480), Point(x: 300, y: 480),
    ])
    func seen(reaching corner: Point) -> Detection {
      let fingersAndPage = Quad(unordered: [
        corner, Point(x: 900, y: 60), Point(x: 900, y: 480), Point(x: 300, y: 480),
      ])
      let candidates = [
        Outline(quad: fingersAndPage, source: .unlikeDesk, fill: 0.97, sideSupport: 0.5),
        Outline(quad: nearTop, source: .straightSides, fill: 0.9),
      ]
      return detector.detect(candidates: candidates, frameWidth: 1280, frameHeight: 720)
    }
    let held = seen(reaching: Point(x: 300, y: 0))
    XCTAssertEqual(held.quad, nearTop)
    XCTAssertEqual(held.events, [.occlusion])
    // A region that does not reach the border is no hand from outside (a
    // pale page's region joined to a light streak of desk).
    XCTAssertEqual(seen(reaching: Point(x: 300, y: 20)).events, [])
  }

  func testStraightSidesThatStopShortOfTheCardDoNotReplaceIt() {
    // A tinted card whose white MRZ band lies on a white desk: the region
    // unlike the desk is the whole card (1.58:1), its lower side no edge;
    // the straight sides outline only the tinted part above the band
    // (2.2:1, no document's proportions short of a steep view).
    let card = Quad(unordered: [
      Point(x: 476, y: 208), Point(x: 1136, y: 224), Point(x: 1108, y: 638), Point(x: 478, y: 600),
    ])
    let tinted = Quad(unordered: [
      Point(x: 476, y: 207), Point(x: 1136, y: 225), Point(x: 1117, y: 517), Point(x: 470, y: 482),
    ])
    assertSeenWhole(
      card,
      among: [
        Outline(quad: card, source: .unlikeDesk, fill: 1.0, sideSupport: 0.44),
        Outline(quad: tinted, source: .straightSides, fill: 0.97),
      ])
  }

  func testAStraightEdgedPhotoDoesNotReplaceThePage() {
    // The page's outline follows its edges; the photo inside has sharper
    // sides but is a small part of it.
    let photo = Quad(unordered: [
      Point(x: 340, y: 200), Point(x: 520, y: 200), Point(x: 520, y: 420), Point(x: 340, y: 420),
    ])
    let candidates = [
      Outline(quad: page, source: .brightRegion, fill: 0.99, sideSupport: 0.2),
      Outline(quad: photo, source: .straightSides, fill: 1),
    ]
    let seen = detector.detect(candidates: candidates, frameWidth: 1280, frameHeight: 720)
    XCTAssertEqual(seen.quad, page)
    XCTAssertEqual(seen.events, [])
  }

  func testAHandReachingInFromTheFrameBorderIsNotThePage() {
    // Fingers over a rendered page's right side, joined by the palm and
    // arm to the frame's right border: the page's region runs on to the
    // border, but the page is whole and held.
    let vision = OpenCVVision()
    var scene = DeskScene.placed(shape: .td3, longSide: 640, rotation: 3)
    let right = (scene.corners[1], scene.corners[2])
    scene.fingerLevel = 150
    var fingers: [(center: Point, radius: Double)] = [0.3, 0.45, 0.6, 0.75].flatMap { t in
      let edge = Point(
        x: right.0.x + (right.1.x - right.0.x) * t, y: right.0.y + (right.1.y - right.0.y) * t)
      return [-36.0, -18, 0, 18, 36].map { (Point(x: edge.x + $0, y: edge.y), 12.0) }
    }
    let middle = Point(x: (right.0.x + right.1.x) / 2 + 120, y: (right.0.y + right.1.y) / 2)
    fingers.append((middle, 110))
    fingers += stride(from: middle.x, through: 1300, by: 40).map { (Point(x: $0, y: middle.y), 90) }
    scene.fingers = fingers
    let image = scene.render()
    let seen = detector.detect(
      candidates: vision.outlines(in: image, chroma: nil), frameWidth: image.width,
      frameHeight: image.height)
    XCTAssertEqual(seen.status, .success)
    XCTAssertGreaterThan(seen.quad?.intersectionOverUnion(with: scene.truth) ?? 0, 0.95)
    XCTAssertTrue(seen.events.contains(.occlusion), "\(seen.events)")
  }

  func testAHandFromTheBorderOverACardWhoseBandIsWholeIsOverAWholeCard() throws {
    // The card held by a hand from the frame's left border: hand and card
    // are one region unlike the desk, cut by the border. The card's three
    // MRZ rows are whole, and the card they give lies inside the frame and
    // inside that region: the card is whole, with something over it.
    let (image, rows) = cardOnAWhiteDesk()
    let handAndCard = Outline(
      quad: Quad.values([0, 190, 915, 195, 915, 592, 0, 585]), source: .unlikeDesk, fill: 0.95,
      sideSupport: 0.6, weakestSideSupport: 0)
    let seen = detector.detect(
      candidates: [handAndCard], frameWidth: 1280, frameHeight: 720, image: image, mrzRows: rows)
    XCTAssertEqual(seen.status, .success)
    XCTAssertEqual(seen.events, [.occlusion])
    let card = try XCTUnwrap(seen.quad)
    XCTAssertEqual(card.area, 607 * 383, accuracy: 0.1 * 607 * 383)
    XCTAssertGreaterThan(card.corners.map(\.x).min()!, 250)
    // A card within the edge margin is left to the rules for a page whose
    // region ran onto the border across the gap (here the margin is widened
    // to reach the card).
    var wideMargin = DocumentDetector()
    wideMargin.edgeMargin = 0.3
    XCTAssertEqual(
      wideMargin.detect(
        candidates: [handAndCard], frameWidth: 1280, frameHeight: 720, image: image,
        mrzRows: rows
      ).status, .documentPartiallyVisible)
    // Without the band's document the card is cut by the frame.
    var withoutBand = DocumentDetector()
    withoutBand.outlinesFromMRZBand = false
    XCTAssertEqual(
      withoutBand.detect(
        candidates: [handAndCard], frameWidth: 1280, frameHeight: 720, image: image,
        mrzRows: rows
      ).status, .documentPartiallyVisible)
  }

  func testARaggedRegionBesideAnOutlineTheBandGaveIsNoBite() {
    // A grey page on a desk of its level is seen as a region in patches,
    // filling half its hull: no document, so the outline is the one its
    // MRZ band gives. The region's low fill tells its patches, not a hand.
    let (image, rows) = cardOnAWhiteDesk()
    let patches = Outline(
      quad: Quad.values([300, 200, 907, 200, 907, 583, 300, 583]), source: .unlikeDesk,
      fill: 0.5, sideSupport: 0.05, weakestSideSupport: 0)
    let seen = detector.detect(
      candidates: [patches], frameWidth: 1280, frameHeight: 720, image: image, mrzRows: rows)
    XCTAssertEqual(seen.status, .success)
    XCTAssertEqual(seen.events, [])
    XCTAssertNotEqual(seen.quad, patches.quad)
  }
}
