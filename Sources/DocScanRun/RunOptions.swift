import DocScanCore

/// What the command line asks for.
struct RunOptions: Equatable {
  /// `/dev/videoN`, a URI or a file path.
  var source: String
  /// docscan's `results-location` (`-o FILE`).
  var resultsLocation: String?
  /// Where to record the annotated video (`--record OUT.mp4`).
  var recording: String?
  /// Every docscan message as a JSON line on stdout, no guidance line.
  var jsonMessages = false
  /// Stop (with EOS, so a recording is complete) after the first result.
  var exitAfterResult = false
  /// Trailing `name=value` docscan properties, in order.
  var properties: [String] = []
  /// Where every result's JSON line is published (`--publish URL`).
  var publish: MQTTDestination?
  /// docscan's `desk` (`--desk ID`); `--publish` needs it.
  var desk: String?
  /// Seconds to wait at the end for the broker to acknowledge every line.
  var drainTimeout = RunOptions.defaultDrainTimeout

  static let defaultDrainTimeout = 10.0

  /// What was asked: help, or a run.
  enum Command: Equatable {
    case help
    case run(RunOptions)
  }

  /// A command line that cannot be run; the message names the argument.
  struct UsageError: Error, Equatable {
    var message: String
  }

  static let usage = """
    Usage: docscan-run SOURCE [options] [name=value ...]
           docscan-run SOURCE --publish mqtt://HOST[:PORT]/TOPIC --desk ID [options]

    Scans an identity document in live video with the docscan GStreamer element:
    shows the guidance on one updating line (standard error), prints every
    result as one JSON line (standard output).

      SOURCE              /dev/videoN (a camera), a URI such as rtsp://host/stream,
                          or a video file (read as fast as possible, every frame
                          analysed: analysis=sync)
      -o FILE             also append every result to FILE as a JSON line
                          (docscan's results-location)
      --record OUT.mp4    record the annotated video (H.264 in MP4)
      --json-feedback     print every docscan message (feedback, side, result)
                          as a JSON line with a "message" field, no guidance line
      --exit-after-result stop after the first result (live sources otherwise
                          run until Ctrl-C)
      --desk ID           docscan's desk: copied into every result
      --publish URL       publish every result's JSON line to the MQTT topic
                          (QoS 1, at least once, in order; consumers drop
                          repeats by result-id). The results file is the
                          outbox: -o FILE, or without it
                          $XDG_STATE_HOME/docscan/results.jsonl
                          (~/.local/state/...); FILE.cursor marks what the
                          broker acknowledged. Needs --desk. The login comes
                          from DOCSCAN_MQTT_USERNAME with DOCSCAN_MQTT_PASSWORD
                          or DOCSCAN_MQTT_PASSWORD_FILE (mode 0600)
      --drain-timeout S   at the end, wait up to S seconds (default 10) for the
                          broker to acknowledge every result
      name=value          a docscan property, e.g. mode=mrz blur-threshold=0.5
      -h, --help          this text

    Exit status: 0 at the end of a file (or after the result with
    --exit-after-result), 1 when the source, the plugin or the pipeline fails,
    2 for a wrong command line, 3 when with --publish the scan ended well but
    results are still unacknowledged (they stay in the outbox and the next run
    publishes them), 130 after Ctrl-C (the recording is finished first). The
    plugin is looked up in GST_PLUGIN_PATH, then in ../release from this
    program's folder (the repository's .build/release) and in that folder
    itself, then in GStreamer's own plugin folders.
    """

  static func parse(_ arguments: [String]) throws(UsageError) -> Command {
    var source: String?
    var drainTimeout: Double?
    var options = RunOptions(source: "")
    var remaining = arguments[...]
    func value(after option: String) throws(UsageError) -> String {
      guard let next = remaining.popFirst(), !next.isEmpty else {
        throw UsageError(message: "\(option) needs a value")
      }
      return next
    }
    while let argument = remaining.popFirst() {
      switch argument {
      case "-h", "--help": return .help
      case "-o": options.resultsLocation = try value(after: argument)
      case "--record": options.recording = try value(after: argument)
      case "--json-feedback": options.jsonMessages = true
      case "--exit-after-result": options.exitAfterResult = true
      case "--desk": options.desk = try value(after: argument)
      case "--publish":
        let url = try value(after: argument)
        do throws(MQTTDestination.ParseError) {
          options.publish = try MQTTDestination(parsing: url)
        } catch {
          throw UsageError(message: error.message)
        }
      case "--drain-timeout":
        let text = try value(after: argument)
        guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
          throw UsageError(message: "--drain-timeout '\(text)' is not a number of seconds")
        }
        drainTimeout = seconds
      case _ where argument.hasPrefix("-"):
        throw UsageError(message: "unknown option '\(argument)'")
      case _ where source == nil:
        source = argument
      case _ where isProperty(argument):
        options.properties.append(argument)
      default:
        throw UsageError(message: "unexpected argument '\(argument)' (properties are name=value)")
      }
    }
    guard let source, !source.isEmpty else { throw UsageError(message: "no SOURCE given") }
    options.source = source
    if options.publish != nil && options.desk == nil {
      throw UsageError(message: "--publish needs --desk ID (every published result names its desk)")
    }
    if let drainTimeout {
      guard options.publish != nil else {
        throw UsageError(message: "--drain-timeout is for --publish")
      }
      options.drainTimeout = drainTimeout
    }
    return .run(options)
  }

  /// `name=value` with a property-like name (letters, digits and '-').
  private static func isProperty(_ argument: String) -> Bool {
    guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
      return false
    }
    return argument[..<equals].allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
  }
}
