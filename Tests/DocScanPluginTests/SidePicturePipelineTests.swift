import DocScanCore
import DocScanOCR
import DocScanOpenCV
import DocScanTestSupport
import Foundation
import XCTest

/// `attach-images` and `mode=front` through real pipelines, on rendered
/// desk clips (Tests/SecondLook: other layouts, desks and sizes than the
/// Swift fixtures; each clip's truth says where its portrait is printed).
final class SidePicturePipelineTests: XCTestCase {
  /// What the generator wrote beside a clip (the fields used here).
  struct Truth: Decodable {
    var format: String
    var desk: String
    /// The portrait's tile as fractions of the upright page (left, top,
    /// right, bottom); nil on a TD1's back.
    var portraitBox: [Double]?

    enum CodingKeys: String, CodingKey {
      case format, desk
      case portraitBox = "portrait_box"
    }
  }

  /// Steady clips of seed 616 at 720p, one per desk in turn.
  static func renderClips(count: Int, in folder: URL) throws -> [(clip: String, truth: Truth)] {
    let generator = GStreamerRunner.packageRoot.appendingPathComponent(
      "Tests/SecondLook/generate.py")
    // Renders and encodes the clips one after another: 17-18 s measured for 8.
    let output = try GStreamerRunner.run(
      "/usr/bin/python3",
      [
        generator.path, "clips", "--out", folder.path, "--seed", "616", "--count", String(count),
        "--sizes", "1280x720", "--stories", "steady", "--desks", "wood", "white", "dark", "green",
        "light-wood",
      ], timeout: 45)
    XCTAssertEqual(output.status, 0, output.stderr)
    return try (0..<count).map { index in
      let name = String(format: "clip_%04d_720p", index)
      let truth = try JSONDecoder().decode(
        Truth.self,
        from: Data(contentsOf: folder.appendingPathComponent(name + ".json")))
      return (folder.appendingPathComponent(name + ".mp4").path, truth)
    }
  }

  /// A PNG's pixels (grey), read back through cairo.
  static func decode(_ png: [UInt8], in folder: URL) throws -> LumaImage {
    let file = folder.appendingPathComponent("decoded.png")
    try Data(png).write(to: file)
    return try XCTUnwrap(LumaImage(pngFile: file.path), "not a PNG")
  }

  func testAttachedImagesHoldTheDocumentAndItsPortrait() throws {
    _ = try GStreamerRunner.requirePlugin()
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let clips = try Self.renderClips(count: 8, in: folder).filter { $0.truth.portraitBox != nil }
    XCTAssertGreaterThanOrEqual(clips.count, 4, "the seed renders documents with portraits")
    var portraits = 0
    for (index, (clip, truth)) in clips.enumerated() {
      let label = "\(truth.format) on \(truth.desk)"
      let resultsFile = folder.appendingPathComponent("results-\(index).jsonl").path
      let (output, messages) = try GStreamerRunner.launch(
        "filesrc location=\(clip) ! qtdemux ! avdec_h264 ! videoconvert ! "
          + "docscan analysis=sync attach-images=true results-location=\(resultsFile) ! fakesink")
      XCTAssertEqual(output.status, 0, label + output.stderr)
      let side = try XCTUnwrap(messages.first { $0.name == "docscan-side" }, label)
      let result = try XCTUnwrap(messages.first { $0.name == "docscan-result" }, label)
      let documentPNG = try XCTUnwrap(result.png("document-image"), label)
      XCTAssertEqual(side.png("document-image"), documentPNG, label)
      XCTAssertEqual(result.boolean("document-image-extracted"), true, label)
      let document = try Self.decode(documentPNG, in: folder)
      XCTAssertEqual(document.width, 720, label)
      XCTAssertTrue((420...560).contains(document.height), "\(label): \(document.height)")
      // The JSON line carries the same file as base64.
      let line = try XCTUnwrap(
        try String(contentsOfFile: resultsFile, encoding: .utf8).split(separator: "\n").first)
      let object = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      XCTAssertEqual(
        (object["document-image"] as? String).flatMap(Base64.decode), documentPNG, label)

      guard let facePNG = result.png("face-image") else {
        XCTAssertEqual(result.boolean("face-image-extracted"), false, label)
        continue
      }
      portraits += 1
      XCTAssertEqual(result.boolean("face-image-extracted"), true, label)
      XCTAssertEqual(side.png("face-image"), facePNG, label)
      XCTAssertEqual(
        (object["face-image"] as? String).flatMap(Base64.decode), facePNG, label)
      // The crop is the printed portrait: a face is in it, and it is about
      // the printed tile's size on the page.
      let face = try Self.decode(facePNG, in: folder)
      let box = try XCTUnwrap(truth.portraitBox)
      let printedHeight = (box[3] - box[1]) * Double(document.height)
      let ratio = Double(face.height) / printedHeight
      XCTAssertTrue((0.6...1.5).contains(ratio), "\(label): crop/printed height \(ratio)")
      let colour = ColourImage(
        width: face.width, height: face.height,
        pixels: (0..<face.height).flatMap { y in
          (0..<face.width).flatMap { x in [UInt8](repeating: face[x, y], count: 3) }
        })
      let found = OpenCVImaging().faces(in: colour, minimumSize: face.height / 5)
      XCTAssertFalse(found.isEmpty, "\(label): no face in the crop")
    }
    print("portraits attached: \(portraits) of \(clips.count) rendered documents with one")
    XCTAssertGreaterThanOrEqual(portraits, clips.count - 1, "the rendered portraits are found")
  }

  func testFrontModeGivesTheFrontsPictureAndNothingRead() throws {
    _ = try GStreamerRunner.requirePlugin()
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (clip, truth) = try XCTUnwrap(Self.renderClips(count: 2, in: folder).first)
    let (output, messages) = try GStreamerRunner.launch(
      "filesrc location=\(clip) ! qtdemux ! avdec_h264 ! videoconvert ! "
        + "docscan analysis=sync mode=front attach-images=true ! fakesink")
    XCTAssertEqual(output.status, 0, output.stderr)
    let results = messages.filter { $0.name == "docscan-result" }
    XCTAssertEqual(results.count, 1, truth.format)
    let result = try XCTUnwrap(results.first)
    XCTAssertEqual(result.string("document-class"), "unknown")
    XCTAssertNil(result.string("mrz"), "mode=front reads nothing")
    XCTAssertEqual(result.boolean("mrz-extracted"), false)
    XCTAssertEqual(result.boolean("document-image-extracted"), true)
    XCTAssertEqual(try Self.decode(XCTUnwrap(result.png("document-image")), in: folder).width, 720)
    let sides = messages.filter { $0.name == "docscan-side" }
    XCTAssertEqual(sides.map { $0.string("side") }, ["front"])
  }
}
