import DocScanCore
import DocScanOCR
import DocScanOpenCV
import DocScanTestSupport
import Foundation
import XCTest

@testable import DocScanCore

/// The portrait and which way up: OpenCV's face cascade on the specimen
/// scans (real photographs; nothing about faces was set on them), and the
/// choice of the frame a side's picture is made from.
final class PortraitTests: XCTestCase {
  /// A specimen scan as a colour picture 720 pixels wide (grey: the test
  /// reads the file's luma).
  static func picture(_ url: URL) throws -> ColourImage {
    let luma = try XCTUnwrap(LumaImage(pngFile: url.path), url.lastPathComponent)
    let corners = [
      Point(x: 0, y: 0), Point(x: Double(luma.width), y: 0),
      Point(x: Double(luma.width), y: Double(luma.height)), Point(x: 0, y: Double(luma.height)),
    ]
    let height = Int((720 * Double(luma.height) / Double(luma.width)).rounded())
    return try XCTUnwrap(
      OpenCVImaging().colourDewarp(
        luma, chroma: nil, quad: Quad(unordered: corners), width: 720, height: height))
  }

  func testPortraitIsFoundAndTurnedUprightOnTheSpecimensLyingEitherWay() throws {
    let folder = MRZSpecimenTests.dataFolder
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".png") }.sorted()
    XCTAssertEqual(files.count, 20, "the shared specimen scans are missing")
    let maker = PictureMaker(imaging: OpenCVImaging())
    var found = 0
    var upright = 0
    for name in files {
      let scan = try Self.picture(folder.appendingPathComponent(name))
      for turns in [0, 2] {
        let picture = maker.upright(
          scan.rotated(quarterTurns: turns), mrzUpsideDown: nil, findPortrait: true)
        if picture.portrait != nil { found += 1 }
        if picture.document == scan {
          upright += 1
        } else {
          print("upside down: \(name), \(turns)")
        }
      }
    }
    print("specimen portraits: found on \(found) of \(2 * files.count), upright \(upright)")
    XCTAssertEqual(found, 2 * files.count)
    XCTAssertEqual(upright, 2 * files.count)
  }

  func testTheSharpestWellPlacedFrameWithoutGlareIsKept() {
    let frame = AnalysisFrame(
      luma: LumaImage(width: 8, height: 8), sourceWidth: 8, sourceHeight: 8, times: .unknown)
    let quad = Quad(unordered: [
      Point(x: 0, y: 0), Point(x: 8, y: 0), Point(x: 8, y: 8), Point(x: 0, y: 8),
    ])
    func kept(blur: Double, wellPlaced: Bool = true, occluded: Bool = false) -> KeptFrame {
      KeptFrame(
        frame: frame, quad: quad, shape: .td3, blur: blur, passedQualityGate: wellPlaced,
        occluded: occluded, mrzUpsideDown: nil)
    }
    var images = SideImages()
    images.consider(kept(blur: 0.4), as: .mrz)
    images.consider(kept(blur: 0.2), as: .mrz)
    images.consider(kept(blur: 0.3), as: .mrz)
    images.consider(kept(blur: 0.05, wellPlaced: false), as: .mrz)
    images.consider(kept(blur: 0.1), as: .plain)
    XCTAssertEqual(images.take(.mrz)?.blur, 0.2, "the sharpest well-placed frame")
    XCTAssertNil(images.take(.mrz), "handed out once")
    images.consider(kept(blur: 0.05, wellPlaced: false), as: .mrz)
    XCTAssertEqual(images.take(.mrz)?.blur, 0.05, "a badly placed frame when there is no other")
    images.consider(kept(blur: 0.02, wellPlaced: false, occluded: true), as: .mrz)
    images.consider(kept(blur: 0.3, wellPlaced: false), as: .mrz)
    XCTAssertEqual(images.take(.mrz)?.blur, 0.3, "a frame with a hand over it comes last")
    images.consider(kept(blur: 0.02, wellPlaced: false, occluded: true), as: .mrz)
    XCTAssertEqual(images.take(.mrz)?.blur, 0.02, "but is better than no picture")
    images.consider(kept(blur: 0.1), as: .plain)
    images.forget()
    XCTAssertNil(images.take(.plain))
  }

  /// A card's back whose MRZ failed to read in its sharpest frame must not
  /// become the front's picture: the front's frames restart with any frame
  /// that shows an MRZ or a barcode (as SideFlow's count of front frames).
  func testAFrameWithAnMRZOrABarcodeEndsTheFrontsFrames() {
    let frame = AnalysisFrame(
      luma: LumaImage(width: 8, height: 8), sourceWidth: 8, sourceHeight: 8, times: .unknown)
    let quad = Quad(unordered: [
      Point(x: 0, y: 0), Point(x: 8, y: 0), Point(x: 8, y: 8), Point(x: 0, y: 8),
    ])
    func kept(blur: Double) -> KeptFrame {
      KeptFrame(
        frame: frame, quad: quad, shape: .id1, blur: blur, passedQualityGate: true,
        mrzUpsideDown: nil)
    }
    var images = SideImages()
    images.consider(kept(blur: 0.05), as: .plain)
    images.consider(kept(blur: 0.3), as: .mrz)
    XCTAssertNil(images.take(.plain), "the back's unread frame is not the front")
    images.consider(kept(blur: 0.05), as: .plain)
    images.consider(kept(blur: 0.3), as: .barcode)
    XCTAssertNil(images.take(.plain))
    images.consider(kept(blur: 0.2), as: .plain)
    images.consider(kept(blur: 0.1), as: .plain)
    XCTAssertEqual(images.take(.plain)?.blur, 0.1, "consecutive front frames: the sharpest")
    XCTAssertEqual(images.take(.barcode)?.blur, 0.3, "other kinds are kept")
  }

  func testWithoutACascadeNoFaceIsEverClaimed() throws {
    let imaging = OpenCVImaging(cascadePath: "/nonexistent/cascade.xml")
    XCTAssertFalse(imaging.hasFaceDetector)
    let scan = try Self.picture(
      MRZSpecimenTests.dataFolder.appendingPathComponent("passports_ICAO_Example.png"))
    XCTAssertTrue(OpenCVImaging().hasFaceDetector, "opencv-data's cascade is installed")
    XCTAssertFalse(OpenCVImaging().faces(in: scan, minimumSize: 40).isEmpty)
    XCTAssertEqual(imaging.faces(in: scan, minimumSize: 40), [])
  }

  func testColourImageTurnsAndCrops() {
    // 3 x 2: pixel value = 10 * row + column, in all three channels.
    let image = ColourImage(
      width: 3, height: 2,
      pixels: [0, 1, 2, 10, 11, 12].flatMap { [UInt8]($0, $0, $0) })
    func values(_ image: ColourImage) -> [UInt8] {
      stride(from: 0, to: image.pixels.count, by: 3).map { image.pixels[$0] }
    }
    XCTAssertEqual(values(image.rotated(quarterTurns: 1)), [10, 0, 11, 1, 12, 2])
    XCTAssertEqual(values(image.rotated(quarterTurns: 2)), [12, 11, 10, 2, 1, 0])
    XCTAssertEqual(values(image.rotated(quarterTurns: -1)), [2, 12, 1, 11, 0, 10])
    XCTAssertEqual(image.rotated(quarterTurns: 4), image)
    XCTAssertEqual(
      image.cropped(to: PixelRect(x: 1, y: 1, width: 5, height: 5)).map(values), [11, 12])
    XCTAssertNil(image.cropped(to: PixelRect(x: 5, y: 0, width: 2, height: 2)))
  }
}

extension [UInt8] {
  fileprivate init(_ a: UInt8, _ b: UInt8, _ c: UInt8) { self = [a, b, c] }
}
