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
  private let vision: any DocumentVision
  private let detector = DocumentDetector()

  /// The dewarped document's long side, in pixels: every later stage reads
  /// it. 720 is about the document's own size in a 720p frame when it is
  /// placed well (so measures are not blurred by upscaling), and leaves
  /// 15 pixels per character on a passport's MRZ.
  public static let dewarpedLongSide = 720
  /// Quality is measured inside this share of the dewarped document, away
  /// from the outline's uncertain edge.
  static let qualityFraction = 0.94

  public init(vision: any DocumentVision, executor: AnalysisThread = .shared) {
    self.vision = vision
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

    let detection = detector.detect(
      candidates: vision.outlines(in: frame.luma), frameWidth: frame.luma.width,
      frameHeight: frame.luma.height)
    let document = detection.quad.flatMap { dewarp(frame.luma, $0, shape: detection.shape) }
    let quality = document.map {
      inspector.inspect(
        $0, region: $0.bounds.central(fraction: Self.qualityFraction),
        blurLimit: settings.blurThreshold, glareLimit: settings.glareThreshold)
    }
    let events = detection.events + (quality?.events ?? [])
    let status = ScanningStatus.sideInProgress
    let instruction = Instruction.choose(
      status: status, detection: detection.status, events: events)
    // The outline in the input frame's pixels.
    let outline = detection.quad?.scaled(
      x: Double(frame.sourceWidth) / Double(frame.luma.width),
      y: Double(frame.sourceHeight) / Double(frame.luma.height))
    let feedback = FeedbackMessage(
      times: frame.times, session: sessionNumber, side: .front, scanningStatus: status,
      detectionStatus: detection.status, events: events, instruction: instruction.rawValue,
      blur: quality?.blur ?? 0, glare: quality?.glare ?? 0, quad: outline?.flattened)
    if throttle.shouldPost(feedback) { messages.append(feedback.structure) }

    lastAnnotation = AnnotationPlan(
      instruction: instruction.rawValue,
      tone: AnnotationPlan.Tone(detection: detection.status, events: events),
      blur: quality?.blur ?? 0, glare: quality?.glare ?? 0, blurLimit: settings.blurThreshold,
      glareLimit: settings.glareThreshold, outline: outline)
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

  /// The document seen face-on at a fixed size; portrait when it stands upright.
  private func dewarp(_ image: LumaImage, _ quad: Quad, shape: DocumentShape?) -> LumaImage? {
    let size = (shape ?? .id1).dewarpedSize(longSide: Self.dewarpedLongSide)
    let sides = quad.sides
    let upright = sides[1] + sides[3] > sides[0] + sides[2]
    return upright
      ? vision.dewarp(image, quad: quad, width: size.height, height: size.width)
      : vision.dewarp(image, quad: quad, width: size.width, height: size.height)
  }

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
