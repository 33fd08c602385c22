import DocScanCore
import DocScanTestSupport
import XCTest

/// Blur and glare on rendered document frames: they must track what a
/// reader sees.
final class QualityMetersTests: XCTestCase {
  // Rendered once: every test reads the same page.
  static let page = DocumentFixture(frameWidth: 640, frameHeight: 360)
  static let sharp = page.render()
  var region: PixelRect { Self.page.page }

  func testBlurRisesMonotonicallyWithGaussianSigma() {
    let meter = BlurMeter()
    let sigmas = [0.0, 0.6, 1.0, 1.5, 2.2, 3.0, 4.5]
    let values = sigmas.map { meter.measure(Self.sharp.gaussianBlurred(sigma: $0), in: region) }
    print("blur by gaussian sigma \(sigmas): \(values.map { ($0 * 1000).rounded() / 1000 })")
    for (before, after) in zip(values, values.dropFirst()) {
      XCTAssertLessThan(before, after, "blur must rise with sigma: \(values)")
    }
    XCTAssertLessThan(values[0], SessionSettings().blurThreshold, "a sharp page is not blurred")
    XCTAssertGreaterThan(values.last!, SessionSettings().blurThreshold, "sigma 4.5 is unreadable")
  }

  func testBlurRisesMonotonicallyWithMotionLength() {
    let meter = BlurMeter()
    let lengths = [1, 3, 5, 9, 15, 25]
    let values = lengths.map { meter.measure(Self.sharp.motionBlurred(length: $0), in: region) }
    print("blur by motion length \(lengths): \(values.map { ($0 * 1000).rounded() / 1000 })")
    for (before, after) in zip(values, values.dropFirst()) {
      XCTAssertLessThan(before, after, "blur must rise with motion: \(values)")
    }
    XCTAssertGreaterThan(values.last!, SessionSettings().blurThreshold)
  }

  func testBlurIsNotFooledBySensorNoise() {
    let meter = BlurMeter()
    let limit = SessionSettings().blurThreshold
    let sharp = meter.measure(Self.sharp.noisy(amplitude: 4, seed: 1), in: region)
    let blurred = meter.measure(
      Self.sharp.gaussianBlurred(sigma: 3).noisy(amplitude: 4, seed: 2), in: region)
    let shaken = meter.measure(
      Self.sharp.motionBlurred(length: 15).noisy(amplitude: 4, seed: 3), in: region)
    print("noisy page blur: sharp \(sharp), sigma 3 \(blurred), motion 15 \(shaken)")
    XCTAssertLessThan(sharp, limit)
    XCTAssertGreaterThan(blurred, limit)
    XCTAssertGreaterThan(shaken, limit)
  }

  func testBlurIgnoresBrightnessAndContrast() {
    let meter = BlurMeter()
    let normal = meter.measure(Self.sharp, in: region)
    let dim = meter.measure(Self.sharp.lit(left: 0.5, right: 0.5), in: region)
    XCTAssertEqual(normal, dim, accuracy: 0.05)
  }

  func testBlurOfFlatRegionIsUnreadable() {
    XCTAssertEqual(BlurMeter().measure(LumaImage(width: 50, height: 50, fill: 200), in: region), 1)
  }

  // MARK: Readability (issue 14)

  /// A TD3 data page as the element dewarps it: 720 x 507, MRZ capitals
  /// about 14 px tall (`BlurMeter.dewarpedCharacterHeight`).
  static let dewarped: LumaImage = {
    let fixture = DocumentFixture(
      frameWidth: 760, frameHeight: 547, page: PixelRect(x: 20, y: 20, width: 720, height: 507))
    let frame = fixture.render()
    var page = LumaImage(width: 720, height: 507)
    for y in 0..<507 {
      for x in 0..<720 { page[x, y] = frame[20 + x, 20 + y] }
    }
    return page
  }()
  /// Where the element measures: the central 94 %.
  var dewarpedRegion: PixelRect { Self.dewarped.bounds.central(fraction: 0.94) }

