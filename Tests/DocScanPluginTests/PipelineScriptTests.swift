import DocScanCore
import DocScanTestSupport
import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// The ready pipelines in pipelines/ and the Python example, run as a user
/// runs them: on the bundled clip, against a real RTSP server on 127.0.0.1
/// that goes away and comes back, and with every kind of bad input.
final class PipelineScriptTests: XCTestCase {
  static let root = GStreamerRunner.packageRoot.path
  static let demoClip = "\(root)/pipelines/media/demo.mp4"

  /// The invented passport of the demo clip (DocumentFixture.mrz).
  static let passport: [String: String] = [
    "document-class": "passport", "mrz-format": "TD3", "document-number": "L898902C3",
    "surname": "ERIKSSON", "given-names": "ANNA MARIA", "nationality": "UTO", "issuer": "UTO",
    "sex": "F", "date-of-birth": "1974-08-12", "date-of-expiry": "2012-04-15",
    "optional-data": "ZE184226B",
  ]
  /// The back of ICAO's TD1 specimen card (DocumentFixture.td1Mrz).
  static let cardBack: [String: String] = [
    "document-class": "id-card", "mrz-format": "TD1", "document-number": "D23145890",
    "surname": "ERIKSSON", "given-names": "ANNA MARIA", "date-of-birth": "1974-08-12",
  ]

  /// Runs pipelines/SCRIPT with the plugin under test and no display.
  func script(
    _ name: String, _ arguments: [String], environment: [String: String] = [:]
  ) throws -> GStreamerRunner.Output {
    var settings = try Self.scriptEnvironment()
    for (key, value) in environment { settings[key] = value }
    return try GStreamerRunner.run(
      "bash", ["\(Self.root)/pipelines/\(name)"] + arguments, environment: settings)
  }

  static func scriptEnvironment() throws -> [String: String] {
    [
      "DOCSCAN_PLUGIN_DIR": try GStreamerRunner.requirePlugin(), "DISPLAY": "",
      "WAYLAND_DISPLAY": "",
    ]
  }

  static func jsonLines(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map { line in
      try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
    }
  }

  static func results(inOutput text: String) throws -> [[String: Any]] {
    try jsonLines(text).filter { $0["message"] as? String == "docscan-result" }
  }

  func assertResult(
    _ result: [String: Any]?, is expected: [String: String], _ label: String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    guard let result else { return XCTFail("\(label): no result", file: file, line: line) }
    for (field, value) in expected {
      XCTAssertEqual(result[field] as? String, value, "\(label): \(field)", file: file, line: line)
    }
    XCTAssertEqual(result["mrz-valid"] as? Bool, true, label, file: file, line: line)
  }

  /// gst-discoverer-1.0's "Duration: 0:00:08.000000000", in seconds.
  func duration(of path: String) throws -> Double {
    let output = try GStreamerRunner.run("gst-discoverer-1.0", [path])
    XCTAssertEqual(output.status, 0, output.stdout + output.stderr)
    let line = try XCTUnwrap(
      output.stdout.split(separator: "\n").first { $0.contains("Duration: ") }, output.stdout)
    let parts = line.split(separator: " ").last!.split(separator: ":").compactMap { Double($0) }
    XCTAssertEqual(parts.count, 3, String(line))
    return parts.count == 3 ? parts[0] * 3600 + parts[1] * 60 + parts[2] : 0
  }

  // MARK: file.sh and record.sh

  func testFileScriptAppendsTheResultToTheResultsFile() throws {
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let resultsFile = folder.appendingPathComponent("results.jsonl").path
    let output = try script("file.sh", [Self.demoClip, "-o", resultsFile])
    XCTAssertEqual(output.status, 0, output.stderr)
    // The file holds exactly the passport's result, written by docscan.
    let lines = try Self.jsonLines(String(contentsOfFile: resultsFile, encoding: .utf8))
    XCTAssertEqual(lines.count, 1, "one result line")
    assertResult(lines.first, is: Self.passport, "results file")
    XCTAssertEqual(lines.first?["mrz"] as? String, DocumentFixture.mrz.joined(separator: "\n"))
    XCTAssertEqual(lines.first?["session"] as? Int, 1)
    // Standard output still shows every message, the result among them.
    let printed = try Self.jsonLines(output.stdout)
    XCTAssertTrue(printed.contains { $0["message"] as? String == "docscan-feedback" })
    XCTAssertEqual(try Self.results(inOutput: output.stdout).count, 1)
    print("file.sh with -o on the demo clip: \(String(format: "%.1f", output.seconds)) s")
  }

