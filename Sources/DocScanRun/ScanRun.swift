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

  /// The exit status (see DocScanRunCommand's discussion).
  func run() throws(RunFailure) -> Int32 {
    let source = VideoSource(argument: options.source)
    try source.checkAvailable()
    if let recording = options.recording { try Self.checkWritableFolder(of: recording) }
    var pipelineOptions = options
    let publisher = try makePublisher(settingOutboxIn: &pipelineOptions)
    try Self.startGStreamer()
    let pipeline = try GStreamerPipeline(
      PipelineDescription(source: source, options: pipelineOptions))
    docscan_run_watch_interrupts()
    publisher?.start()
    var status: Int32
    do throws(RunFailure) { status = try readBus(of: pipeline, publisher: publisher) } catch {
      // What the element wrote before the failure is still published.
      if let publisher { _ = finishPublishing(publisher) }
      throw error
    }
    if let recording = options.recording, status == 0 || status >= 128 {
      display.note("annotated recording: \(recording)")
    }
    if let publisher, finishPublishing(publisher) > 0, status == 0 {
      status = Self.unacknowledgedStatus
    }
    return status
  }

  /// The exit status of a run whose results are not all acknowledged.
  static let unacknowledgedStatus: Int32 = 3

  /// With --publish: the outbox (-o, or the default one, which then
  /// becomes the element's results-location) and its publisher, not yet
  /// started. The login is read here, so a bad one fails before the scan.
  private func makePublisher(settingOutboxIn pipelineOptions: inout RunOptions) throws(RunFailure)
    -> ResultPublisher?
  {
    guard let destination = options.publish else { return nil }
    let credentials = try MQTTCredentials.readFromProcessEnvironment()
    let outbox: String
    if let location = options.resultsLocation {
      outbox = location
    } else {
      outbox = try DefaultOutbox.prepare(desk: options.desk ?? "")
    }
    pipelineOptions.resultsLocation = outbox
    return try ResultPublisher(
      destination: destination, outboxPath: outbox,
      clientID: "docscan-run-\(options.desk ?? "")-\(getpid())", credentials: credentials)
  }

  /// Waits for the broker's last acknowledgements and says how it went;
  /// returns how many results are left in the outbox (1 when the outbox
  /// could not be read: not known to be all out).
  private func finishPublishing(_ publisher: ResultPublisher) -> Int {
    let outcome = publisher.finish(within: options.drainTimeout) { display.note($0) }
    let plural = { (count: Int) in count == 1 ? "result" : "results" }
    guard let remaining = outcome.remaining else {
      display.note(
        "publish: cannot read the outbox \(publisher.outbox.path) to tell what is left;"
          + " the next run publishes whatever the broker has not acknowledged")
      return 1
    }
    if remaining == 0 {
      display.note(
        "publish: every result acknowledged by \(publisher.destination)"
          + " (\(outcome.acknowledged) in this run)")
    } else {
      display.note(
        "publish: \(remaining) \(plural(remaining)) not acknowledged within"
          + " \(Self.seconds(options.drainTimeout)) s; they stay in the outbox"
          + " \(publisher.outbox.path) for the next run")
    }
    return remaining
  }

  private static func seconds(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
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
  private func readBus(of pipeline: GStreamerPipeline, publisher: ResultPublisher?)
    throws(RunFailure) -> Int32
  {
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
      publisher?.takeNotes().forEach { display.note($0) }
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
          publisher?.nudge()
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
