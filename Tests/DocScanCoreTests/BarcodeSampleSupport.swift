import DocScanCore
import DocScanOCR
import DocScanTestSupport
import Foundation
import XCTest

/// The zxing-cpp PDF417 samples in `../shared/data/zxing-pdf417` (see its
/// SOURCE.md): each image beside its expected payload, `NN.txt` (text) or
/// `NN.bin` (bytes). PNGs load with cairo; WebPs are converted to grey PNGs
/// by gst-launch-1.0 (webpdec) into a temporary folder first.
enum BarcodeSamples {
  static let dataFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("../shared/data/zxing-pdf417").standardizedFileURL

  /// What an image should read as.
  enum Expected: Equatable {
    /// The text (UTF-8) of a `.txt` file.
    case text([UInt8])
    /// The bytes of a `.bin` file.
    case bytes([UInt8])
  }

  struct Sample {
    var name: String
    var image: LumaImage
    var expected: Expected
  }

  static func folder(_ name: String) throws -> URL {
    let folder = dataFolder.appendingPathComponent(name)
    guard FileManager.default.fileExists(atPath: folder.path) else {
      throw XCTSkip(
        "!!! PDF417 SAMPLE DATA MISSING: \(folder.path) does not exist; "
          + "the real PDF417 sample tests did NOT run !!!")
    }
    return folder
  }

  static func imageNames(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".png") || $0.hasSuffix(".webp") }.sorted()
  }

  /// The expected payload of `stem` (`NN` or `NN-variant`) in `folder`.
  static func expected(_ stem: String, in folder: URL) throws -> Expected {
    let text = folder.appendingPathComponent(stem + ".txt")
    if FileManager.default.fileExists(atPath: text.path) {
      return .text([UInt8](try Data(contentsOf: text)))
    }
    let bytes = folder.appendingPathComponent(stem + ".bin")
    return .bytes([UInt8](try Data(contentsOf: bytes)))
  }

  static func stem(_ name: String) -> String {
    String(name[..<name.lastIndex(of: ".")!])
  }

  /// Every image of a folder with its expected payload.
  static func samples(_ folderName: String, scratch: URL) throws -> [Sample] {
    let folder = try folder(folderName)
    return try imageNames(in: folder).map { name in
      Sample(
        name: "\(folderName)/\(name)",
        image: try load(folder.appendingPathComponent(name), scratch: scratch),
        expected: try expected(stem(name), in: folder))
    }
  }

  /// A PNG or WebP file as a grey image.
  static func load(_ file: URL, scratch: URL) throws -> LumaImage {
    var png = file
    if file.pathExtension == "webp" {
      png = scratch.appendingPathComponent(UUID().uuidString + ".png")
      try convertToPNG(file, png)
    }
    return try XCTUnwrap(LumaImage(pngFile: png.path), "cannot load \(file.path)")
  }

  /// Converts an image file to a grey PNG with gst-launch-1.0 (decodebin).
  static func convertToPNG(_ source: URL, _ target: URL) throws {
    let output = try ChildProcess.run([
      "gst-launch-1.0", "-q", "filesrc", "location=\(source.path)", "!", "decodebin", "!",
      "videoconvert", "!", "video/x-raw,format=GRAY8", "!", "pngenc", "!", "filesink",
      "location=\(target.path)",
    ])
    XCTAssertFalse(output.timedOut, "converting \(source.lastPathComponent): killed after 30 s")
    guard output.status == 0, FileManager.default.fileExists(atPath: target.path)
    else {
      throw XCTSkip(
        "!!! cannot convert \(source.lastPathComponent) to PNG with gst-launch-1.0 "
          + "(is the webpdec element installed? gst-inspect-1.0 webpdec) !!!")
    }
  }

  static func makeScratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("docscan-barcode-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Milliseconds since `start`.
  static func milliseconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) * 1000
      + Double(elapsed.components.attoseconds) / 1e15
  }
}
