import DocScanCore
import DocScanTestSupport
import XCTest

/// A pale page's region stops short of its rim on a light desk; the
/// outline's sides move outward onto the faint edge, and no further.
final class EdgeSnapTests: XCTestCase {
  let snap = EdgeSnap()

  /// `truth` with every side moved `inset` pixels toward the middle.
  func shrunk(_ truth: Quad, by inset: Double) -> Quad {
    let cx = truth.corners.map(\.x).reduce(0, +) / 4
    let cy = truth.corners.map(\.y).reduce(0, +) / 4
    return Quad(
      unordered: truth.corners.map { corner in
        let dx = cx - corner.x
        let dy = cy - corner.y
        let length = (dx * dx + dy * dy).squareRoot()
        // A corner moves along its diagonal, about sqrt(2) times the sides.
        let step = inset * 1.4 / length
        return Point(x: corner.x + dx * step, y: corner.y + dy * step)
      })
  }

  func testSidesShortOfAFaintRimMoveOntoIt() {
    // Paper at 0.90, desk at 0.87: 8 levels apart, plus the video's noise.
    let scene = DeskScene.placed(longSide: 700, rotation: 6, desk: .plain(0.87))
    var image = scene.render()
    addNoise(to: &image, amplitude: 6)
    let inside = shrunk(scene.truth, by: 14)
    XCTAssertLessThan(inside.intersectionOverUnion(with: scene.truth), 0.93)
    let snapped = snap.snapped(inside, in: image)
    XCTAssertGreaterThan(snapped.intersectionOverUnion(with: scene.truth), 0.98)
  }

  func testAnOutlineOnAStrongEdgeStaysAndPrintDoesNotPullItIn() {
    let scene = DeskScene.placed(longSide: 700, rotation: -4, desk: .plain(0.25))
    let image = scene.render()
    XCTAssertGreaterThan(
      snap.snapped(scene.truth, in: image).intersectionOverUnion(with: scene.truth), 0.99)
  }

  func testAnOutlineJustOutsideTheRimDoesNotWalkOnToAShadow() {
    // A page on a mid-grey desk, a dark line of the desk (a shadow, a
    // groove) 14 px beyond its right side, and an outline 3 px outside the
    // page: the rim's own step is found first, and the side stays.
    let scene = DeskScene.placed(longSide: 700, desk: .plain(0.5))
    var image = scene.render()
    let right = scene.truth.corners.map(\.x).max()!
    for y in 0..<image.height {
      for x in Int(right) + 14..<Int(right) + 18 { image[x, y] = 60 }
    }
    let outside = shrunk(scene.truth, by: -3)
    let snapped = snap.snapped(outside, in: image)
    XCTAssertLessThan(snapped.corners.map(\.x).max()!, right + 5)
    XCTAssertGreaterThan(snapped.intersectionOverUnion(with: outside), 0.99)
  }

  func testAnEmptyDeskAroundTheOutlineMovesNothing() {
    var image = LumaImage(width: 1280, height: 720, fill: 128)
    addNoise(to: &image, amplitude: 6)
    let quad = Quad(unordered: [
      Point(x: 300, y: 200), Point(x: 900, y: 200), Point(x: 900, y: 560), Point(x: 300, y: 560),
    ])
    XCTAssertEqual(snap.snapped(quad, in: image), quad)
  }

  private func addNoise(to image: inout LumaImage, amplitude: Int) {
    var state: UInt64 = 7
    for index in image.pixels.indices {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let noise = Int(state >> 33) % (2 * amplitude + 1) - amplitude
      image.pixels[index] = UInt8(clamping: Int(image.pixels[index]) + noise)
    }
  }
}
