import DocScanOpenCV
import DocScanTestSupport
import XCTest

@testable import DocScanCore

/// The fixtures' Gaussian blur, and OpenCV's unsharp mask that steepens a
/// soft edge before a barcode is read again.
final class ImageFiltersTests: XCTestCase {
  let vision = OpenCVVision()

  /// Dark on the left, light on the right, the edge at x = 20.
  func step(width: Int = 40, height: Int = 8) -> LumaImage {
    var image = LumaImage(width: width, height: height, fill: 200)
    for y in 0..<height {
      for x in 0..<width / 2 { image[x, y] = 40 }
    }
    return image
  }

  /// The largest difference between neighbours along row `y`.
  func steepest(_ image: LumaImage, row y: Int) -> Int {
    (1..<image.width).map { abs(Int(image[$0, y]) - Int(image[$0 - 1, y])) }.max() ?? 0
  }

  func testABlurSpreadsAnEdgeAndKeepsFlatAreasAsTheyAre() {
    let soft = step().gaussianBlurred(sigma: 1.5)
    XCTAssertLessThan(steepest(soft, row: 4), 80)
    XCTAssertEqual(soft[2, 4], 40)
    XCTAssertEqual(soft[37, 4], 200)
    XCTAssertEqual(LumaImage(width: 9, height: 9, fill: 77).gaussianBlurred(sigma: 2)[4, 4], 77)
  }

  func testTheUnsharpMaskSteepensASoftEdgeAndClampsItsOvershoot() throws {
    let soft = step().gaussianBlurred(sigma: 1.2)
    let sharpened = try XCTUnwrap(vision.unsharpMasked(soft, sigma: 1.4, amount: 1))
    XCTAssertGreaterThan(steepest(sharpened, row: 4), steepest(soft, row: 4) * 5 / 4)
    // The overshoot beside the edge goes below the dark and above the light
    // level, within 0...255.
    XCTAssertLessThan((0..<40).map { Int(sharpened[$0, 4]) }.min() ?? 255, 40)
    XCTAssertGreaterThan((0..<40).map { Int(sharpened[$0, 4]) }.max() ?? 0, 200)
    let harsh = try XCTUnwrap(vision.unsharpMasked(step(), sigma: 1.4, amount: 10))
    XCTAssertEqual(harsh[19, 4], 0)
    XCTAssertEqual(harsh[20, 4], 255)
    XCTAssertEqual(harsh[2, 4], 40, "away from the edge nothing changes")
  }

  func testAPaddedImageIsSharpenedByItsPixelsOnly() throws {
    var padded = LumaImage(width: 6, height: 3, stride: 16, fill: 255)
    for y in 0..<3 {
      for x in 0..<6 { padded[x, y] = 100 }
    }
    let sharpened = try XCTUnwrap(vision.unsharpMasked(padded, sigma: 1, amount: 1))
    XCTAssertEqual(sharpened.width, 6)
    XCTAssertTrue((0..<3).allSatisfy { y in (0..<6).allSatisfy { sharpened[$0, y] == 100 } })
  }

  func testTheColumnsAreFilteredAsTheRowsAre() throws {
    // The step turned a quarter: dark above, light below.
    var step = LumaImage(width: 8, height: 40, fill: 200)
    for y in 0..<20 {
      for x in 0..<8 { step[x, y] = 40 }
    }
    let soft = step.gaussianBlurred(sigma: 1.5)
    let rows = self.step().gaussianBlurred(sigma: 1.5)
    XCTAssertTrue((0..<40).allSatisfy { soft[4, $0] == rows[$0, 4] })
    let sharpened = try XCTUnwrap(vision.unsharpMasked(soft, sigma: 1.4, amount: 1))
    let sharpenedRows = try XCTUnwrap(vision.unsharpMasked(rows, sigma: 1.4, amount: 1))
    XCTAssertTrue((0..<40).allSatisfy { sharpened[4, $0] == sharpenedRows[$0, 4] })
  }

  func testNoSharpeningWithoutABlur() {
    XCTAssertNil(vision.unsharpMasked(step(), sigma: 0, amount: 1))
  }
}
