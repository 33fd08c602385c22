import DocScanCore
import XCTest

@testable import DocScanRun

/// docscan-run's command line as swift-argument-parser reads it into
/// RunOptions: what each argument sets, where properties may stand, help,
/// and the message each wrong command line gets (main.swift prints it and
/// exits 2; DocScanRunTests run the program for that).
final class RunOptionsTests: XCTestCase {
  func testSourceAloneRunsWithTheDefaults() throws {
    XCTAssertEqual(try parse(["clip.mp4"]), .run(RunOptions(source: "clip.mp4")))
    XCTAssertEqual(RunOptions(source: "x").drainTimeout, 10)
  }

  func testEveryOptionSetsItsField() throws {
    let url = "mqtt://127.0.0.1:1884/docscan/desk-7/results"
    let command = try parse([
      "/dev/video0", "-o", "results.jsonl", "--record", "out.mp4", "--json-feedback",
      "--exit-after-result", "--publish", url, "--desk", "desk-7", "--drain-timeout", "2.5",
    ])
    var expected = RunOptions(source: "/dev/video0")
    expected.resultsLocation = "results.jsonl"
    expected.recording = "out.mp4"
    expected.jsonMessages = true
    expected.exitAfterResult = true
    expected.publish = try MQTTDestination(parsing: url)
    expected.desk = "desk-7"
    expected.drainTimeout = 2.5
    XCTAssertEqual(command, .run(expected))
  }

  /// Properties keep their order wherever they stand among the options,
  /// and the source is the first argument that is not an option or value.
  func testPropertiesMayStandBeforeBetweenAndAfterOptions() throws {
    var expected = RunOptions(source: "scan.mp4")
    expected.resultsLocation = "r.jsonl"
    expected.jsonMessages = true
    expected.properties = ["mode=mrz", "blur-threshold=0.5", "max_side=3", "analysis=async"]
    XCTAssertEqual(
      try parse([
        "scan.mp4", "mode=mrz", "-o", "r.jsonl", "blur-threshold=0.5", "--json-feedback",
        "max_side=3", "analysis=async",
      ]), .run(expected))
    XCTAssertEqual(
      try parse([
        "-o", "r.jsonl", "scan.mp4", "mode=mrz", "blur-threshold=0.5", "--json-feedback",
        "max_side=3", "analysis=async",
      ]), .run(expected))
  }

  /// An option takes the next argument as its value, whatever it looks
  /// like; given twice, the last one counts.
  func testOptionValuesAreTakenAsWritten() throws {
    var expected = RunOptions(source: "x")
    expected.resultsLocation = "--json-feedback"
    XCTAssertEqual(try parse(["x", "-o", "--json-feedback"]), .run(expected))
    expected.resultsLocation = "b"
    XCTAssertEqual(try parse(["x", "-o", "a", "-o", "b"]), .run(expected))
    expected.resultsLocation = nil
    expected.recording = "with space.mp4"
    XCTAssertEqual(try parse(["x", "--record", "with space.mp4"]), .run(expected))
  }

  /// -h and --help anywhere: the help, which says what the old usage said.
  func testHelpDescribesEveryArgumentAndTheExitStatus() throws {
    for arguments in [["--help"], ["-h"], ["x", "-o", "f", "--help"], ["x", "--bogus", "-h"]] {
      guard case .help(let text) = try parse(arguments) else {
        return XCTFail("\(arguments): no help")
      }
      XCTAssertTrue(text.hasPrefix("OVERVIEW: Scans an identity document"), text)
      XCTAssertTrue(
        text.contains(
          "USAGE: docscan-run SOURCE [options] [name=value ...]\n"
            + "       docscan-run SOURCE --publish mqtt://HOST[:PORT]/TOPIC --desk ID [options]\n"),
        text)
      for name in [
        "<SOURCE>", "<name=value>", "-o <FILE>", "--record <OUT.mp4>", "--json-feedback",
        "--exit-after-result", "--desk <ID>", "--publish <URL>", "--drain-timeout <S>",
        "-h, --help", "Exit status: 0", "2\nfor a wrong command line", "GST_PLUGIN_PATH",
        "DOCSCAN_MQTT_PASSWORD_FILE",
      ] {
        XCTAssertTrue(text.contains(name), "\(name) missing from\n\(text)")
      }
      XCTAssertFalse(text.hasSuffix("\n"))
    }
  }