  func testFileScriptPrintsResultsAndPassesProperties() throws {
    // auto-reset=5 reaches docscan: a second session starts 5 s (of video)
    // after the result at 1.9 s, before the clip ends at 8 s.
    let output = try script("file.sh", [Self.demoClip, "auto-reset=5"])
    XCTAssertEqual(output.status, 0, output.stderr)
    let results = try Self.results(inOutput: output.stdout)
    assertResult(results.first, is: Self.passport, "stdout")
    XCTAssertEqual(results.first?["session"] as? Int, 1)
    let sessions = Set(try Self.jsonLines(output.stdout).compactMap { $0["session"] as? Int })
    XCTAssertTrue(sessions.contains(2), "auto-reset started session 2: \(sessions)")
  }

  /// The scripts print a message's images (GstSample PNG) as base64 text,
  /// as the results file holds them.
  func testFileScriptPrintsAttachedImagesAsBase64PNG() throws {
    let output = try script("file.sh", [Self.demoClip, "attach-images=true"])
    XCTAssertEqual(output.status, 0, output.stderr)
    let printed = try Self.jsonLines(output.stdout)
    let side = try XCTUnwrap(printed.first { $0["message"] as? String == "docscan-side" })
    let result = try XCTUnwrap(try Self.results(inOutput: output.stdout).first)
    assertResult(result, is: Self.passport, "stdout")
    XCTAssertEqual(result["document-image-extracted"] as? Bool, true)
    let text = try XCTUnwrap(result["document-image"] as? String)
    let png = try XCTUnwrap(Base64.decode(text), "base64")
    XCTAssertEqual(Array(png.prefix(8)), [137, 80, 78, 71, 13, 10, 26, 10], "a PNG file")
    XCTAssertEqual(side["document-image"] as? String, text, "the side's picture is the result's")
    // The demo page prints no face.
    XCTAssertEqual(result["face-image-extracted"] as? Bool, false)
    XCTAssertNil(result["face-image"])
  }

  func testRecordScriptWritesACompleteRecordingAndTheResultsFile() throws {
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let recording = folder.appendingPathComponent("annotated.mp4").path
    let resultsFile = folder.appendingPathComponent("results.jsonl").path
    let output = try script("record.sh", [Self.demoClip, recording, "-o", resultsFile])
    XCTAssertEqual(output.status, 0, output.stderr)
    XCTAssertTrue(output.stderr.contains("annotated recording: \(recording)"), output.stderr)
    XCTAssertEqual(try duration(of: recording), try duration(of: Self.demoClip), accuracy: 0.05)
    let lines = try Self.jsonLines(String(contentsOfFile: resultsFile, encoding: .utf8))
    XCTAssertEqual(lines.count, 1)
    assertResult(lines.first, is: Self.passport, "record.sh results file")
  }

  // MARK: the Python example

