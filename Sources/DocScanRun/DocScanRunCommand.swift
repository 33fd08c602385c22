import ArgumentParser
import DocScanCore

/// docscan-run's command line as swift-argument-parser reads it, and its
/// help; `runOptions()` is what it asks for. main.swift does not call
/// `main()`: RunOptions.parse catches what ArgumentParser throws, so a
/// wrong command line exits 2 (not ArgumentParser's 64).
///
/// Options take the next argument as their value whatever it looks like
/// (`-o -x` writes to `-x`); `name=value` properties may come before,
/// between or after the options and keep their order.
struct DocScanRunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "docscan-run",
    abstract: "Scans an identity document in live video with the docscan GStreamer element.",
    // ArgumentParser indents the second line under the first.
    usage: """
      docscan-run SOURCE [options] [name=value ...]
      docscan-run SOURCE --publish mqtt://HOST[:PORT]/TOPIC --desk ID [options]
      """,
    discussion: """
      Shows the guidance on one updating line (standard error) and prints every \
      result as one JSON line (standard output).

      Exit status: 0 at the end of a file (or after the result with \
      --exit-after-result), 1 when the source, the plugin or the pipeline fails, \
      2 for a wrong command line, 3 when with --publish the scan ended well but \
      results are still unacknowledged (they stay in the outbox and the next run \
      publishes them), 130 after Ctrl-C (the recording is finished first), 143 \
      after SIGTERM.

      The plugin is looked up in GST_PLUGIN_PATH, then in ../release from this \
      program's folder (the repository's .build/release) and in that folder \
      itself, then in GStreamer's own plugin folders.
      """
  )

  @Argument(
    help: ArgumentHelp(
      "/dev/videoN (a camera), a URI such as rtsp://host/stream, or a video file"
        + " (read as fast as possible, every frame analysed: analysis=sync).",
      valueName: "SOURCE"))
  var source: String

  @Argument(
    help: ArgumentHelp(
      "A docscan property, e.g. mode=mrz blur-threshold=0.5; in order, after the"
        + " defaults (analysis=sync here wins).",
      valueName: "name=value"))
  var properties: [String] = []

  @Option(
    name: .customShort("o"), parsing: .unconditional,
    help: ArgumentHelp(
      "Also append every result to FILE as a JSON line (docscan's results-location).",
      valueName: "FILE"))
  var resultsLocation: String?

  @Option(
    name: .customLong("record"), parsing: .unconditional,
    help: ArgumentHelp("Record the annotated video (H.264 in MP4).", valueName: "OUT.mp4"))
  var recording: String?

  @Flag(
    name: .customLong("json-feedback"),
    help: ArgumentHelp(
      "Print every docscan message (feedback, side, result) as a JSON line with a"
        + " \"message\" field, no guidance line."))
  var jsonMessages = false

  @Flag(
    help: ArgumentHelp(
      "Stop after the first result (live sources otherwise run until Ctrl-C)."))
  var exitAfterResult = false

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("docscan's desk: copied into every result.", valueName: "ID"))
  var desk: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Publish every result's JSON line to the MQTT topic mqtt://HOST[:PORT]/TOPIC"
        + " (QoS 1, at least once, in order; consumers drop repeats by result-id)."
        + " The results file is the outbox: -o FILE, or without it"
        + " $XDG_STATE_HOME/docscan/DESK/results.jsonl (~/.local/state/...); FILE.cursor"
        + " marks what the broker acknowledged. Needs --desk. The login comes from"
        + " DOCSCAN_MQTT_USERNAME with DOCSCAN_MQTT_PASSWORD or"
        + " DOCSCAN_MQTT_PASSWORD_FILE (mode 0600).",
      valueName: "URL"))
  var publish: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "At the end, wait up to S seconds (default 10) for the broker to acknowledge"
        + " every result.",
      valueName: "S"))
  var drainTimeout: String?

  mutating func validate() throws {
    _ = try runOptions()
  }

  /// The options to run with; the error names the argument that is wrong.
  func runOptions() throws(ValidationError) -> RunOptions {
    func value(_ text: String?, of option: String) throws(ValidationError) -> String? {
      if text?.isEmpty == true { throw ValidationError("\(option) needs a value") }
      return text
    }
    guard !source.isEmpty else { throw ValidationError("no SOURCE given") }
    var options = RunOptions(source: source)
    options.resultsLocation = try value(resultsLocation, of: "-o")
    options.recording = try value(recording, of: "--record")
    options.jsonMessages = jsonMessages
    options.exitAfterResult = exitAfterResult
    options.desk = try value(desk, of: "--desk")
    if let url = try value(publish, of: "--publish") {
      do throws(MQTTDestination.ParseError) {
        options.publish = try MQTTDestination(parsing: url)
      } catch {
        throw ValidationError(error.message)
      }
    }
    var seconds: Double?
    if let text = try value(drainTimeout, of: "--drain-timeout") {
      guard let number = Double(text), number >= 0, number.isFinite else {
        throw ValidationError("--drain-timeout '\(text)' is not a number of seconds")
      }
      seconds = number
    }
    if let stray = properties.first(where: { !Self.isProperty($0) }) {
      throw ValidationError("unexpected argument '\(stray)' (properties are name=value)")
    }
    options.properties = properties
    if options.publish != nil && options.desk == nil {
      throw ValidationError("--publish needs --desk ID (every published result names its desk)")
    }
    // The publisher reads the outbox -o names and the lines say --desk: a
    // property set after them would send the results elsewhere, unread.
    if options.publish != nil {
      for (property, option) in [("results-location", "-o FILE"), ("desk", "--desk ID")]
      where properties.contains(where: { $0.hasPrefix(property + "=") }) {
        throw ValidationError("with --publish, give \(property) as \(option), not \(property)=")
      }
    }
    if let seconds {
      guard options.publish != nil else {
        throw ValidationError("--drain-timeout is for --publish")
      }
      options.drainTimeout = seconds
    }
    return options
  }

  /// `name=value` with a property-like name (letters, digits, '-' and '_').
  private static func isProperty(_ argument: String) -> Bool {
    guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
      return false
    }
    return argument[..<equals].allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
  }
}
