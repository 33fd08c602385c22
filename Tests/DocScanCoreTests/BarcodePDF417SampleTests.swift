import DocScanBarcode
import DocScanCore
import Foundation
import XCTest

/// zxing-cpp's PDF417 blackbox samples read through `BarcodeReader`, held to
/// upstream's "tryHarder" thresholds (all of pdf417-1, -2 and -3), at 0 and
/// at 90 degrees, and pdf417-4's structured-append sets joined.
final class BarcodePDF417SampleTests: XCTestCase {
  let reader = BarcodeReader()
  var scratch: URL!

  override func setUpWithError() throws {
    scratch = try BarcodeSamples.makeScratchFolder()
  }

  override func tearDownWithError() throws {
    if let scratch { try? FileManager.default.removeItem(at: scratch) }
  }

  /// Whether one of `found` carries `expected`: a `.txt` payload is
  /// compared with the text, a `.bin` payload with the bytes, exactly.
  static func matches(_ found: [DecodedBarcode], _ expected: BarcodeSamples.Expected) -> Bool {
    found.contains { barcode in
      guard barcode.symbology == .pdf417 else { return false }
      switch expected {
      case .text(let text): return barcode.text.map { Array($0.utf8) } == text
      case .bytes(let bytes): return barcode.bytes == bytes
      }
    }
  }

  func check(folder: String, images: Int, minimum: Int) throws {
    let samples = try BarcodeSamples.samples(folder, scratch: scratch)
    XCTAssertEqual(samples.count, images, "\(folder): images in the folder")
    for rotation in [0, 90] {
      var read = 0
      var times: [Double] = []
      var failed: [String] = []
      for sample in samples {
        let image = rotation == 90 ? sample.image.rotatedClockwise() : sample.image
        let start = ContinuousClock.now
        let found = reader.read(image, symbologies: [.pdf417])
        times.append(BarcodeSamples.milliseconds(since: start))
        if Self.matches(found, sample.expected) {
          read += 1
        } else {
          failed.append("\(sample.name) (read \(found.count) other)")
        }
      }
      let mean = times.reduce(0, +) / Double(max(1, times.count))
      print(
        "BARCODE \(folder) @ \(rotation) deg: \(read)/\(samples.count) read, "
          + String(format: "%.2f ms per image (max %.2f)", mean, times.max() ?? 0)
          + (failed.isEmpty ? "" : "; not read: \(failed.joined(separator: ", "))"))
      XCTAssertGreaterThanOrEqual(read, minimum, "\(folder) @ \(rotation): \(failed)")
    }
  }

  func testPDF417Folder1() throws {
    try check(folder: "pdf417-1", images: 17, minimum: 17)
  }

  func testPDF417Folder2() throws {
    try check(folder: "pdf417-2", images: 25, minimum: 25)
  }

  func testPDF417Folder3() throws {
    try check(folder: "pdf417-3", images: 16, minimum: 16)
  }

  /// pdf417-4: `NN-MM` images hold the symbols of set NN (one or several
  /// per image). `read` joins a set that is whole within one image; the
  /// parts of a set spread over images go through one assembler per set.
  /// The joined payload must equal `NN.bin` / `NN.txt`, at 0 degrees (as
  /// upstream) and at 90.
  func testPDF417StructuredAppendSetsJoin() throws {
    let folder = try BarcodeSamples.folder("pdf417-4")
    let names = try BarcodeSamples.imageNames(in: folder)
    let sets = Dictionary(grouping: names) { name in
      String(name[..<name.firstIndex(of: "-")!])
    }
    XCTAssertEqual(sets.count, 3)
    var images: [String: LumaImage] = [:]
    for name in names {
      images[name] = try BarcodeSamples.load(folder.appendingPathComponent(name), scratch: scratch)
    }
    for rotation in [0, 90] {
      var joined = 0
      for (set, setImages) in sets.sorted(by: { $0.key < $1.key }) {
        let expected = try BarcodeSamples.expected(set, in: folder)
        var assembler = StructuredAppendAssembler()
        var results: [DecodedBarcode] = []
        var times: [Double] = []
        var symbols: [String] = []
        for name in setImages.sorted() {
          let image = rotation == 90 ? images[name]!.rotatedClockwise() : images[name]!
          let start = ContinuousClock.now
          let found = reader.read(image, symbologies: [.pdf417])
          times.append(BarcodeSamples.milliseconds(since: start))
          XCTAssertFalse(found.isEmpty, "pdf417-4/\(name) @ \(rotation): nothing read")
          for barcode in found {
            symbols.append(
              barcode.structuredAppend.map {
                "part \($0.index + 1)/\($0.count.map(String.init) ?? "?")"
              }
                ?? "whole \(barcode.bytes.count) bytes")
            if let whole = assembler.add(barcode) { results.append(whole) }
          }
        }
        let ok = Self.matches(results, expected)
        if ok { joined += 1 }
        print(
          "BARCODE pdf417-4 set \(set) @ \(rotation) deg: \(setImages.count) images, read "
            + "\(symbols.joined(separator: ", ")); joined \(ok ? "OK" : "FAILED"), "
            + String(format: "%.2f ms per image", times.reduce(0, +) / Double(times.count)))
        XCTAssertTrue(
          ok,
          "pdf417-4 set \(set) @ \(rotation): read \(results.map { $0.text ?? "\($0.bytes.count) bytes" })"
        )
        XCTAssertEqual(assembler.pendingParts, 0, "pdf417-4 set \(set): parts left over")
      }
      print("BARCODE pdf417-4 @ \(rotation) deg: \(joined)/3 sets joined")
    }
  }
}
