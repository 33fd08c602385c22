import DocScanTestSupport
import Foundation
import XCTest

/// docscan-run, the command-line scanner, run as a user runs it: on the
/// bundled demo clip (an invented passport, one result at 1.93 s) and on
/// the command lines that must fail.
final class DocScanRunTests: XCTestCase {
  private var demoClip: String { GStreamerRunner.packageRoot.path + "/pipelines/media/demo.mp4" }

  /// The result it prints is the results file's line for the same clip,
  /// field for field, and `-o` writes that same line; the guidance, read
  /// from a file, is plain lines that change with the guidance.
  func testDemoClipPrintsTheResultsFileLine() throws {
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let reference = folder.appendingPathComponent("reference.jsonl").path
    let written = folder.appendingPathComponent("written.jsonl").path

    let (launch, messages) = try GStreamerRunner.launch(
      "filesrc location=\(demoClip) ! qtdemux ! h264parse ! avdec_h264 ! videoconvert"
        + " ! docscan analysis=sync results-location=\(reference) ! fakesink")
    XCTAssertEqual(launch.status, 0, launch.stderr)
    let referenceLines = try jsonLines(String(contentsOfFile: reference, encoding: .utf8))
    XCTAssertEqual(referenceLines.count, 1, "the demo passport gives one result")

    let run = try runDocScanRun([demoClip, "-o", written])
    XCTAssertEqual(run.status, 0, run.stderr)
    // The same result as gst-launch gave, but a result of its own (another
    // `result-id`); in one run, standard output and `-o` carry the same one.
    let printed = try jsonLines(run.stdout)
    XCTAssertEqual(printed.map(withoutResultID), referenceLines.map(withoutResultID))
    XCTAssertEqual(try jsonLines(String(contentsOfFile: written, encoding: .utf8)), printed)
    XCTAssertNotEqual(
      printed.first?["result-id"] as? String, referenceLines.first?["result-id"] as? String)
    XCTAssertEqual(referenceLines.first?["surname"] as? String, "ERIKSSON")

    // stderr is a file here: no carriage returns or escape sequences, and a
    // line only when the guidance changes (the element repeats it every
    // 500 ms of stream time; the measured values alone add no line).
    XCTAssertFalse(run.stderr.contains("\r") || run.stderr.contains("\u{1B}"), run.stderr)
    let guidance = run.stderr.split(separator: "\n").filter { $0.hasPrefix("front | ") }
    let feedbackCount = messages.filter { $0.name == "docscan-feedback" }.count
    XCTAssertGreaterThan(guidance.count, 2, run.stderr)
    XCTAssertLessThan(guidance.count, feedbackCount, run.stderr)
    for (previous, line) in zip(guidance, guidance.dropFirst()) {
      XCTAssertNotEqual(withoutMeasures(previous), withoutMeasures(line), run.stderr)
    }
    XCTAssertTrue(guidance.contains { $0.hasPrefix("front | side-in-progress | ") }, run.stderr)
    XCTAssertTrue(guidance.contains { $0.hasPrefix("front | document-scanned | Done | ") })
    XCTAssertTrue(run.stderr.contains("captured front side (passport)\n"), run.stderr)
    XCTAssertTrue(run.stderr.contains("end of stream: 1 result\n"), run.stderr)
  }

  /// A barcode result: `barcode-fields` (a nested GstStructure on the bus)
  /// is the results file's JSON object, field for field. The source is a
  /// PNG: one frame, read like any file.
  func testBarcodeResultCarriesTheAAMVAFieldsAsAnObject() throws {
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let card = try XCTUnwrap(BarcodeCardBack.render(payload: AAMVASample.payload()))
    var scene = DeskScene.placed(
      shape: .id1, centerX: 640, centerY: 370, longSide: 860, rotation: 6, keystone: 0.06)
    scene.page = card
    let png = folder.appendingPathComponent("licence back.png").path
    XCTAssertTrue(scene.render().writePNG(to: png))
    let reference = folder.appendingPathComponent("reference.jsonl").path

    let launch = try GStreamerRunner.run(
      "gst-launch-1.0",
      [
        "-q", "filesrc", "location=\(png)", "!", "pngdec", "!", "videoconvert", "!", "docscan",
        "mode=barcode", "analysis=sync", "results-location=\(reference)", "!", "fakesink",
      ])
    XCTAssertEqual(launch.status, 0, launch.stderr)
    let referenceLines = try jsonLines(String(contentsOfFile: reference, encoding: .utf8))
    XCTAssertEqual(referenceLines.count, 1)

    let run = try runDocScanRun([png, "mode=barcode"])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(
      try jsonLines(run.stdout).map(withoutResultID), referenceLines.map(withoutResultID))
    let fields = try XCTUnwrap(referenceLines.first?["barcode-fields"] as? [String: String])
    XCTAssertEqual(fields["DAQ"], "T64235789")
    XCTAssertEqual(fields.count, AAMVASample.licenceElements.count)
  }

