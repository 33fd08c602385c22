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
}
