import DocScanCore
import XCTest

/// Small values: rectangles, analysis sizes, instructions, tones, structures.
final class ValuesTests: XCTestCase {
  func testPixelRectClampsAndCentres() {
    let frame = PixelRect(x: 0, y: 0, width: 100, height: 50)
    XCTAssertEqual(
      PixelRect(x: -10, y: 40, width: 30, height: 30).clamped(to: frame),
      PixelRect(x: 0, y: 40, width: 20, height: 10))
    XCTAssertTrue(PixelRect(x: 200, y: 0, width: 5, height: 5).clamped(to: frame).isEmpty)
    XCTAssertEqual(frame.central(fraction: 0.5), PixelRect(x: 25, y: 12, width: 50, height: 25))
  }

  func testAnalysisSizeCapsTheLongSide() {
    XCTAssertTrue(AnalysisSize.forFrame(width: 1280, height: 720) == (1280, 720))
    XCTAssertTrue(AnalysisSize.forFrame(width: 1920, height: 1080) == (1280, 720))
    XCTAssertTrue(AnalysisSize.forFrame(width: 3840, height: 2160) == (1280, 720))
    XCTAssertTrue(AnalysisSize.forFrame(width: 1081, height: 1919) == (721, 1280))
    XCTAssertTrue(AnalysisSize.forFrame(width: 64, height: 64) == (64, 64))
  }

  func testInstructionPriorities() {
    XCTAssertEqual(
      Instruction.choose(status: .sideInProgress, detection: .success, events: [.glare, .blur]),
      .holdStill)
    XCTAssertEqual(
      Instruction.choose(status: .sideInProgress, detection: .success, events: [.glare]),
      .removeReflection)
    XCTAssertEqual(
      Instruction.choose(status: .sideInProgress, detection: .cameraTooFar, events: []), .moveCloser
    )
    XCTAssertEqual(
      Instruction.choose(status: .sideInProgress, detection: .failed, events: []), .placeDocument)
    XCTAssertEqual(
      Instruction.choose(status: .cancelled, detection: .failed, events: [.blur]), .cancelled)
    XCTAssertEqual(Instruction.choose(status: .timeout, detection: .success, events: []), .timedOut)
  }

  func testToneFollowsDetectionAndEvents() {
    XCTAssertEqual(AnnotationPlan.Tone(detection: .success, events: []), .good)
    XCTAssertEqual(AnnotationPlan.Tone(detection: .success, events: [.blur]), .warning)
    XCTAssertEqual(AnnotationPlan.Tone(detection: .cameraTooClose, events: []), .warning)
    XCTAssertEqual(AnnotationPlan.Tone(detection: .failed, events: []), .problem)
  }

  func testAnnotationRoundingHidesInvisibleChanges() {
    var plan = AnnotationPlan.idle
    plan.blur = 0.301
    var other = plan
    other.blur = 0.304
    XCTAssertEqual(plan.rounded, other.rounded)
    other.blur = 0.33
    XCTAssertNotEqual(plan.rounded, other.rounded)
  }

  func testStatusNamesAreSpecs() {
    XCTAssertEqual(
      ScanningStatus.allCases.map(\.rawValue),
      [
        "side-in-progress", "barcode-in-progress", "side-scanned", "document-scanned", "cancelled",
        "timeout",
      ])
    XCTAssertEqual(
      DetectionStatus.allCases.map(\.rawValue),
      [
        "success", "failed", "camera-too-far", "camera-too-close", "camera-angle-too-steep",
        "document-too-close-to-edge", "document-partially-visible",
      ])
    XCTAssertEqual(
      FeedbackEvent.allCases.map(\.rawValue),
      [
        "blur", "glare", "tilt", "too-far", "too-close", "too-close-to-edge", "not-fully-visible",
        "wrong-side", "occlusion", "request-side-back", "request-side-barcode",
      ])
  }

  func testFeedbackStructureRoundTripsWithoutGStreamer() throws {
    let message = FeedbackMessage(
      times: StreamTimes(timestamp: 5, streamTime: nil, runningTime: 7), session: 2, side: .barcode,
      scanningStatus: .barcodeInProgress, detectionStatus: .success, events: [.requestSideBarcode],
      instruction: "Show the barcode", blur: 0.5, glare: 0.25, quad: [0, 0, 1, 0, 1, 1, 0, 1])
    let structure = message.structure
    XCTAssertEqual(structure.name, "docscan-feedback")
    XCTAssertEqual(structure.uint64("stream-time"), UInt64.max)
    XCTAssertEqual(try FeedbackMessage(structure: structure), message)
    var wrong = structure
    wrong.fields[wrong.fields.firstIndex { $0.name == "quad" }!].value = .doubles([1, 2])
    XCTAssertThrowsError(try FeedbackMessage(structure: wrong))
    wrong = structure
    wrong.name = "other"
    XCTAssertThrowsError(try FeedbackMessage(structure: wrong))
  }

  func testLumaImageGeometry() {
    var image = LumaImage(width: 3, height: 2, stride: 4, fill: 9)
    image[2, 1] = 200
    XCTAssertEqual(image.pixels.count, 8)
    XCTAssertEqual(image.pixels[6], 200)
    XCTAssertEqual(image.bounds, PixelRect(x: 0, y: 0, width: 3, height: 2))
  }
}
