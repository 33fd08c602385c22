import DocScanCore
import DocScanElement
import DocScanTestSupport
import Foundation
import XCTest

/// Runs GStreamer command-line tools against the built plugin and reads
/// what they print. The plugin is loaded in those processes, never in the
/// test process (it carries its own Swift runtime).
enum GStreamerRunner {
  typealias Output = ChildProcess.Output

  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The folder holding the release libgstdocscan.so that plugin/build.sh
  /// makes; `DOCSCAN_PLUGIN_DIR` names another (a build with its own
  /// scratch path).
  static let pluginDirectory: String? = {
    if let folder = ProcessInfo.processInfo.environment["DOCSCAN_PLUGIN_DIR"] {
      return FileManager.default.fileExists(atPath: folder + "/libgstdocscan.so") ? folder : nil
    }
    let candidates = [".build/release", ".build/x86_64-unknown-linux-gnu/release"]
    for candidate in candidates {
      let folder = packageRoot.appendingPathComponent(candidate).path
      if FileManager.default.fileExists(atPath: folder + "/libgstdocscan.so") {
        return folder
      }
    }
    return nil
  }()

  /// Fails the calling test when the plugin was not built.
  static func requirePlugin(file: StaticString = #filePath, line: UInt = #line) throws -> String {
    guard let directory = pluginDirectory else {
      XCTFail(
        "libgstdocscan.so not found: run plugin/build.sh before swift test", file: file, line: line)
      throw XCTSkip("plugin not built")
    }
    return directory
  }

  /// Runs `tool` with the plugin on GST_PLUGIN_PATH; a child still
  /// running after `timeout` seconds (ChildProcess: 30 unless the caller
  /// says why it needs more) is killed and fails the test.
  static func run(
    _ tool: String, _ arguments: [String], environment extra: [String: String] = [:],
    timeout: Double = ChildProcess.defaultTimeout
  ) throws -> Output {
    let directory = try requirePlugin()
    var environment = ProcessInfo.processInfo.environment
    environment["GST_PLUGIN_PATH"] = directory
    environment["GST_DEBUG_NO_COLOR"] = "1"
    for (key, value) in extra { environment[key] = value }
    let output = try ChildProcess.run(
      [tool] + arguments, environment: environment, timeout: timeout)
    if output.timedOut {
      XCTFail(
        "\(tool) \(arguments.joined(separator: " ")) still running after \(timeout) s: killed")
    }
    return output
  }

  /// Runs `gst-launch-1.0 -m PIPELINE` and returns the docscan element
  /// messages it printed, parsed back through GstStructure.
  static func launch(_ pipeline: String, timeout: Double = ChildProcess.defaultTimeout) throws -> (
    Output, [MessageStructure]
  ) {
    let arguments = ["-m"] + pipeline.split(separator: " ").map(String.init)
    let output = try run("gst-launch-1.0", arguments, timeout: timeout)
    return (output, elementMessages(in: output.stdout))
  }

  static func elementMessages(in text: String) -> [MessageStructure] {
    text.split(separator: "\n").compactMap { line -> MessageStructure? in
      guard line.contains("(element): docscan-"),
        let start = line.range(of: "(element): ")
      else { return nil }
      return GstStructureText.parse(String(line[start.upperBound...]))
    }
  }

  static func feedback(in messages: [MessageStructure]) throws -> [FeedbackMessage] {
    try messages.filter { $0.name == FeedbackMessage.structureName }.map(FeedbackMessage.init)
  }

  /// A temporary folder for fixture files, removed by the caller.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("docscan-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Encodes the PGM frames `frame00000.pgm`, `frame00001.pgm`, ... in
  /// `folder` (`LumaImage.writePGM`) as a 30 fps H.264 clip in MP4 named
  /// `name` beside them, and returns its path.
  static func encodeClip(framesIn folder: URL, named name: String) throws -> String {
    let clip = folder.appendingPathComponent(name).path
    let (output, _) = try launch(
      "multifilesrc location=\(folder.path)/frame%05d.pgm index=0 "
        + "caps=image/x-portable-graymap,framerate=30/1 ! "
        + "pnmdec ! videoconvert ! video/x-raw,format=I420 ! x264enc speed-preset=fast "
        + "bitrate=3000 ! mp4mux ! filesink location=\(clip)")
    XCTAssertEqual(output.status, 0, output.stderr)
    return clip
  }
}