  /// --json-feedback: every docscan message as a JSON line named by its
  /// "message" field, in the order posted.
  func testJSONFeedbackPrintsEveryMessage() throws {
    let run = try runDocScanRun([demoClip, "--json-feedback", "--exit-after-result"])
    XCTAssertEqual(run.status, 0, run.stderr)
    let lines = try jsonLines(run.stdout)
    let names = lines.map { $0["message"] as? String ?? "?" }
    XCTAssertEqual(names.filter { $0 == "docscan-result" }.count, 1, run.stdout)
    XCTAssertEqual(names.filter { $0 == "docscan-side" }.count, 1, run.stdout)
    XCTAssertGreaterThan(names.filter { $0 == "docscan-feedback" }.count, 5, run.stdout)
    XCTAssertEqual(Set(names), ["docscan-feedback", "docscan-side", "docscan-result"])
    XCTAssertLessThan(
      names.firstIndex(of: "docscan-side")!, names.firstIndex(of: "docscan-result")!)
    let feedback = try XCTUnwrap(lines.first { $0["message"] as? String == "docscan-feedback" })
    XCTAssertNotNil(feedback["instruction"] as? String)
    XCTAssertNotNil(feedback["events"] as? [String])
    XCTAssertFalse(run.stderr.contains(" | "), "no guidance line with --json-feedback")
  }

  /// On a terminal the guidance is one line rewritten in place, and the
  /// result still arrives as a whole JSON line.
  func testTerminalShowsOneUpdatingLine() throws {
    let command = ([try DocScanRunBinary.path(), demoClip, "--exit-after-result"])
      .map { "'\($0)'" }.joined(separator: " ")
    let run = try GStreamerRunner.run("script", ["-qec", command, "/dev/null"])
    XCTAssertEqual(run.status, 0, run.stdout)
    XCTAssertTrue(run.stdout.contains("\r"), run.stdout)
    XCTAssertTrue(run.stdout.contains("\u{1B}[K"), run.stdout)
    // The result line, with the live line cleared before it.
    let result = try XCTUnwrap(
      run.stdout.components(separatedBy: "\r\u{1B}[K").compactMap { chunk -> [String: Any]? in
        guard chunk.hasPrefix("{") else { return nil }
        let line = String(chunk.prefix { $0 != "\r" && $0 != "\n" })
        return try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      }.first, run.stdout)
    XCTAssertEqual(result["document-number"] as? String, "L898902C3")
  }