  func testPythonExamplePrintsThePassportAndALicencesBarcodeFields() throws {
    let example = "\(Self.root)/examples/python/read_results.py"
    let passport = try GStreamerRunner.run("/usr/bin/python3", [example, Self.demoClip])
    XCTAssertEqual(passport.status, 0, passport.stderr)
    let lines = passport.stdout.split(separator: "\n").map(String.init)
    for (field, value) in Self.passport {
      XCTAssertTrue(lines.contains("  \(field): \(value)"), "\(field) in\n\(passport.stdout)")
    }
    for expected in [
      "document 1", "  mrz-valid: yes", "  barcode-extracted: no", "1 document read",
    ]
      + DocumentFixture.mrz.map({ "  mrz: \($0)" })
    {
      XCTAssertTrue(lines.contains(expected), "\(expected) in\n\(passport.stdout)")
    }

    // A driver licence's back, as a still: the AAMVA elements, nested.
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let payload = AAMVASample.payload()
    var scene = DeskScene.placed(shape: .id1, longSide: 860, rotation: 6, keystone: 0.06)
    scene.page = try XCTUnwrap(BarcodeCardBack.render(payload: payload))
    let png = folder.appendingPathComponent("licence-back.png").path
    XCTAssertTrue(scene.render().writePNG(to: png))
    let licence = try GStreamerRunner.run("/usr/bin/python3", [example, png, "mode=barcode"])
    XCTAssertEqual(licence.status, 0, licence.stderr)
    for expected in [
      "  document-class: driver-license", "  surname: SAMPLE", "  barcode-type: pdf417",
      "  barcode-extracted: yes", "  barcode-fields DCS: SAMPLE", "  barcode-fields DAQ: T64235789",
    ] {
      XCTAssertTrue(licence.stdout.contains(expected + "\n"), "\(expected) in\n\(licence.stdout)")
    }
    let elements = licence.stdout.split(separator: "\n").filter {
      $0.hasPrefix("  barcode-fields ")
    }
    XCTAssertEqual(elements.count, AAMVASample.licenceElements.count)
  }

  // MARK: rtsp.sh against a real RTSP server

  /// Renders a document lying on the desk as the still an RTSP server shows.
  /// The page is large (MRZ capitals about 19 px): this test is about the
  /// camera dropping; a still at 760 px (15 px capitals) is withheld by the
  /// views' dissent on the same frame for ever (README, Reading the MRZ).
  func still(_ shape: DocumentShape, mrz: [String], in folder: URL, name: String) -> String {
    var scene = DeskScene.placed(shape: shape, longSide: 1000, rotation: 3, keystone: 0.04)
    scene.mrz = mrz
    let path = folder.appendingPathComponent(name).path
    XCTAssertTrue(scene.render().writePNG(to: path))
    return path
  }

