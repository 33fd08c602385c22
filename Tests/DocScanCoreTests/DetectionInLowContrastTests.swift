import DocScanCore
import DocScanOpenCV
import DocScanTestSupport
import XCTest

/// A pale page on a desk of almost its own level (a white desk in low
/// light): only the region unlike the desk finds it, with the desk model's
/// floors scaled to the frame's small level spread.
final class DetectionInLowContrastTests: XCTestCase {
  func testAPageThreeLevelsFromTheDeskIsFound() {
    // Page at 80, desk at 77 (0.302 x 255), a little dark print (under 1 %
    // of the frame, so the frame's level spread stays small).
    var page = LumaImage(width: 900, height: 634, fill: 80)
    for row in stride(from: 80, to: 560, by: 120) {
      for y in row..<(row + 4) {
        for x in 100..<500 { page[x, y] = 40 }
      }
    }
    var scene = DeskScene.placed(longSide: 700, rotation: 5, desk: .plain(0.302))
    scene.page = page
    let image = scene.render()
    let seen = DocumentDetector().detect(
      candidates: OpenCVVision().outlines(in: image, chroma: nil), frameWidth: image.width,
      frameHeight: image.height, image: image)
    XCTAssertEqual(seen.status, .success)
    XCTAssertGreaterThan(seen.quad?.intersectionOverUnion(with: scene.truth) ?? 0, 0.95)
  }
}