  func testSoftButReadableAndCrispPagesMeasureSharp() {
    let meter = BlurMeter()
    let limit = SessionSettings().blurThreshold
    let crisp = meter.measure(Self.dewarped, in: dewarpedRegion)
    // A 720p webcam: camera softness about 1 px, sensor noise.
    let soft = meter.measure(
      Self.dewarped.gaussianBlurred(sigma: 1.0).noisy(amplitude: 3, seed: 11), in: dewarpedRegion)
    let softer = meter.measure(
      Self.dewarped.gaussianBlurred(sigma: 1.3).noisy(amplitude: 4, seed: 12), in: dewarpedRegion)
    print("readable pages: crisp \(crisp), soft \(soft), softer \(softer)")
    XCTAssertLessThan(crisp, limit)
    XCTAssertLessThan(soft, limit, "a soft but readable webcam frame is not blurred")
    XCTAssertLessThan(softer, limit, "a soft but readable webcam frame is not blurred")
    XCTAssertLessThan(crisp, soft)
  }

  func testLowLightReadablePageMeasuresSharp() {
    let meter = BlurMeter()
    // Contrast and brightness down to 30 %, a soft lens, more noise.
    let dim = Self.dewarped.lit(left: 0.3, right: 0.3).gaussianBlurred(sigma: 1.0)
      .noisy(amplitude: 3, seed: 21)
    let value = meter.measure(dim, in: dewarpedRegion)
    print("low light page blur \(value)")
    XCTAssertLessThan(value, SessionSettings().blurThreshold)
  }

  func testBlurOfHalfTheCharacterHeightIsBlurred() {
    let meter = BlurMeter()
    let limit = SessionSettings().blurThreshold
    let half = Int(BlurMeter.dewarpedCharacterHeight / 2)  // 7 px
    // Defocus whose extent (2 sigma) is half a character; motion as long.
    let defocus = meter.measure(
      Self.dewarped.gaussianBlurred(sigma: Double(half) / 2), in: dewarpedRegion)
    let motion = meter.measure(Self.dewarped.motionBlurred(length: half), in: dewarpedRegion)
    let dimMotion = meter.measure(
      Self.dewarped.lit(left: 0.3, right: 0.3).motionBlurred(length: half), in: dewarpedRegion)
    print("half a character: defocus \(defocus), motion \(motion), dim motion \(dimMotion)")
    XCTAssertGreaterThan(defocus, limit)
    XCTAssertGreaterThan(motion, limit)
    XCTAssertGreaterThan(dimMotion, limit)
  }

  func testNoiseDoesNotMakeABlurredPageLookSharp() {
    let meter = BlurMeter()
    let limit = SessionSettings().blurThreshold
    let defocus = meter.measure(
      Self.dewarped.gaussianBlurred(sigma: 3.5).noisy(amplitude: 8, seed: 31), in: dewarpedRegion)
    let motion = meter.measure(
      Self.dewarped.motionBlurred(length: 7).noisy(amplitude: 8, seed: 32), in: dewarpedRegion)
    print("noisy blurred pages: defocus \(defocus), motion \(motion)")
    XCTAssertGreaterThan(defocus, limit)
    XCTAssertGreaterThan(motion, limit)
  }

  func testBlurScalesWithTheCharacterHeight() {
    // The same smear is worse for small text than for large.
    let page = Self.dewarped.gaussianBlurred(sigma: 2)
    let small = BlurMeter(characterHeight: 10).measure(page, in: dewarpedRegion)
    let large = BlurMeter(characterHeight: 30).measure(page, in: dewarpedRegion)
    XCTAssertGreaterThan(small, large)
  }

  func testGlareRisesWithHighlightArea() {
    let meter = GlareMeter()
    let centre = (x: region.x + region.width / 2, y: region.y + region.height / 2)
    let radii = [0.0, 10, 20, 35, 55, 80]
    let values = radii.map {
      meter.measure(
        Self.sharp.withHighlight(centerX: centre.x, centerY: centre.y, radius: $0), in: region)
    }
    print("glare by highlight radius \(radii): \(values.map { ($0 * 1000).rounded() / 1000 })")
    XCTAssertEqual(values[0], 0, accuracy: 0.001)
    // A highlight a few characters across hides too little to count.
    XCTAssertEqual(values[1], 0, accuracy: 0.001)
    for (before, after) in zip(values.dropFirst(2), values.dropFirst(3)) {
      XCTAssertLessThan(before, after, "glare must rise with highlight area: \(values)")
    }
    XCTAssertGreaterThan(values[3], SessionSettings().glareThreshold)
  }

