import CDocScanRunShim
import DocScanCore
import Glibc

/// A playing pipeline and its bus, over the C bridge.
final class GStreamerPipeline {
  private let pipeline: UnsafeMutablePointer<GstElement>

  /// Builds the pipeline; an unknown element, property or bad value fails.
  init(_ description: PipelineDescription) throws(RunFailure) {
    var error: UnsafeMutablePointer<CChar>?
    let pointer = Self.withCStrings(description.arguments) { docscan_run_pipeline_new($0, &error) }
    guard let pointer else {
      throw RunFailure(message: "cannot build the pipeline: \(Self.take(error) ?? "unknown error")")
    }
    pipeline = pointer
  }

  deinit { docscan_run_pipeline_free(pipeline) }

  /// false when the change to PLAYING fails at once (an error message on
  /// the bus says why).
  func play() -> Bool { docscan_run_pipeline_play(pipeline) != 0 }

  /// Ends the stream at the pipeline's input queue (see
  /// PipelineDescription): everything after it, the muxer included,
  /// finishes, then EOS arrives on the bus.
  func sendEndOfStream() {
    docscan_run_pipeline_send_eos(pipeline, PipelineDescription.inputQueueName)
  }

  /// The next message, or nil after `timeoutMilliseconds` without one.
  func nextMessage(timeoutMilliseconds: UInt32) -> BusMessage? {
    guard let message = docscan_run_pipeline_next_message(pipeline, timeoutMilliseconds) else {
      return nil
    }
    defer { docscan_run_message_free(message) }
    switch docscan_run_message_kind(message) {
    case DOCSCAN_RUN_MESSAGE_EOS: return .endOfStream
    case DOCSCAN_RUN_MESSAGE_ERROR: return .error(problem(in: message))
    case DOCSCAN_RUN_MESSAGE_WARNING: return .warning(problem(in: message))
    default:
      guard let structure = docscan_run_message_structure(message) else {
        return .element(MessageStructure(name: ""))
      }
      return .element(StructureReader.read(structure))
    }
  }

  private func problem(in message: UnsafeMutablePointer<GstMessage>) -> BusProblem {
    var text: UnsafeMutablePointer<CChar>?
    var debug: UnsafeMutablePointer<CChar>?
    docscan_run_message_parse_problem(message, &text, &debug)
    return BusProblem(
      source: String(cString: docscan_run_message_source_name(message)),
      text: Self.take(text) ?? "", debug: Self.take(debug) ?? "")
  }

  /// A GLib-allocated string as a Swift string; frees it.
  private static func take(_ text: UnsafeMutablePointer<CChar>?) -> String? {
    guard let text else { return nil }
    defer { g_free(text) }
    return String(cString: text)
  }

  /// A NULL-terminated C array of the strings, valid inside `body`.
  private static func withCStrings<Result>(
    _ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result
  ) -> Result {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { UnsafePointer($0) } + [nil]
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
  }
}
