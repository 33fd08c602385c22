import DocScanCore
import XCTest

/// A hand from the frame's border holding a card on a white desk: the
/// desk is one bright region filling the frame, and the region unlike the
/// desk is the card joined to the hand, running off the frame. The card's
/// straight sides and its edge outline agree, and the region is bridged
/// over the hand to them, so the bright region is the desk, the card the
/// document, and the hand `occlusion`. (The candidates are those
/// OpenCV's vision gave on a rendered 1080p clip's frame, analysed at
/// 1280x720: an ID-1 card at the left, turned a quarter, a hand over it.)
final class DetectionOfAHandOnAWhiteDeskTests: XCTestCase {
  let desk = Outline(
    quad: Quad.values([0, 0, 1278, 0, 1278, 718, 0, 718]), source: .brightRegion, fill: 0.94,
    sideSupport: 1.0)
  let cardAndHand = Outline(
    quad: Quad.values([0, 130, 508, 38, 492, 562, 142, 568]), source: .unlikeDesk, fill: 1.14,
    sideSupport: 0.03)
  let cardSides = Outline(
    quad: Quad.values([148, 28.3, 463.6, 26.6, 452.5, 585.2, 140.2, 567.6]), source: .straightSides,
    fill: 0.84)
  let cardEdges = Outline(
    quad: Quad.values([148, 34, 460, 30, 450, 580, 146, 566]), source: .edges, fill: 0.92,
    sideSupport: 0.78)

  func testTheCardIsTheDocumentAndTheHandOcclusion() {
    let seen = DocumentDetector().detect(
      candidates: [desk, cardAndHand, cardSides, cardEdges], frameWidth: 1280, frameHeight: 720)
    XCTAssertEqual(seen.status, .success)
    XCTAssertEqual(seen.events, [.occlusion])
    XCTAssertEqual(seen.quad, cardSides.quad)
  }

  func testAPageFillingTheFrameIsNotTakenForAPageOnAWhiteDesk() {
    // A page so close that it fills the frame, cut at the top: its region
    // is bridged to a straight-sided block of its print and photo, which
    // no edge outline traces alike. (Candidates of another frame of the
    // same renders.)
    let page = Outline(
      quad: Quad.values([82, 0, 1064, 0, 1126, 580, 86, 632]), source: .unlikeDesk, fill: 0.97,
      sideSupport: 0.5)
    let block = Outline(
      quad: Quad.values([86.1, 19.7, 491.3, 5.5, 509.8, 614.3, 86.5, 633.2]),
      source: .straightSides, fill: 0.91)
    let printEdges = Outline(
      quad: Quad.values([122, 18, 492, 4, 508, 486, 124, 502]), source: .edges, fill: 1.01,
      sideSupport: 0.97)
    let seen = DocumentDetector().detect(
      candidates: [desk, page, block, printEdges], frameWidth: 1280, frameHeight: 720)
    XCTAssertEqual(seen.status, .cameraTooClose)
  }

  func testWithoutTheCardsStraightSidesTheBrightRegionIsNotTakenForTheDesk() {
    // One source alone does not make the bright region the desk: a page
    // filling the frame is a bright region with its photo's edges inside.
    let seen = DocumentDetector().detect(
      candidates: [desk, cardAndHand, cardEdges], frameWidth: 1280, frameHeight: 720)
    XCTAssertEqual(seen.status, .cameraTooClose)
  }
}
