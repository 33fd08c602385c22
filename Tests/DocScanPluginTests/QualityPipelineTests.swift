import DocScanCore
import DocScanTestSupport
import XCTest

/// Blur and glare measured by the element on rendered document frames.
final class QualityPipelineTests: XCTestCase {
  static let fixture = DocumentFixture(frameWidth: 1280, frameHeight: 720)
  static let sharp = fixture.render()

  func testBlurRisesWithSigmaThroughTheElement() throws {
    let sigmas = [0.0, 1.5, 3.0, 5.0]
    let blurs = try sigmas.map { sigma -> Double in
      let feedback = try FixtureFrames.feedback(for: Self.sharp.gaussianBlurred(sigma: sigma))
      return try XCTUnwrap(feedback.first).blur
    }
    print("element blur by sigma \(sigmas): \(blurs)")
    for (before, after) in zip(blurs, blurs.dropFirst()) { XCTAssertLessThan(before, after) }
    let sharpFeedback = try FixtureFrames.feedback(for: Self.sharp)
    XCTAssertFalse(try XCTUnwrap(sharpFeedback.first).events.contains(.blur))
    let blurred = try FixtureFrames.feedback(for: Self.sharp.gaussianBlurred(sigma: 5))
    let first = try XCTUnwrap(blurred.first)
    XCTAssertEqual(first.events, [.blur])
    XCTAssertEqual(first.instruction, "Keep document and camera still")
  }

  func testGlareRisesWithHighlightAreaThroughTheElement() throws {
    let radii = [0.0, 30, 45, 60, 100]
    let glares = try radii.map { radius -> Double in
      let image = Self.sharp.withHighlight(centerX: 640, centerY: 360, radius: radius)
      return try XCTUnwrap(try FixtureFrames.feedback(for: image).first).glare
    }
    print("element glare by highlight radius \(radii): \(glares)")
    XCTAssertEqual(glares[0], 0, accuracy: 0.001)
    // A highlight a few characters across hides too little to count.
    XCTAssertEqual(glares[1], 0, accuracy: 0.001)
    for (before, after) in zip(glares.dropFirst(), glares.dropFirst(2)) {
      XCTAssertLessThan(before, after)
    }
    let glared = try FixtureFrames.feedback(
      for: Self.sharp.withHighlight(centerX: 640, centerY: 360, radius: 60))
    let first = try XCTUnwrap(glared.first)
    XCTAssertEqual(first.events, [.glare])
    XCTAssertEqual(first.instruction, "Tilt or move document to remove reflection")
  }

  func testMeasuresAgreeAcrossFormatsAndRanges() throws {
    // I420/NV12/YUY2 carry studio-range luma (16..235), RGB and GRAY8 full
    // range: analysis must see the same levels either way.
    let image = Self.sharp.withHighlight(centerX: 640, centerY: 360, radius: 60)
    var glares: [String: Double] = [:]
    var blurs: [String: Double] = [:]
    for format in ["I420", "NV12", "YUY2", "GRAY8", "RGBx", "BGR"] {
      let first = try XCTUnwrap(
        try FixtureFrames.feedback(for: image, frames: 1, format: format).first)
      glares[format] = first.glare
      blurs[format] = first.blur
    }
    print("glare by format: \(glares), blur by format: \(blurs)")
    let reference = try XCTUnwrap(glares["RGBx"])
    XCTAssertGreaterThan(reference, 0.03)
    for (format, glare) in glares {
      XCTAssertEqual(glare, reference, accuracy: reference * 0.2, format)
      XCTAssertEqual(blurs[format]!, blurs["RGBx"]!, accuracy: 0.03, format)
    }
  }

  func testThresholdPropertiesMoveTheEvents() throws {
    let slightlyBlurred = Self.sharp.gaussianBlurred(sigma: 1.5)
    let strict = try FixtureFrames.feedback(for: slightlyBlurred, properties: "blur-threshold=0.05")
    XCTAssertTrue(try XCTUnwrap(strict.first).events.contains(.blur))
    let lenient = try FixtureFrames.feedback(
      for: slightlyBlurred, properties: "blur-threshold=0.99")
    XCTAssertFalse(try XCTUnwrap(lenient.first).events.contains(.blur))
  }

  func testMessagesCarryTheSpecFieldsAndTypes() throws {
    let feedback = try FixtureFrames.feedback(for: Self.sharp, frames: 1)
    let message = try XCTUnwrap(feedback.first)
    // Decoding succeeded, so every field had SPEC's type; check the values.
    XCTAssertEqual(message.session, 1)
    XCTAssertEqual(message.side, .front)
    XCTAssertEqual(message.scanningStatus, .sideInProgress)
    XCTAssertEqual(message.detectionStatus, .success)
    XCTAssertEqual(message.times.timestamp, 0)
    XCTAssertEqual(message.times.streamTime, 0)
    XCTAssertEqual(message.times.runningTime, 0)
    XCTAssertTrue((0...1).contains(message.blur))
    XCTAssertTrue((0...1).contains(message.glare))
    let quad = try XCTUnwrap(message.quad)
    let page = Self.fixture.page
    let truth = [
      page.x, page.y, page.x + page.width, page.y, page.x + page.width, page.y + page.height,
      page.x, page.y + page.height,
    ].map(Double.init)
    for (reported, expected) in zip(quad, truth) {
      XCTAssertEqual(reported, expected, accuracy: 6, "quad \(quad) vs \(truth)")
    }
  }
}
