import CZXingShim
import DocScanBarcode
import DocScanCore
import DocScanTestSupport
import Foundation
import XCTest

/// Whole 1280x720 frames, as the element will hand them over: the time a
/// read takes with and without a barcode in view, by reader options, and
/// that the default options read a PDF417 lying at 0 and at 90 degrees.
final class BarcodeFrameTests: XCTestCase {
  /// A driver-licence-like payload (AAMVA header, a few elements).
  static let payload =
    "@\n\u{1e}\rANSI 636000100002DL00410278ZV03190008DLDAQT64235789\nDCSSAMPLE\nDDEN\n"
    + "DACMICHAEL\nDDFN\nDADJOHN\nDDGN\nDCAD\nDCBK\nDCDPH\nDBD06062019\nDBB06061986\n"
    + "DBA12102024\nDBC1\nDAU068 in\nDAYBRO\nDAG2300 WEST BROAD STREET\nDAIRICHMOND\nDAJVA\n"
    + "DAK232690000  \nDCF2424244747474786102204\nDCGUSA\nDCK123456789\nDDAF\nDDB06062018\r"

  /// The document fixture (a passport page on a desk) with `symbol` pasted
  /// on the page's lower half, slightly blurred like a camera image.
  static func frame(with symbol: LumaImage?) -> LumaImage {
    var frame = DocumentFixture().render()
    if let symbol {
      BarcodeGeneratedTests.paste(
        symbol, into: &frame, x: (frame.width - symbol.width) / 2,
        y: min(frame.height - symbol.height - 20, frame.height / 2))
    }
    return frame.gaussianBlurred(sigma: 0.8)
  }

  /// The median of three reads, in ms, and what the last one read.
  func time(_ reader: BarcodeReader, _ image: LumaImage, _ symbologies: Set<BarcodeSymbology>)
    -> (ms: Double, found: [DecodedBarcode])
  {
    var times: [Double] = []
    var found: [DecodedBarcode] = []
    for _ in 0..<3 {
      let start = ContinuousClock.now
      found = reader.read(image, symbologies: symbologies)
      times.append(BarcodeSamples.milliseconds(since: start))
    }
    return (times.sorted()[times.count / 2], found)
  }

  func testFramesByOptions() throws {
    let symbol = try BarcodeGeneratedTests.symbol(
      UInt32(DOCSCAN_ZXING_PDF417), Self.payload, module: 2, quiet: 4)
    let withPDF417 = Self.frame(with: symbol)
    var frames: [(String, LumaImage, Bool)] = [
      ("no barcode", Self.frame(with: nil), false),
      ("PDF417 \(symbol.width)x\(symbol.height)", withPDF417, true),
      ("PDF417 at 90 deg", withPDF417.rotatedClockwise(), true),
    ]
    // A real camera sample (pdf417-3/05, 846x419) on the page, when present.
    if let scratch = try? BarcodeSamples.makeScratchFolder(),
      let folder = try? BarcodeSamples.folder("pdf417-3"),
      let sample = try? BarcodeSamples.load(
        folder.appendingPathComponent("05.webp"), scratch: scratch)
    {
      frames.append(("sample pdf417-3/05", Self.frame(with: sample), true))
      try? FileManager.default.removeItem(at: scratch)
    }
    let options: [(String, BarcodeReader.Options)] = [
      ("default", BarcodeReader.Options()),
      ("+downscale", BarcodeReader.Options(tryDownscale: true)),
      ("-second binarizer", BarcodeReader.Options(secondBinarizer: false)),
      ("-rotate", BarcodeReader.Options(tryRotate: false)),
    ]
    let sets: [(String, Set<BarcodeSymbology>)] = [
      ("pdf417", [.pdf417]),
      ("pdf417,qrcode", [.pdf417, .qrcode]),
      ("linear", Set(BarcodeSymbology.all.filter(\.isLinear))),
      ("all", Set(BarcodeSymbology.all)),
    ]
    for (frameName, image, hasBarcode) in frames {
      for (optionName, option) in options {
        let reader = BarcodeReader(options: option)
        var row: [String] = []
        for (setName, symbologies) in sets {
          let (ms, found) = time(reader, image, symbologies)
          let readPDF417 = found.contains { $0.symbology == .pdf417 }
          row.append(String(format: "%@ %.1f ms%@", setName, ms, readPDF417 ? " (read)" : ""))
          if optionName == "default" && hasBarcode && symbologies.contains(.pdf417) {
            XCTAssertTrue(readPDF417, "\(frameName), \(setName)")
            if frameName.hasPrefix("PDF417") {
              XCTAssertEqual(found.first?.bytes, Array(Self.payload.utf8), frameName)
            }
          }
          if !hasBarcode { XCTAssertEqual(found, [], "\(frameName), \(setName)") }
        }
        print(
          "BARCODE frame \(image.width)x\(image.height) \(frameName), \(optionName): "
            + row.joined(separator: " | "))
      }
    }
  }
}