  func testWrongCommandLinesNameTheArgument() throws {
    let cases: [([String], String)] = [
      ([], "missing expected argument '<SOURCE>'"),
      ([""], "no SOURCE given"),
      (["x", "--bogus"], "unknown option '--bogus'"),
      (["--bogus", "x"], "unknown option '--bogus'"),
      (["x", "extra"], "unexpected argument 'extra' (properties are name=value)"),
      (["x", "mode=mrz", "=1"], "unexpected argument '=1' (properties are name=value)"),
      (["x", "a.b=1"], "unexpected argument 'a.b=1' (properties are name=value)"),
      (["x", "-o"], "missing value for '-o <FILE>'"),
      (["x", "--record"], "missing value for '--record <OUT.mp4>'"),
      (["x", "-o", ""], "-o needs a value"),
      (["x", "--record", ""], "--record needs a value"),
      (["x", "--desk", ""], "--desk needs a value"),
      (["x", "--publish", ""], "--publish needs a value"),
      (
        ["x", "--publish", "mqtt://h/t", "--desk", "d", "--drain-timeout", ""],
        "--drain-timeout needs a value"
      ),
      (
        ["x", "--publish", "mqtt://h/t"],
        "--publish needs --desk ID (every published result names its desk)"
      ),
      (["x", "--drain-timeout", "1"], "--drain-timeout is for --publish"),
      (["x", "--desk", "d", "--drain-timeout", "1"], "--drain-timeout is for --publish"),
      (
        ["x", "--publish", "mqtt://h/t", "--desk", "d", "results-location=/tmp/r.jsonl"],
        "with --publish, give results-location as -o FILE, not results-location="
      ),
      (
        ["x", "desk=e", "--publish", "mqtt://h/t", "--desk", "d"],
        "with --publish, give desk as --desk ID, not desk="
      ),
    ]
    for (arguments, message) in cases {
      XCTAssertEqual(try usageError(arguments)?.message, message, "\(arguments)")
    }
    for seconds in ["soon", "-1", "inf", "nan", "1s"] {
      XCTAssertEqual(
        try usageError(["x", "--publish", "mqtt://h/t", "--desk", "d", "--drain-timeout", seconds])?
          .message, "--drain-timeout '\(seconds)' is not a number of seconds")
    }
  }

  /// Without -o, each desk has an outbox of its own under the XDG state
  /// folder, its name made safe for one folder.
  func testTheDefaultOutboxIsOnePerDesk() {
    let environment = ["XDG_STATE_HOME": "/state", "HOME": "/home/u"]
    XCTAssertEqual(
      DefaultOutbox.path(desk: "desk-7", environment: { environment[$0] }),
      "/state/docscan/desk-7/results.jsonl")
    XCTAssertEqual(
      DefaultOutbox.path(desk: "front desk/2", environment: { ["HOME": "/home/u"][$0] }),
      "/home/u/.local/state/docscan/front_desk_2/results.jsonl")
    XCTAssertEqual(
      DefaultOutbox.path(desk: "a", environment: { ["XDG_STATE_HOME": "rel", "HOME": "/h"][$0] }),
      "/h/.local/state/docscan/a/results.jsonl", "a relative XDG_STATE_HOME is ignored")
    XCTAssertNil(DefaultOutbox.path(desk: "a", environment: { _ in nil }))
    XCTAssertEqual(DefaultOutbox.folderName(".."), "_..")
    XCTAssertEqual(DefaultOutbox.folderName(""), "_")
    XCTAssertEqual(DefaultOutbox.folderName("Kassa.3"), "Kassa.3")
  }

  /// --publish URLs are MQTTDestination's to judge, with its messages.
  func testPublishURLErrorsAreMQTTDestinationsMessages() throws {
    for url in [
      "mqtts://h/t", "mqtt://desk-7:s3cret@h/t", "mqtt://h:0/t", "mqtt://h:65536/t", "mqtt://h/",
      "mqtt://h/a/+/b", "http://h/t",
    ] {
      let expected: String
      do {
        _ = try MQTTDestination(parsing: url)
        XCTFail("\(url) parsed")
        continue
      } catch {
        expected = error.message
      }
      XCTAssertEqual(try usageError(["x", "--publish", url, "--desk", "d"])?.message, expected)
    }
    XCTAssertTrue(
      try usageError(["x", "--publish", "mqtt://u:p@h/t", "--desk", "d"])?.message.contains(
        "credentials do not belong on the command line") ?? false)
  }

  /// After the message: ArgumentParser's usage and where help is.
  func testUsageErrorCarriesTheUsage() throws {
    let error = try XCTUnwrap(try usageError(["x", "--bogus"]))
    XCTAssertEqual(
      error.usage,
      """
      Usage: docscan-run SOURCE [options] [name=value ...]
             docscan-run SOURCE --publish mqtt://HOST[:PORT]/TOPIC --desk ID [options]
        See 'docscan-run --help' for more information.
      """)
    // With no arguments at all, the whole help, as before.
    let none = try XCTUnwrap(try usageError([]))
    XCTAssertTrue(none.usage.contains("OVERVIEW: Scans an identity document"), none.usage)
  }

  // MARK: - Helpers

  private func parse(_ arguments: [String]) throws -> RunOptions.Command {
    try RunOptions.parse(arguments, columns: 80)
  }

  /// The usage error `arguments` give; nil (and a failure) if they parse.
  private func usageError(_ arguments: [String]) throws -> RunOptions.UsageError? {
    do {
      let command = try RunOptions.parse(arguments, columns: 80)
      XCTFail("\(arguments) parsed: \(command)")
      return nil
    } catch {
      return error
    }
  }
}
