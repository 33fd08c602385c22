import DocScanCore
import Foundation
import XCTest

/// The zxing-cpp PDF417 samples (`../shared/data/zxing-pdf417`, see its
/// SOURCE.md) as stills through `docscan mode=barcode`, upright and turned
/// a quarter: the `barcode-data` of the result must be the sample's payload
/// exactly (its bytes, base64 decoded when flagged).
final class BarcodeSamplePipelineTests: XCTestCase {
  static let dataFolder = GStreamerRunner.packageRoot
    .appendingPathComponent("../shared/data/zxing-pdf417").standardizedFileURL

  /// Samples that must read, per folder (all of them).
  static let required = ["pdf417-1": 17, "pdf417-2": 25, "pdf417-3": 16]

  func testEverySampleReadsExactlyThroughTheElement() throws {
    var report: [String] = []
    var failures: [String] = []
    for folderName in Self.required.keys.sorted() {
      let folder = Self.dataFolder.appendingPathComponent(folderName)
      guard FileManager.default.fileExists(atPath: folder.path) else {
        throw XCTSkip(
          "!!! PDF417 SAMPLE DATA MISSING: \(folder.path) does not exist; "
            + "the PDF417 pipeline test did NOT run !!!")
      }
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        .filter { $0.hasSuffix(".png") || $0.hasSuffix(".webp") }.sorted()
      for rotation in ["none", "clockwise"] {
        var exact = 0
        for name in names {
          let expected = try Self.expected(name, in: folder)
          let read = try Self.readThroughElement(folder.appendingPathComponent(name), rotation)
          if read == expected {
            exact += 1
          } else {
            failures.append("\(folderName)/\(name) @ \(rotation)")
          }
        }
        let line = "\(folderName) @ \(rotation): \(exact)/\(names.count) exact"
        print("PDF417 through docscan: \(line)")
        report.append(line)
        XCTAssertGreaterThanOrEqual(
          exact, Self.required[folderName]!, "\(line); missed: \(failures)")
      }
    }
    print("PDF417 through docscan, missed: \(failures)")
  }

  /// The sample's payload: a `.txt` file's text (UTF-8) or a `.bin` file's bytes.
  static func expected(_ image: String, in folder: URL) throws -> [UInt8] {
    let stem = String(image[..<image.lastIndex(of: ".")!])
    let text = folder.appendingPathComponent(stem + ".txt")
    let file =
      FileManager.default.fileExists(atPath: text.path)
      ? text : folder.appendingPathComponent(stem + ".bin")
    return [UInt8](try Data(contentsOf: file))
  }

  /// The bytes of the result's `barcode-data`; nil without a result. The
  /// still gets a white border (samples are as small as 103x21; the element
  /// takes 64x64 and up, and a quiet zone is what a printed code has).
  static func readThroughElement(_ image: URL, _ rotation: String) throws -> [UInt8]? {
    let (output, messages) = try GStreamerRunner.launch(
      "filesrc location=\(image.path) ! decodebin ! videoconvert ! imagefreeze num-buffers=5 ! "
        + "videobox fill=white top=-32 bottom=-32 left=-32 right=-32 ! "
        + "videoflip method=\(rotation) ! videoconvert ! "
        + "docscan mode=barcode analysis=sync ! fakesink")
    XCTAssertEqual(output.status, 0, output.stderr)
    guard let structure = messages.first(where: { $0.name == ResultMessage.structureName })
    else { return nil }
    let result = try ResultMessage(structure: structure)
    XCTAssertEqual(result.barcodeType, "pdf417")
    XCTAssertTrue(result.barcodeExtracted)
    return result.barcodeData?.bytes
  }
}
