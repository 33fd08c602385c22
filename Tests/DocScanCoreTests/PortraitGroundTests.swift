import DocScanCore
import DocScanOpenCV
import DocScanTestSupport
import Foundation
import XCTest

@testable import DocScanCore

/// A portrait's white ground at the sensor's ceiling is no glare; a
/// highlight is, over the print and over the face. Cards are made of the
/// specimen scans' real faces (OpenCV's face cascade; nothing about faces
/// was set on them) on a tinted page with rows of print.
final class PortraitGroundTests: XCTestCase {
  static let limit = SessionSettings().glareThreshold
  let imaging = OpenCVImaging()

  /// A 720 x 454 ID-1 card: paper at 200, rows of dark print on the right,
  /// and a photo on the left whose plain ground is clipped white around
  /// the face cut from `scan` (its grey). nil when no face is found on the
  /// scan.
  func card(withFaceOf scan: ColourImage) -> LumaImage? {
    let minimum = Int((Double(scan.height) * 0.12).rounded())
    let faces = imaging.faces(in: scan, minimumSize: minimum)
    guard let face = faces.max(by: { $0.box.area < $1.box.area }) else { return nil }
    var card = LumaImage(width: 720, height: 454, fill: 200)
    for row in stride(from: 40, to: 420, by: 26) {
      for x in stride(from: 330, to: 690, by: 13) {
        for y in row..<(row + 12) {
          for dx in 0..<8 { card[x + dx, y] = 40 }
        }
      }
    }
    // The face box 118 px tall (0.26 of the card's height), its top 150
    // px down and centred 160 px from the left, on a ground reaching the
    // ICAO photo's proportions around it.
    let side = 118
    let box = PixelRect(x: 160 - side / 2, y: 150, width: side, height: side)
    let ground = PixelRect(
      x: 160 - side, y: box.y - Int(0.75 * Double(side)), width: 2 * side,
      height: Int(2.6 * Double(side)))
    for y in ground.y..<(ground.y + ground.height) {
      for x in ground.x..<(ground.x + ground.width) { card[x, y] = 252 }
    }
    // The face and a margin of its own photo around it, scaled into place.
    let margin = face.box.width / 6
    let source = PixelRect(
      x: face.box.x - margin, y: face.box.y - margin, width: face.box.width + 2 * margin,
      height: face.box.height + 2 * margin)
    let target = PixelRect(
      x: box.x - side / 6, y: box.y - side / 6, width: side + side / 3, height: side + side / 3)
    for y in 0..<target.height {
      for x in 0..<target.width {
        let sx = min(scan.width - 1, max(0, source.x + x * source.width / target.width))
        let sy = min(scan.height - 1, max(0, source.y + y * source.height / target.height))
        let at = 3 * (sy * scan.width + sx)
        let grey =
          (299 * Int(scan.pixels[at]) + 587 * Int(scan.pixels[at + 1])
            + 114 * Int(scan.pixels[at + 2])) / 1000
        card[target.x + x, target.y + y] = UInt8(min(244, grey))
      }
    }
    return card
  }

  func specimenCards() throws -> [(name: String, card: LumaImage)] {
    let folder = MRZSpecimenTests.dataFolder
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".png") }.sorted()
    XCTAssertEqual(files.count, 20, "the shared specimen scans are missing")
    // Every fourth scan: five real faces of different people and prints.
    return try stride(from: 0, to: files.count, by: 4).compactMap { index in
      let scan = try PortraitTests.picture(folder.appendingPathComponent(files[index]))
      return card(withFaceOf: scan).map { (files[index], $0) }
    }
  }

  func testAPortraitsClippedGroundIsSparedAndAHighlightOverThePrintIsNot() throws {
    let cards = try specimenCards()
    XCTAssertGreaterThanOrEqual(cards.count, 4, "faces found on too few specimens")
    let meter = GlareMeter()
    let inspector = QualityInspector()
    for (name, card) in cards {
      var ground = PortraitGround(imaging: imaging)
      let region = card.bounds.central(fraction: 0.94)
      func events(_ image: LumaImage, sparing: Bool = true) -> [FeedbackEvent] {
        inspector.inspect(
          image, region: region, blurLimit: 1, glareLimit: Self.limit,
          spared: { sparing ? ground.photoFrames(on: image) : [] }
        ).events
      }
      XCTAssertGreaterThan(
        meter.measure(card, in: region), Self.limit, "\(name): the white ground is clipped")
      XCTAssertEqual(events(card, sparing: false), [.glare], name)
      // Spared whichever way up the card lies, turned from one frame to
      // the next.
      for turns in [0, 1, 2, 3, 3, 0] {
        XCTAssertEqual(events(card.rotated(quarterTurns: turns)), [], "\(name), \(turns) turns")
      }
      let overPrint = card.withHighlight(centerX: 510, centerY: 230, radius: 90)
      XCTAssertEqual(events(overPrint), [.glare], "\(name): a highlight over the print")
      let overFace = card.withHighlight(centerX: 160, centerY: 209, radius: 75)
      XCTAssertEqual(events(overFace), [.glare], "\(name): a highlight over the face")
    }
  }

  func testAFrameFoundOnATurnedImageIsPlacedBackOnTheImageAsItLay() {
    let image = LumaImage(width: 30, height: 20)
    let rect = PixelRect(x: 2, y: 3, width: 5, height: 7)
    for turns in 0..<4 {
      // Mark the rectangle, turn the image, find the marked pixels there,
      // and place their bounds back.
      var marked = image
      for y in rect.y..<(rect.y + rect.height) {
        for x in rect.x..<(rect.x + rect.width) { marked[x, y] = 255 }
      }
      let turned = marked.rotated(quarterTurns: turns)
      var xs: [Int] = []
      var ys: [Int] = []
      for y in 0..<turned.height {
        for x in 0..<turned.width where turned[x, y] == 255 {
          xs.append(x)
          ys.append(y)
        }
      }
      let found = PixelRect(
        x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()! + 1,
        height: ys.max()! - ys.min()! + 1)
      XCTAssertEqual(found.turnedBack(quarterTurns: turns, in: turned), rect, "\(turns) turns")
    }
  }
}
