import ArgumentParser
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

  /// What was asked: help (its text), or a run.
  enum Command: Equatable {
    case help(String)
    case run(RunOptions)
  }

  /// A command line that cannot be run: the message names the argument,
  /// the usage (ArgumentParser's) follows it.
  struct UsageError: Error, Equatable {
    var message: String
    var usage: String
  }

  /// What `arguments` (the program's name left out) ask for, read by
  /// DocScanRunCommand with swift-argument-parser. `columns` is the width
  /// help and usage are wrapped to; nil: the terminal's, or 80.
  static func parse(_ arguments: [String], columns: Int? = nil) throws(UsageError) -> Command {
    do {
      return .run(try DocScanRunCommand.parse(arguments).runOptions())
    } catch {
      var text = DocScanRunCommand.fullMessage(for: error, columns: columns)
      while text.hasSuffix("\n") { text.removeLast() }
      if DocScanRunCommand.exitCode(for: error) == .success { return .help(text) }
      let message = DocScanRunCommand.message(for: error)
      let heading = "Error: \(message)\n"
      let usage = text.hasPrefix(heading) ? String(text.dropFirst(heading.count)) : text
      throw UsageError(message: lowercasingFirstWord(message), usage: usage)
    }
  }

  /// "Unknown option '--x'" as docscan-run's other messages are written:
  /// "unknown option '--x'" (a word in capitals, such as SOURCE, stays).
  private static func lowercasingFirstWord(_ message: String) -> String {
    let word = message.prefix { $0.isLetter }
    guard word.count > 1, word.dropFirst().allSatisfy(\.isLowercase) else { return message }
    return word.prefix(1).lowercased() + message.dropFirst()
  }
}
