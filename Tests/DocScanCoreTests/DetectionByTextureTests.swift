import DocScanCore
import XCTest

/// A pale card on a plain desk of its own level and colour shows no edge,
/// no bright region and no region unlike the desk, only parts of it (its
/// photo, a block of print); its underprint still sets it apart in
/// texture. An outline found by texture is the page when nothing else is,
/// or when it holds, much larger, the outline found; never over an
/// outline of the page itself, whose rim it only blurs.
final class DetectionByTextureTests: XCTestCase {
  let detector = DocumentDetector()
  let card = Quad(unordered: [
    Point(x: 370, y: 130), Point(x: 1120, y: 130), Point(x: 1120, y: 600), Point(x: 370, y: 600),
  ])

  func detect(_ candidates: [Outline]) -> Detection {
    detector.detect(candidates: candidates, frameWidth: 1280, frameHeight: 720)
  }

  func testATexturedRegionIsThePageWhenNothingElseIs() {
    let found = detect([Outline(quad: card, source: .texture, fill: 0.98)])
    XCTAssertEqual(found.quad, card)
    XCTAssertEqual(found.status, .success)
  }

  func testATexturedRegionHoldingAPartOfThePageIsThePage() {
    // The photo and the print beside it, a region unlike the desk.
    let part = Quad(unordered: [
      Point(x: 420, y: 190), Point(x: 700, y: 190), Point(x: 700, y: 530), Point(x: 420, y: 530),
    ])
    let partAlone = detect([Outline(quad: part, source: .unlikeDesk, fill: 0.97)])
    XCTAssertEqual(partAlone.quad, part)
    let found = detect([
      Outline(quad: part, source: .unlikeDesk, fill: 0.97),
      Outline(quad: card, source: .texture, fill: 0.98),
    ])
    XCTAssertEqual(found.quad, card)
    XCTAssertEqual(found.status, .success)
    // A ragged textured region (fill under 0.95) is not taken for a page.
    let ragged = detect([
      Outline(quad: part, source: .unlikeDesk, fill: 0.97),
      Outline(quad: card, source: .texture, fill: 0.8),
    ])
    XCTAssertEqual(ragged.quad, part)
  }

  func testABrightRegionRoundATexturedCardIsTheDesk() {
    // A white desk, a pale card on it and fingers from the bottom border
    // (as a development frame showed it): Otsu's split leaves the fingers
    // dark and desk and card one bright region, cut by the frame all round.
    let deskAroundFingers = Outline(
      quad: .values([0, 0, 1279, 0, 1279, 719, 620, 719]), source: .brightRegion, fill: 0.98,
      sideSupport: 0.75, weakestSideSupport: 0)
    XCTAssertEqual(detect([deskAroundFingers]).status, .cameraTooClose)
    let found = detect([deskAroundFingers, Outline(quad: card, source: .texture, fill: 0.96)])
    XCTAssertEqual(found.quad, card)
    XCTAssertEqual(found.status, .success)
  }

  func testTheTexturedRimNeverReplacesThePagesOwnOutline() {
    // The texture window blurs the rim: the region runs a few pixels past
    // the page, here to the frame's bottom border.
    let page = Quad(unordered: [
      Point(x: 370, y: 130), Point(x: 1120, y: 130), Point(x: 1120, y: 712), Point(x: 370, y: 712),
    ])
    let blurred = Quad(unordered: [
      Point(x: 364, y: 124), Point(x: 1126, y: 124), Point(x: 1126, y: 719), Point(x: 364, y: 719),
    ])
    let found = detect([
      Outline(quad: page, source: .unlikeDesk, fill: 0.99),
      Outline(quad: blurred, source: .texture, fill: 0.99),
    ])
    XCTAssertEqual(found.quad, page)
    XCTAssertEqual(found.status, .documentTooCloseToEdge)
  }

  func testATexturedRegionOfNoDocumentsShapeIsNoDocument() {
    // A patch of a wooden desk's grain: a quad far from square, which a
    // page would only give seen steeply.
    let grain = Quad(unordered: [
      Point(x: 200, y: 200), Point(x: 700, y: 260), Point(x: 560, y: 560), Point(x: 240, y: 420),
    ])
    XCTAssertEqual(detect([Outline(quad: grain, source: .texture, fill: 0.97)]), .none)
    // The same outline from the desk's level or colour is a tilted page.
    XCTAssertEqual(
      detect([Outline(quad: grain, source: .unlikeDesk, fill: 0.97)]).status, .cameraAngleTooSteep)
  }

  func testATexturedRegionTheMRZBandConfirmsIsThePageOverARaggedOne() {
    // A card on a white desk, its sides showing no edge: the desk model
    // sees a ragged region, narrower at the top, that looks tilted; its
    // underprint gives a region of one texture where the card's MRZ band
    // places the card, a few pixels off.
    let (image, rows) = cardOnAWhiteDesk()
    let ragged = Outline(
      quad: Quad.values([420, 200, 800, 200, 912, 590, 300, 588]), source: .unlikeDesk,
      fill: 0.81, sideSupport: 0.28, weakestSideSupport: 0)
    let textured = Outline(
      quad: Quad.values([305, 206, 910, 203, 912, 590, 303, 588]), source: .texture, fill: 0.99)
    let seen = detector.detect(
      candidates: [ragged, textured], frameWidth: 1280, frameHeight: 720, image: image,
      mrzRows: rows)
    XCTAssertEqual(seen.status, .success)
    XCTAssertGreaterThan(seen.quad?.intersectionOverUnion(with: textured.quad) ?? 0, 0.95)
    // Unconfirmed, the textured region is no rival to the ragged one.
    var unconfirmed = DocumentDetector()
    unconfirmed.bandConfirms = 1.01
    XCTAssertEqual(
      unconfirmed.detect(
        candidates: [ragged, textured], frameWidth: 1280, frameHeight: 720, image: image,
        mrzRows: rows
      ).status, .cameraAngleTooSteep)
    // Nor is one the band places elsewhere (the card's photo).
    let photo = Outline(
      quad: Quad.values([320, 215, 520, 215, 520, 450, 320, 450]), source: .texture, fill: 0.99)
    XCTAssertEqual(
      detector.detect(
        candidates: [ragged, photo], frameWidth: 1280, frameHeight: 720, image: image,
        mrzRows: rows
      ).status, .cameraAngleTooSteep)
  }
}
