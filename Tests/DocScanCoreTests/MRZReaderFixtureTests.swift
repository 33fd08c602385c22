import DocScanCore
import DocScanOCR
import DocScanTestSupport
import XCTest

/// The MRZ reader on the project's rendered documents as the session sees
/// them (dewarped to 720 pixels), clean and under camera effects: one frame
/// must already read exactly.
final class MRZReaderFixtureTests: XCTestCase {
  static let passportTD3 = DocumentFixture.mrz
  static let cardBackTD1 = DocumentFixture.td1Mrz

  func render(_ mrz: [String]) -> LumaImage {
    let size = (mrz.count == 3 ? DocumentShape.id1 : .td3).dewarpedSize(longSide: 720)
    var fixture = DocumentFixture(
      frameWidth: size.width, frameHeight: size.height,
      page: PixelRect(x: 0, y: 0, width: size.width, height: size.height))
    fixture.mrz = mrz
    return fixture.render()
  }

  func testRenderedDocumentsReadExactlyUnderCameraEffects() throws {
    let reader = try TesseractMRZReader(tessdata: nil)
    let effects: [(String, (LumaImage) -> LumaImage)] = [
      ("clean", { $0 }),
      ("noisy", { $0.noisy(amplitude: 12, seed: 7) }),
      ("blurred", { $0.gaussianBlurred(sigma: 1.2) }),
      ("low light", { $0.lit(left: 0.4, right: 0.5).noisy(amplitude: 4, seed: 3) }),
      ("upside down", { $0.rotatedHalfTurn() }),
    ]
    for mrz in [Self.passportTD3, Self.cardBackTD1] {
      for (name, effect) in effects {
        let image = effect(render(mrz))
        let reading = reader.readMRZ(in: image) ?? reader.readMRZ(in: image.rotatedHalfTurn())
        let best = reading?.bestLines ?? []
        let corrected = MRZFormat.detect(lines: best).flatMap {
          MRZCorrector.correct(best, format: $0)
        }
        XCTAssertEqual(corrected, mrz, "\(mrz.count)-line MRZ, \(name): read \(best)")
      }
    }
  }
}
