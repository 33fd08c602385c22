import DocScanCore
import DocScanTestSupport
import Foundation

// blur-calibration: the blur meter's calibration helper, driven by
// Tests/Calibration/blur_calibration.py.
//
//   blur-calibration render DIR            the fixture pages (TD3 data page, TD1 back,
//                                          ID-1 front) at several sizes, as grey PGM
//   blur-calibration measure [-h H] FILE.. blur of each PGM over its central 94 %
//                                          (as the element measures the dewarped
//                                          document), one "value<TAB>file" line each
//   blur-calibration time                  milliseconds per 720 x 507 page

func crop(_ image: LumaImage, _ rect: PixelRect) -> LumaImage {
  var out = LumaImage(width: rect.width, height: rect.height)
  for y in 0..<rect.height {
    for x in 0..<rect.width { out[x, y] = image[rect.x + x, rect.y + y] }
  }
  return out
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "render":
  let directory = arguments.count > 1 ? arguments[1] : "."
  // TD3 data pages: the page's height in the frame.
  for pageHeight in [340, 507, 760, 1100, 1600] {
    let width = Int(Double(pageHeight) * 125 / 88)
    var fixture = DocumentFixture(
      frameWidth: width + 40, frameHeight: pageHeight + 40,
      page: PixelRect(x: 20, y: 20, width: width, height: pageHeight))
    crop(fixture.render(), fixture.page).writePGM(to: "\(directory)/fixture_td3_\(pageHeight).pgm")
    fixture.mrz = DocumentFixture.td1Mrz
    let cardWidth = Int(Double(pageHeight) * 85.6 / 54)
    fixture.frameWidth = cardWidth + 40
    fixture.page = PixelRect(x: 20, y: 20, width: cardWidth, height: pageHeight)
    crop(fixture.render(), fixture.page).writePGM(to: "\(directory)/fixture_td1_\(pageHeight).pgm")
  }
  for height in [340, 454, 700, 1100] {
    let width = Int(Double(height) * 85.6 / 54)
    CardFront.render(width: width, height: height).writePGM(
      to: "\(directory)/fixture_front_\(height).pgm")
  }
case "measure":
  var meter = BlurMeter()
  // Tuning: the meter's parameters from the environment.
  let environment = ProcessInfo.processInfo.environment
  if let value = environment["BLUR_SPREAD_QUANTILE"].flatMap(Double.init) {
    meter.spreadQuantile = value
  }
  if let value = environment["BLUR_STRONG"].flatMap(Double.init) {
    meter.strongEdgeFraction = value
  }
  if let value = environment["BLUR_ANISOTROPY"].flatMap(Double.init) {
    meter.anisotropyWeight = value
  }
  if let value = environment["BLUR_BOUNDARY"].flatMap(Double.init) { meter.boundary = value }
  if let value = environment["BLUR_CONTRAST_QUANTILE"].flatMap(Double.init) {
    meter.strokeContrastQuantile = value
  }
  var files = Array(arguments.dropFirst())
  if files.first == "-h", files.count > 1, let height = Double(files[1]) {
    meter.characterHeight = height
    files.removeFirst(2)
  }
  for file in files {
    guard let image = LumaImage(pgmFile: file) else {
      print("nan\t\(file)")
      continue
    }
    let value = meter.measure(image, in: image.bounds.central(fraction: 0.94))
    print(String(format: "%.4f\t%@", value, file))
  }
case "time":
  let fixture = DocumentFixture(
    frameWidth: 760, frameHeight: 547, page: PixelRect(x: 20, y: 20, width: 720, height: 507))
  let page = crop(fixture.render(), fixture.page).gaussianBlurred(sigma: 0.8).noisy(
    amplitude: 3, seed: 7)
  let meter = BlurMeter()
  let region = page.bounds.central(fraction: 0.94)
  var total = 0.0
  for _ in 0..<5 { total += meter.measure(page, in: region) }
  let rounds = 200
  let start = DispatchTime.now().uptimeNanoseconds
  for _ in 0..<rounds { total += meter.measure(page, in: region) }
  let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(rounds)
  print(String(format: "%.3f ms per 720x507 page (blur %.3f)", elapsed, total / Double(rounds + 5)))
default:
  print("usage: blur-calibration render DIR | measure [-h H] FILE... | time")
}
