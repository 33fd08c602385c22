import DocScanCore
import Foundation
import XCTest

/// A damaged H.264 stream, some of its bytes overwritten with garbage or
/// the file cut short in the middle of a frame: docscan analyses whatever
/// the decoder delivers, never crashes or hangs, ends with the stream, and
/// reads the passport exactly (never a wrong MRZ from damaged frames).
final class DamagedStreamTests: XCTestCase {
  static let demoMRZ =
    "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10"

  var folder: URL!

  override func setUpWithError() throws {
    folder = try GStreamerRunner.temporaryDirectory()
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  /// The demo clip's H.264 as a byte stream: no container that the damage
  /// could make unreadable as a whole.
  func demoStream() throws -> [UInt8] {
    let demo = GStreamerRunner.packageRoot.appendingPathComponent("pipelines/media/demo.mp4").path
    let path = folder.appendingPathComponent("demo.h264").path
    let output = try GStreamerRunner.run(
      "gst-launch-1.0",
      [
        "-q", "filesrc", "location=\(demo)", "!", "qtdemux", "!", "h264parse", "!",
        "video/x-h264,stream-format=byte-stream,alignment=au", "!", "filesink",
        "location=\(path)",
      ])
    XCTAssertEqual(output.status, 0, output.stderr)
    return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// `bytes` with `count` bytes from `share` of the way in replaced by
  /// seeded garbage.
  func overwritten(_ bytes: [UInt8], at share: Double, count: Int, seed: UInt64) -> [UInt8] {
    var damaged = bytes
    var state = seed
    let start = Int(Double(bytes.count) * share)
    for index in start..<min(bytes.count, start + count) {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      damaged[index] = UInt8(truncatingIfNeeded: state >> 56)
    }
    return damaged
  }

  func play(_ bytes: [UInt8], named name: String) throws -> (
    GStreamerRunner.Output, [MessageStructure]
  ) {
    let path = folder.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    // The 8-second clip or less, every frame analysed: about 10 s.
    return try GStreamerRunner.launch(
      "filesrc location=\(path) ! h264parse ! avdec_h264 ! videoconvert ! "
        + "docscan analysis=sync mode=mrz ! fakesink")
  }

  func testGarbageBeforeThePassportSettlesAndAFileCutShortEndCleanly() throws {
    let stream = try demoStream()
    XCTAssertGreaterThan(stream.count, 100_000)
    // 4 KB of garbage a tenth of the way in (before the page lies still;
    // avdec_h264 decodes 3 of the 240 frames otherwise than the clean
    // stream), and again at 85 % with the file cut off at 95 %, inside a
    // frame.
    let early = overwritten(stream, at: 0.10, count: 4096, seed: 1)
    let late = Array(
      overwritten(stream, at: 0.85, count: 4096, seed: 2).prefix(stream.count * 95 / 100))
    for (name, bytes) in [("early.h264", early), ("late.h264", late)] {
      let (output, messages) = try play(bytes, named: name)
      XCTAssertEqual(output.status, 0, "\(name): \(output.stderr)")
      XCTAssertFalse(try GStreamerRunner.feedback(in: messages).isEmpty, name)
      let results = messages.filter { $0.name == "docscan-result" }
      XCTAssertEqual(results.count, 1, name)
      XCTAssertEqual(results.first?.string("mrz"), Self.demoMRZ, name)
    }
  }

  func testAStreamCutOffBeforeThePassportSettlesEndsWithoutAResult() throws {
    let stream = try demoStream()
    // A quarter of the clip: the page is still moving in.
    let (output, messages) = try play(Array(stream.prefix(stream.count / 4)), named: "cut.h264")
    XCTAssertEqual(output.status, 0, output.stderr)
    XCTAssertFalse(try GStreamerRunner.feedback(in: messages).isEmpty)
    XCTAssertEqual(messages.filter { $0.name == "docscan-result" }.count, 0)
  }
}
