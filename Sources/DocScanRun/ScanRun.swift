import CDocScanRunShim
import DocScanCore
import Glibc

/// One run of docscan-run: checks what can be checked before GStreamer
/// starts, plays the pipeline and reads its bus until the end.
struct ScanRun {
  let options: RunOptions
  private let output = OutputChannel.standardOutput
  private let display = GuidanceDisplay(channel: .standardError)

  init(options: RunOptions) { self.options = options }

  /// The exit status (see RunOptions.usage).
  func run() throws(RunFailure) -> Int32 {
    let source = VideoSource(argument: options.source)
    try source.checkAvailable()
    if let recording = options.recording { try Self.checkWritableFolder(of: recording) }
    try Self.startGStreamer()
    let pipeline = try GStreamerPipeline(PipelineDescription(source: source, options: options))
    docscan_run_watch_interrupts()
    let status = try readBus(of: pipeline)
    if let recording = options.recording, status == 0 || status >= 128 {
      display.note("annotated recording: \(recording)")
    }
    return status
  }

  private static func startGStreamer() throws(RunFailure) {
    PluginLocator.addBuildFolderToPluginPath()
    var error: UnsafeMutablePointer<CChar>?
    guard docscan_run_init(&error) != 0 else {
      defer { g_free(error) }
      throw RunFailure(message: "GStreamer cannot start: \(String(cString: error!))")
    }
    guard docscan_run_has_element("docscan") != 0 else {
      throw RunFailure(
        message: "docscan plugin not found: run plugin/build.sh and set GST_PLUGIN_PATH")
    }
  }

  private static func checkWritableFolder(of path: String) throws(RunFailure) {
    var folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
    if folder.isEmpty { folder = "/" }
    guard access(folder, W_OK) == 0 else {
      throw RunFailure(
        message: "cannot write the recording into \(folder): \(String(cString: strerror(errno)))")
    }
  }

  /// How long the pipeline may take to finish after EOS was sent (the
  /// encoder and muxer drain); a source that is stuck does not hold it up.
  static let endTimeoutSeconds = 10.0

  /// Plays the pipeline and handles its messages until EOS or an error.
  private func readBus(of pipeline: GStreamerPipeline) throws(RunFailure) -> Int32 {
    var interrupted = false
    var results = 0
    // A failed start that leaves no error on the bus within a second.
    var startDeadline = pipeline.play() ? nil : monotonicSeconds() + 1
    var endDeadline: Double?
    func requestEnd() {
      if endDeadline == nil {
        pipeline.sendEndOfStream()
        endDeadline = monotonicSeconds() + Self.endTimeoutSeconds
      }
    }
    defer { display.finish() }

    while true {
      if !interrupted && docscan_run_interrupt_count() > 0 {
        interrupted = true
        display.note("stopping: finishing the stream (Ctrl-C again to quit at once)")
        requestEnd()
      }
      guard let message = pipeline.nextMessage(timeoutMilliseconds: 100) else {
        let now = monotonicSeconds()
        if let deadline = startDeadline, now > deadline {
          throw RunFailure(message: "the pipeline could not start")
        }
        if let deadline = endDeadline, now > deadline {
          throw RunFailure(
            message: "the stream did not end within \(Int(Self.endTimeoutSeconds)) s of EOS"
              + (options.recording == nil ? "" : "; the recording may be incomplete"),
            status: interrupted ? interruptedStatus() : 1)
        }
        continue
      }
      switch message {
      case .endOfStream:
        display.finish()
        if !options.jsonMessages {
          display.note("end of stream: \(results) result\(results == 1 ? "" : "s")")
        }
        return interrupted ? interruptedStatus() : 0
      case .error(let problem):
        display.finish()
        throw RunFailure(message: "error from \(problem)")
      case .warning(let problem):
        display.note("docscan-run: warning from \(problem)")
      case .element(let structure):
        guard structure.name.hasPrefix("docscan-") else { continue }
        startDeadline = nil
        handle(structure)
        if structure.name == ResultMessage.structureName {
          results += 1
          if options.exitAfterResult { requestEnd() }
        }
      }
    }
  }

  private func handle(_ structure: MessageStructure) {
    if options.jsonMessages {
      let named = MessageStructure(
        name: structure.name, fields: [.init("message", .string(structure.name))] + structure.fields
      )
      output.write(JSONLine.encode(named) + "\n")
      return
    }
    switch structure.name {
    case FeedbackMessage.structureName:
      if let feedback = try? FeedbackMessage(structure: structure) { display.show(feedback) }
    case SideMessage.structureName:
      display.note(GuidanceText.line(forSide: structure))
    case ResultMessage.structureName:
      display.aroundOtherOutput { output.write(JSONLine.encode(structure) + "\n") }
    default:
      break
    }
  }

  /// 128 + the signal's number, as a shell reports it (130 for Ctrl-C).
  private func interruptedStatus() -> Int32 {
    128 + Int32(max(docscan_run_interrupt_signal(), 2))
  }

  private func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}