  func testEvenlyLitWhitePageHasNoGlare() {
    var fixture = Self.page
    fixture.paperLevel = 0.97  // very white paper, luma about 247
    let page = fixture.render()
    let meter = GlareMeter()
    XCTAssertLessThan(meter.measure(page, in: region), 0.005)
    XCTAssertLessThan(meter.measure(page.lit(left: 0.85, right: 1.0), in: region), 0.005)
    XCTAssertLessThan(meter.measure(page.noisy(amplitude: 6, seed: 3), in: region), 0.005)
    let blank = LumaImage(width: 200, height: 200, fill: 250)
    XCTAssertEqual(meter.measure(blank, in: blank.bounds), 0)
  }

  func testAWhiteBandWhoseTextReadsIsNotGlare() {
    // A light desk makes the camera expose for it: the page's white band
    // (an MRZ strip on tinted paper) reaches the ceiling, its text stays dark.
    var image = Self.sharp
    let band = PixelRect(
      x: region.x, y: region.y + region.height * 3 / 4, width: region.width,
      height: region.height / 4)
    for y in band.y..<band.y + band.height {
      for x in band.x..<band.x + band.width where image[x, y] > 150 { image[x, y] = 252 }
    }
    let meter = GlareMeter()
    XCTAssertLessThan(meter.measure(image, in: region), 0.005)
    // The same band with a highlight over its text is glare.
    let glared = image.withHighlight(
      centerX: band.x + band.width / 2, centerY: band.y + band.height / 2, radius: 40)
    XCTAssertGreaterThan(meter.measure(glared, in: region), SessionSettings().glareThreshold)
  }

  func testAPatchIsSparedOnlyWhenItLiesWhollyInASparedPlace() {
    // A blank clipped square 60 px across on paper without print.
    var image = LumaImage(width: 400, height: 300, fill: 200)
    for y in 100..<160 {
      for x in 100..<160 { image[x, y] = 255 }
    }
    let meter = GlareMeter()
    let whole = meter.measure(image, in: image.bounds)
    XCTAssertGreaterThan(whole, SessionSettings().glareThreshold)
    let around = PixelRect(x: 80, y: 80, width: 100, height: 100)
    XCTAssertEqual(meter.measure(image, in: image.bounds, sparing: [around]), 0)
    // Reaching beyond the spared place, it counts whole.
    let half = PixelRect(x: 80, y: 80, width: 50, height: 100)
    XCTAssertEqual(meter.measure(image, in: image.bounds, sparing: [half]), whole)
  }

  func testGlareIgnoresIsolatedSparkles() {
    var image = Self.sharp
    for index in 0..<200 {
      image[region.x + (index * 37) % region.width, region.y + (index * 53) % region.height] = 255
    }
    XCTAssertEqual(GlareMeter().measure(image, in: region), 0, accuracy: 0.0005)
  }

  func testQualityInspectorRaisesEventsAboveLimits() {
    let inspector = QualityInspector()
    let clean = inspector.inspect(Self.sharp, region: region, blurLimit: 0.45, glareLimit: 0.02)
    XCTAssertEqual(clean.events, [])
    let blurred = inspector.inspect(
      Self.sharp.gaussianBlurred(sigma: 4), region: region, blurLimit: 0.45, glareLimit: 0.02)
    XCTAssertEqual(blurred.events, [.blur])
    let glared = inspector.inspect(
      Self.sharp.withHighlight(centerX: 320, centerY: 180, radius: 50), region: region,
      blurLimit: 0.45, glareLimit: 0.02)
    XCTAssertEqual(glared.events, [.glare])
  }
}
