import DocScanCore
import XCTest

/// A patch of the desk itself (a wood desk's grain) that differs from the
/// rest is no document, however it is shaped.
final class DetectionOfDeskPatchesTests: XCTestCase {
  /// A region unlike the desk, squashed like a page seen steeply, with
  /// sides that lie along straight edges for `support` of their length (the
  /// outline OpenCV's vision gave on an empty wood desk, development seed
  /// 3030 clip 11 at 3.6 s, analysed at 1280x720).
  func squashedRegion(support: Double) -> Outline {
    Outline(
      quad: .values([212, 294, 516, 260, 902, 298, 714, 336]), source: .unlikeDesk, fill: 0.86,
      sideSupport: support, weakestSideSupport: 0)
  }

  func detect(_ candidates: [Outline]) -> Detection {
    DocumentDetector().detect(candidates: candidates, frameWidth: 1280, frameHeight: 720)
  }

  func testARaggedPatchShapedLikeATiltedPageIsNoDocument() {
    // Its sides follow no straight edge: the desk's grain, not a page.
    XCTAssertEqual(detect([squashedRegion(support: 0.07)]).status, .failed)
    // A page seen that steeply has straight sides: too steep, as before.
    let page = detect([squashedRegion(support: 0.6)])
    XCTAssertEqual(page.status, .cameraAngleTooSteep)
    XCTAssertEqual(page.events, [.tilt])
  }

  func testARaggedRegionShapedAsADocumentFaceOnIsStillOne() {
    // A pale page on a light desk in low light: its region's sides show
    // little edge, but its shape is a document's seen face-on.
    let page = Outline(
      quad: .values([300, 200, 900, 200, 900, 620, 300, 620]), source: .unlikeDesk, fill: 0.95,
      sideSupport: 0.1, weakestSideSupport: 0)
    XCTAssertEqual(detect([page]).quad, page.quad)
  }

  func testADarkerEndOfAnEmptyDeskIsNoPageTheFrameCuts() {
    // Light falling off across an empty green desk: a region unlike the
    // rest of it, filling its outline, cut by three borders, whose one side
    // inside the frame follows no straight edge (development seed 6161
    // clip 3, the first frame, analysed at 1280x720).
    let shade = Outline(
      quad: .values([808, 0, 1278, 0, 1278, 718, 662, 718]), source: .unlikeDesk, fill: 1.0,
      sideSupport: 0.75, weakestSideSupport: 0)
    XCTAssertEqual(detect([shade]).status, .failed)
    // A page entering there shows its edge along that side.
    let page = Outline(
      quad: shade.quad, source: .unlikeDesk, fill: 1.0, sideSupport: 0.85, weakestSideSupport: 0.4)
    XCTAssertEqual(detect([page]).status, .documentPartiallyVisible)
  }
}