  /// Ctrl-C on a recording: EOS first, so the MP4 is complete, then 130.
  func testInterruptFinishesTheRecording() throws {
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let recording = folder.appendingPathComponent("cut.mp4").path
    let stderrURL = folder.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: try DocScanRunBinary.path())
    process.arguments = [demoClip, "--record", recording]
    process.environment = try pluginEnvironment()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: stderrURL)
    try process.run()
    // Interrupt once the clip is being scanned (the first guidance line);
    // from start to exit it gets ChildProcess's 30 s (1 s measured).
    let deadline = Date().addingTimeInterval(ChildProcess.defaultTimeout)
    while process.isRunning && Date() < deadline {
      let text = (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? ""
      if text.contains("front | ") { break }
      usleep(50_000)
    }
    XCTAssertTrue(process.isRunning, "docscan-run ended before it could be interrupted")
    kill(process.processIdentifier, SIGINT)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    XCTAssertFalse(process.isRunning, "docscan-run still running after 30 s: killed")
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    let stderr = (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? ""
    XCTAssertEqual(process.terminationStatus, 130, stderr)
    XCTAssertTrue(stderr.contains("annotated recording: \(recording)"), stderr)

    let discovered = try GStreamerRunner.run("gst-discoverer-1.0", [recording])
    XCTAssertEqual(discovered.status, 0, discovered.stdout + discovered.stderr)
    XCTAssertTrue(discovered.stdout.contains("video #"), discovered.stdout)
    XCTAssertFalse(discovered.stdout.contains("Duration: 0:00:08.0"), "cut short, not the clip")
  }

  func testMissingFileFails() throws {
    let run = try runDocScanRun(["/nonexistent/clip.mp4"])
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(run.stderr.contains("cannot read /nonexistent/clip.mp4"), run.stderr)
  }

  func testMissingCameraFails() throws {
    let run = try runDocScanRun(["/dev/video97"])
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(run.stderr, "docscan-run: no camera at /dev/video97\n")
  }

  /// The element refuses a results-location it cannot open, at start, with
  /// the path in the message; docscan-run passes that on.
  func testUnwritableResultsFileFails() throws {
    let path = "/nonexistent-folder/results.jsonl"
    let run = try runDocScanRun([demoClip, "-o", path])
    XCTAssertEqual(run.status, 1, run.stderr)
    XCTAssertTrue(run.stderr.contains("docscan-run: error from docscan"), run.stderr)
    XCTAssertTrue(run.stderr.contains(path), run.stderr)
    XCTAssertEqual(run.stdout, "")
  }

  func testBadPropertyFails() throws {
    let run = try runDocScanRun([demoClip, "mode=sideways"])
    XCTAssertEqual(run.status, 1, run.stderr)
    XCTAssertTrue(run.stderr.contains("cannot build the pipeline"), run.stderr)
    XCTAssertTrue(run.stderr.contains("sideways"), run.stderr)
    // A property before the options reaches the element too.
    let before = try runDocScanRun([demoClip, "mode=sideways", "--exit-after-result"])
    XCTAssertEqual(before.status, 1, before.stderr)
    XCTAssertTrue(before.stderr.contains("cannot build the pipeline"), before.stderr)
    XCTAssertTrue(before.stderr.contains("sideways"), before.stderr)
  }

  func testUnknownOptionPrintsUsage() throws {
    let run = try runDocScanRun([demoClip, "--bogus"])
    XCTAssertEqual(run.status, 2)
    XCTAssertTrue(run.stderr.hasPrefix("docscan-run: unknown option '--bogus'\n"), run.stderr)
    XCTAssertTrue(run.stderr.contains("Usage: docscan-run SOURCE"), run.stderr)
    let stray = try runDocScanRun([demoClip, "extra"])
    XCTAssertEqual(stray.status, 2)
    XCTAssertTrue(stray.stderr.contains("unexpected argument 'extra'"), stray.stderr)
    let help = try runDocScanRun(["--help"])
    XCTAssertEqual(help.status, 0)
    XCTAssertTrue(help.stdout.hasPrefix("OVERVIEW: Scans an identity document"), help.stdout)
    XCTAssertTrue(help.stdout.contains("USAGE: docscan-run SOURCE"), help.stdout)
    XCTAssertEqual(help.stderr, "")
  }

  /// Every wrong command line exits 2 (not swift-argument-parser's 64),
  /// with the message naming the argument first and the usage after it;
  /// with no arguments at all, the whole help follows the message.
  func testWrongCommandLinesExitTwo() throws {
    let cases: [([String], String)] = [
      ([demoClip, "-o"], "docscan-run: missing value for '-o <FILE>'\n"),
      ([demoClip, "--record", ""], "docscan-run: --record needs a value\n"),
      ([demoClip, "--drain-timeout", "1"], "docscan-run: --drain-timeout is for --publish\n"),
      ([""], "docscan-run: no SOURCE given\n"),
      ([], "docscan-run: missing expected argument '<SOURCE>'\n"),
    ]
    for (arguments, start) in cases {
      let run = try runDocScanRun(arguments)
      XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
      XCTAssertTrue(run.stderr.hasPrefix(start), "\(arguments): \(run.stderr)")
      XCTAssertTrue(run.stderr.contains("docscan-run SOURCE [options]"), run.stderr)
      XCTAssertEqual(run.stdout, "")
    }
    let none = try runDocScanRun([])
    XCTAssertTrue(none.stderr.contains("OPTIONS:"), none.stderr)
  }

  /// A docscan-run that finds no plugin (a copy away from the build
  /// folders, no plugin path, no system plugins) says what to do.
  func testMissingPluginIsExplained() throws {
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let copy = folder.appendingPathComponent("bin/docscan-run")
    try FileManager.default.createDirectory(
      at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: try DocScanRunBinary.path(), toPath: copy.path)
    let noPlugins = folder.appendingPathComponent("no-plugins").path
    try FileManager.default.createDirectory(atPath: noPlugins, withIntermediateDirectories: true)
    let run = try GStreamerRunner.run(
      copy.path, [demoClip],
      environment: [
        "GST_PLUGIN_PATH": "", "GST_PLUGIN_SYSTEM_PATH": noPlugins,
        "GST_REGISTRY": folder.appendingPathComponent("registry.bin").path,
      ])
    XCTAssertEqual(run.status, 1, run.stderr)
    XCTAssertTrue(
      run.stderr.contains(
        "docscan plugin not found: run plugin/build.sh and set GST_PLUGIN_PATH"), run.stderr)
  }

  // MARK: - Helpers

  private func runDocScanRun(_ arguments: [String]) throws -> GStreamerRunner.Output {
    try GStreamerRunner.run(try DocScanRunBinary.path(), arguments)
  }

  private func pluginEnvironment() throws -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["GST_PLUGIN_PATH"] = try GStreamerRunner.requirePlugin()
    return environment
  }

  /// Every non-empty line parsed as a JSON object.
  private func jsonLines(_ text: String) throws -> [NSDictionary] {
    try text.split(separator: "\n").map { line in
      try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(line.utf8)) as? NSDictionary, String(line))
    }
  }

  /// A result's JSON object without its `result-id` (made anew with each
  /// result, so two runs over one clip differ there and nowhere else).
  private func withoutResultID(_ object: NSDictionary) -> NSDictionary {
    let copy = NSMutableDictionary(dictionary: object as? [AnyHashable: Any] ?? [:])
    XCTAssertNotNil(copy["result-id"], "every result has a result-id")
    copy.removeObject(forKey: "result-id")
    return copy
  }

  /// A guidance line without its blur/glare part: what must change.
  private func withoutMeasures(_ line: Substring) -> String {
    line.split(separator: "|").filter { !$0.contains("blur ") }.joined(separator: "|")
  }
}