  func startServer(port: String, image: String, in folder: URL, name: String) throws -> (
    BackgroundProcess, String
  ) {
    let server = try BackgroundProcess(
      "/usr/bin/python3", ["\(Self.root)/Tests/Python/rtsp_server.py", port, image],
      folder: folder, name: name)
    XCTAssertTrue(server.wait(upTo: 30) { server.stdout.hasSuffix("\n") }, server.stderr)
    return (server, server.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  func testRTSPScriptReadsDocumentsAcrossACameraThatDropsAndComesBack() throws {
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let passportStill = still(.td3, mrz: DocumentFixture.mrz, in: folder, name: "passport.png")
    let cardStill = still(.id1, mrz: DocumentFixture.td1Mrz, in: folder, name: "card-back.png")
    var (server, url) = try startServer(
      port: "0", image: passportStill, in: folder, name: "server-1")
    let port = try XCTUnwrap(URL(string: url)?.port, url)
    let resultsFile = folder.appendingPathComponent("results.jsonl").path
    let recording = folder.appendingPathComponent("desk.mp4").path
    func resultLines() -> [[String: Any]] {
      let text = (try? String(contentsOfFile: resultsFile, encoding: .utf8)) ?? ""
      return (try? Self.jsonLines(text)) ?? []
    }

    // mode=mrz: the card's back alone is a document. Each wait below is
    // one step's hang detector (30 s); the script lives through all of
    // them (10 s measured).
    let desk = try BackgroundProcess(
      "/bin/bash",
      [
        "\(Self.root)/pipelines/rtsp.sh", url, "-o", resultsFile, "--record", recording, "mode=mrz",
      ],
      environment: try Self.scriptEnvironment(), folder: folder, name: "rtsp")
    defer { desk.stop() }
    XCTAssertTrue(
      desk.wait(upTo: 30) { resultLines().count >= 1 }, "first document\n\(desk.stderr)")
    assertResult(resultLines().first, is: Self.passport, "first connection")

    // The camera goes away: the script says so and keeps trying.
    server.stop()
    XCTAssertTrue(
      desk.wait(upTo: 30) { desk.stderr.contains("camera lost") }, "loss noticed\n\(desk.stderr)")
    // It comes back on the same port, showing the next customer's card.
    (server, _) = try startServer(
      port: String(port), image: cardStill, in: folder, name: "server-2")
    defer { server.stop() }
    XCTAssertTrue(
      desk.wait(upTo: 30) { resultLines().count >= 2 }, "second document\n\(desk.stderr)")
    var results = resultLines()
    assertResult(results.count >= 2 ? results[1] : nil, is: Self.cardBack, "after reconnecting")
    XCTAssertTrue(desk.stderr.contains("camera back after"), desk.stderr)

    // The camera hangs without closing the connection (a cable pulled):
    // 5 s without video count as a drop.
    server.send(SIGSTOP)
    XCTAssertTrue(
      desk.wait(upTo: 30) { desk.stderr.contains("camera lost (no video for 5 s)") },
      "stall noticed\n\(desk.stderr)")
    server.send(SIGCONT)
    XCTAssertTrue(
      desk.wait(upTo: 30) { resultLines().count >= 3 }, "third document\n\(desk.stderr)")
    results = resultLines()
    assertResult(results.count >= 3 ? results[2] : nil, is: Self.cardBack, "after the stall")
    XCTAssertEqual(results.count, 3, "one result per connection")

    // Ctrl-C closes the last recording; each connection has its own MP4,
    // playable, holding at least the frames its document was read on (the
    // test cuts a connection as soon as its result is in: three analysed
    // frames, a few tenths of a second).
    desk.send(SIGINT)
    XCTAssertEqual(desk.exitStatus(within: 30), 130, desk.stderr)
    XCTAssertEqual(try Self.results(inOutput: desk.stdout).count, 3)
    for name in ["desk.mp4", "desk-2.mp4", "desk-3.mp4"] {
      XCTAssertGreaterThan(try duration(of: folder.appendingPathComponent(name).path), 0.2, name)
    }
    let reconnects = desk.stderr.split(separator: "\n").filter { $0.contains("camera back after") }
    print("rtsp.sh reconnects: \(reconnects.joined(separator: "; "))")
  }

  /// A loopback port nobody listens on (bound once and released).
  func closedPort() throws -> String {
    let probe = try GStreamerRunner.run(
      "/usr/bin/python3",
      [
        "-c",
        "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])",
      ])
    return probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  func testRTSPScriptGivesUpOnAnUnreachableCameraWhenAsked() throws {
    let port = try closedPort()
    let output = try script(
      "rtsp.sh", ["rtsp://user:secret@127.0.0.1:\(port)/stream", "--max-retries", "1"])
    XCTAssertEqual(output.status, 1, output.stderr)
    let lines = output.stderr.split(separator: "\n")
    XCTAssertEqual(lines.filter { $0.contains("cannot reach the camera") }.count, 2, output.stderr)
    XCTAssertTrue(output.stderr.contains("retrying in 1 s"), output.stderr)
    XCTAssertTrue(output.stderr.contains("giving up after 2 attempts"), output.stderr)
    XCTAssertFalse(output.stderr.contains("secret"), "credentials are not printed")
  }

  func testRTSPScriptStopsWhenTheCameraCannotBeOpenedAtStart() throws {
    let port = try closedPort()
    let output = try script("rtsp.sh", ["rtsp://127.0.0.1:\(port)/stream"])
    XCTAssertEqual(output.status, 1, output.stderr)
    XCTAssertTrue(output.stderr.contains("cannot open the camera"), output.stderr)
    XCTAssertFalse(output.stderr.contains("retrying"), output.stderr)
  }

  // MARK: errors and help

  func assertFails(
    _ output: GStreamerRunner.Output, status: Int32 = 1, saying message: String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(output.status, status, output.stderr, file: file, line: line)
    XCTAssertTrue(
      output.stderr.contains(message), "'\(message)' in: \(output.stderr)", file: file, line: line)
  }

  func testScriptsRefuseBadInputWithAClearMessage() throws {
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appendingPathComponent("missing.mp4").path
    assertFails(try script("file.sh", [missing]), saying: "file.sh: no such file: \(missing)")
    let noFolder = folder.appendingPathComponent("no-such-folder/results.jsonl").path
    assertFails(
      try script("file.sh", [Self.demoClip, "-o", noFolder]),
      saying: "cannot write the results file \(noFolder): there is no folder")
    assertFails(
      try script("record.sh", [Self.demoClip, folder.appendingPathComponent("x/out.mp4").path]),
      saying: "cannot write the recording")
    assertFails(
      try script("webcam.sh", ["--device", "/dev/video-docscan-missing"]),
      saying: "webcam.sh: no camera at /dev/video-docscan-missing")
    assertFails(
      try script("record.sh", ["/dev/video-docscan-missing", "\(folder.path)/out.mp4"]),
      saying: "record.sh: no camera at /dev/video-docscan-missing")
    assertFails(
      try script("rtsp.sh", ["http://example.com/stream"]), status: 2,
      saying: "is not an rtsp:// URL")
    assertFails(
      try script("file.sh", [Self.demoClip, "--fast"]), status: 2,
      saying: "unknown option '--fast'")
    assertFails(try script("record.sh", [Self.demoClip]), status: 2, saying: "missing arguments")
    // Not a video: the pipeline fails and says why.
    let text = folder.appendingPathComponent("notes.txt")
    try Data("not a video\n".utf8).write(to: text)
    assertFails(
      try script("file.sh", [text.path]), saying: "Could not determine type of stream")
    // A property docscan does not have is refused before anything runs.
    assertFails(
      try script("file.sh", [Self.demoClip, "colour=red"]),
      saying: "no property \"colour\" in element \"docscan\"")
    // docscan's own start-up errors stop the pipeline: tessdata without a model.
    assertFails(
      try script("file.sh", [Self.demoClip, "tessdata=\(folder.path)"]),
      saying: "error from docscan")
  }

  func testScriptsSayWhenThePluginIsNotBuilt() throws {
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    // DOCSCAN_PLUGIN_DIR names a folder without the plugin.
    assertFails(
      try script("file.sh", [Self.demoClip], environment: ["DOCSCAN_PLUGIN_DIR": folder.path]),
      saying: "the docscan plugin is not in DOCSCAN_PLUGIN_DIR=\(folder.path)")
    // A checkout without a build (the scripts copied elsewhere), no plugin
    // folders at all and a registry of its own: not even an installed
    // docscan is found.
    let copy = folder.appendingPathComponent("pipelines")
    try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
    for item in ["file.sh", "lib"] {
      try FileManager.default.copyItem(
        atPath: "\(Self.root)/pipelines/\(item)", toPath: copy.appendingPathComponent(item).path)
    }
    let output = try GStreamerRunner.run(
      "bash", [copy.appendingPathComponent("file.sh").path, Self.demoClip],
      environment: [
        "DOCSCAN_PLUGIN_DIR": "", "GST_PLUGIN_PATH": "", "GST_PLUGIN_SYSTEM_PATH": copy.path,
        "GST_PLUGIN_SYSTEM_PATH_1_0": copy.path,
        "GST_REGISTRY": folder.appendingPathComponent("registry.bin").path,
      ])
    assertFails(output, saying: "file.sh: the docscan plugin is not built: run plugin/build.sh")
  }

  func testEveryScriptExplainsItself() throws {
    for (name, usage) in [
      ("file.sh", "Usage: pipelines/file.sh INPUT [-o FILE]"),
      ("record.sh", "Usage: pipelines/record.sh SOURCE OUT.mp4 [-o FILE]"),
      ("webcam.sh", "Usage: pipelines/webcam.sh [--device /dev/videoN] [-o FILE] [--record"),
      ("rtsp.sh", "Usage: pipelines/rtsp.sh URL [-o FILE] [--record OUT.mp4]"),
    ] {
      let output = try script(name, ["--help"])
      XCTAssertEqual(output.status, 0, output.stderr)
      XCTAssertTrue(output.stdout.contains(usage), output.stdout)
      XCTAssertTrue(output.stdout.contains("name=value"), output.stdout)
    }
  }
}
