/// One desk's scanning sessions: takes analysed frames and requests (reset,
/// PLAYING) and says what to post and draw.
///
/// A session is one customer's document. It starts with the stream, on
/// `reset`, and after a timeout. Frames reach the actor without blocking the
/// streaming thread; everything here runs on the actor's executor, a
/// low-priority thread of its own (`AnalysisThread`).
public actor ScanSession {
  private let executor: AnalysisThread

  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  public private(set) var sessionNumber: UInt32 = 1
  /// Frames analysed in the current session.
  public private(set) var framesAnalyzed: UInt32 = 0
  private var sessionStartClock: UInt64?
  private var lastTimes = StreamTimes.unknown
  private var throttle = FeedbackThrottle()
  private var lastAnnotation = AnnotationPlan.idle
  private let inspector = QualityInspector()

  /// Until document detection exists, quality is measured on the middle of the frame.
  static let centralFraction = 0.6

  public init(executor: AnalysisThread = .shared) {
    self.executor = executor
  }

  public func analyze(_ frame: AnalysisFrame, settings: SessionSettings) -> SessionOutput {
    var messages: [MessageStructure] = []
    lastTimes = frame.times
    let clock = frame.times.sessionClock

    if let timedOut = timeoutMessage(at: clock, settings: settings) {
      messages.append(timedOut.structure)
      startNewSession()
    }
    if sessionStartClock == nil { sessionStartClock = clock }
    framesAnalyzed += 1

    let region = frame.luma.bounds.central(fraction: Self.centralFraction)
    let quality = inspector.inspect(
      frame.luma, region: region, blurLimit: settings.blurThreshold,
      glareLimit: settings.glareThreshold)
    let detection = DetectionStatus.failed
    let status = ScanningStatus.sideInProgress
    let instruction = Instruction.choose(
      status: status, detection: detection, events: quality.events)
    let feedback = FeedbackMessage(
      times: frame.times, session: sessionNumber, side: .front, scanningStatus: status,
      detectionStatus: detection, events: quality.events, instruction: instruction.rawValue,
      blur: quality.blur, glare: quality.glare)
    if throttle.shouldPost(feedback) { messages.append(feedback.structure) }

    lastAnnotation = AnnotationPlan(
      instruction: instruction.rawValue,
      tone: AnnotationPlan.Tone(detection: detection, events: quality.events),
      blur: quality.blur, glare: quality.glare, blurLimit: settings.blurThreshold,
      glareLimit: settings.glareThreshold)
    return SessionOutput(messages: messages, annotation: lastAnnotation)
  }

  /// The `reset` action: end this session as cancelled and start the next.
  public func reset() -> SessionOutput {
    let cancelled = endMessage(.cancelled, instruction: .cancelled)
    startNewSession()
    lastAnnotation = .idle
    return SessionOutput(messages: [cancelled.structure], annotation: lastAnnotation)
  }

  /// The element went to PLAYING again after a pause: a new session.
  public func resume() -> SessionOutput { reset() }

  private func timeoutMessage(at clock: UInt64?, settings: SessionSettings) -> FeedbackMessage? {
    guard settings.timeoutSeconds > 0, let clock, let start = sessionStartClock else { return nil }
    let limit = UInt64(settings.timeoutSeconds) * Nanoseconds.perSecond
    guard clock >= start, clock - start >= limit else { return nil }
    return endMessage(.timeout, instruction: .timedOut)
  }

  private func endMessage(_ status: ScanningStatus, instruction: Instruction) -> FeedbackMessage {
    FeedbackMessage(
      times: lastTimes, session: sessionNumber, side: .front, scanningStatus: status,
      detectionStatus: .failed, events: [], instruction: instruction.rawValue,
      blur: lastAnnotation.blur, glare: lastAnnotation.glare)
  }

  private func startNewSession() {
    sessionNumber &+= 1
    framesAnalyzed = 0
    sessionStartClock = nil
    throttle.forget()
  }
}
