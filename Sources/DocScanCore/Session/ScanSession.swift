/// One desk's scanning sessions: takes analysed frames and requests (reset,
/// PLAYING) and says what to post and draw.
///
/// A session is one customer's document. It starts with the stream, on
/// `reset`, after a timeout and `auto-reset` seconds after a result. Frames
/// reach the actor without blocking the streaming thread; everything here
/// runs on the actor's executor, a low-priority thread of its own
/// (`AnalysisThread`), the MRZ reading included.
///
/// The actor holds the session's state and runs each frame through the
/// stages: the outline (`DocumentDetector`, `DocumentDewarper`), quality,
/// the MRZ (`FrameMRZReader`) and barcodes (`SideBarcodeReader`), the
/// sides (`SideFlow`, `BarcodeFlow`), what they post (`CaptureRecorder`),
/// their pictures (`SidePictures`) and the guidance (`SessionGuidance`).
public actor ScanSession {
  private let executor: AnalysisThread

  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  public private(set) var sessionNumber: UInt32 = 1
  /// Frames analysed in the current session.
  public private(set) var framesAnalyzed: UInt32 = 0
  /// When the session started and got its result (timeout, `auto-reset`).
  private var timers = SessionTimers()
  /// Stream time kept from running backwards; `now` is its reading for
  /// the frame being analysed.
  private var streamClock = SessionClock()
  private var now: UInt64?
  private var lastTimes = StreamTimes.unknown
  private var throttle = FeedbackThrottle()
  private var lastAnnotation = AnnotationPlan.idle
  private let inspector = QualityInspector()
  /// Where the document's portrait is, for glare to spare its ground;
  /// nil without `imaging` (no face detector).
  private var portraitGround: PortraitGround?
  private let vision: any DocumentVision
  private let dewarper: DocumentDewarper
  private let detector: DocumentDetector
  private let printGauge = MRZPrintGauge()
  /// Steadies the reported status and outline (reading uses each frame's own).
  private var smoother = DetectionSmoother()
  /// The last analysed frame's size: after new caps of another size the
  /// smoother's outline is in other pixels and is forgotten. What was read
  /// and captured is kept: the session goes on.
  private var analysisSize: (width: Int, height: Int)?
  /// Reads MRZs and remembers the orientation that worked; nil: no MRZ reader.
  private var mrzReader: FrameMRZReader?
  private let barcodeReader: SideBarcodeReader?
  private var barcodes = BarcodeFlow()
  private var barcodeConfirmation = BarcodeConfirmation()
  /// The mode of the last analysed frame (for messages outside a frame).
  private var lastMode = ScanMode.combined
  private let today: @Sendable () -> MRZDate
  /// The element's `desk` property, copied into every side and result.
  private let desk: String?
  private var flow = SideFlow()
  /// Whether the MRZ is read in grey or in the ink image.
  private var imageTurns = MRZImageTurns()
  /// The session's result, once posted: the session is finished.
  private var result: ResultMessage?
  /// The result as the overlay shows it, made again only when `redact`
  /// changes (making it parses the barcode's payload).
  private var resultCard: (redact: Bool, card: ResultCard)?
  /// Analysed frames in a row without a document.
  private var framesWithoutDocument = 0
  private var pictures: SidePictures
  /// The card's captured front, to tell it shown again for the back.
  private var frontShownAgain = SideShownAgain()
  /// A back read before the front, to tell it still in view (sliding out,
  /// nothing read on it any more) from the front asked for.
  private var backShownAgain = SideShownAgain()
  /// Whether the side captured last has left the view since the flip was asked.
  private var flipWatch = FlipWatch()

  /// The dewarped document's long side, in pixels: every later stage reads
  /// it. 720 is about the document's own size in a 720p frame when it is
  /// placed well (so measures are not blurred by upscaling), and leaves
  /// 15 pixels per character on a passport's MRZ.
  public static let dewarpedLongSide = 720
  /// Quality is measured inside this share of the dewarped document, away
  /// from the outline's uncertain edge.
  static let qualityFraction = 0.94
  /// After this many analysed frames without a document, what was read of
  /// the last one is forgotten (the next one may be another document).
  static let framesBeforeForgettingReadings = 10

  /// `mrzReader` reads MRZs and `barcodeReader` barcodes; without them no
  /// side is ever captured (the session only guides). `imaging` makes the
  /// sides' pictures (none without it). `today` dates the MRZs (the
  /// century of their years). `desk` names the desk or camera in every side
  /// and result.
  public init(
    vision: any DocumentVision, mrzReader: (any MRZTextReader)? = nil,
    barcodeReader: (any BarcodeScanning)? = nil, imaging: (any DocumentImaging)? = nil,
    executor: AnalysisThread = .shared,
    today: @escaping @Sendable () -> MRZDate = MRZDate.today, desk: String? = nil,
    detector: DocumentDetector = DocumentDetector()
  ) {
    self.desk = desk
    self.detector = detector
    self.pictures = SidePictures(imaging: imaging)
    self.portraitGround = imaging.map { PortraitGround(imaging: $0) }
    self.vision = vision
    self.dewarper = DocumentDewarper(vision: vision)
    self.mrzReader = mrzReader.map { FrameMRZReader(reader: $0) }
    self.barcodeReader = barcodeReader.map { SideBarcodeReader(reader: $0, vision: vision) }
    self.executor = executor
    self.today = today
  }

  public func analyze(_ frame: AnalysisFrame, settings: SessionSettings) -> SessionOutput {
    var messages: [MessageStructure] = []
    var logs: [SessionLogEntry] = []
    lastTimes = frame.times
    lastMode = settings.mode
    now = streamClock.advance(to: frame.times.sessionClock)
    let clock = now

    if timers.isAutoResetDue(at: clock, autoResetSeconds: settings.autoResetSeconds) {
      logs.append(SessionLogEntry(.info, "session \(sessionNumber): auto-reset"))
      startNewSession()
    }
    if timers.hasTimedOut(at: clock, timeoutSeconds: settings.timeoutSeconds) {
      messages.append(endMessage(.timeout, instruction: .timedOut).structure)
      startNewSession()
    }
    timers.startIfNeeded(at: clock)
    framesAnalyzed += 1
    let size = (width: frame.luma.width, height: frame.luma.height)
    if let analysisSize, analysisSize != size { smoother.forget() }
    analysisSize = size
    var timings = StageTimings()

    let detection = timings.measure(.detect) {
      detectDocument(in: frame.luma, chroma: frame.chroma)
    }
    let document = timings.measure(.detect) {
      detection.quad.flatMap { dewarper.dewarp(frame.luma, $0, shape: detection.shape) }
    }
    let quality = timings.measure(.quality) {
      document.map { inspectQuality($0, shape: detection.shape, settings: settings) }
    }
    let qualityEvents = Self.judged(quality?.events ?? [], position: detection.events)
    let events = detection.events + qualityEvents

    let inView =
      settings.mode == .barcode
      ? InView(
        mrz: false,
        barcode: timings.measure(.barcode) {
          readBarcodes(
            frame, detection, document, blur: quality?.blur ?? 1, settings: settings,
            into: &messages, &logs)
        })
      : readSides(
        frame, detection, document, blur: quality?.blur ?? 1, events: events, settings: settings,
        timings: &timings, into: &messages, &logs)
    logs.append(SessionLogEntry(.debug, timings.summary))
    // A document too close to show an outline is still a document in view.
    let documentInView = detection.quad != nil || detection.status == .cameraTooClose
    if !documentInView && !inView.mrz && !inView.barcode {
      framesWithoutDocument += 1
      if framesWithoutDocument == Self.framesBeforeForgettingReadings {
        flow.forgetReadings()
        imageTurns.reset()
        pictures.forgetFrames()
      }
    } else {
      framesWithoutDocument = 0
    }
    flipWatch.observe(
      request: flow.flip, framesWithoutDocument: framesWithoutDocument, frame: frame.luma,
      outline: detection.quad)

    // A frame without a time of its own leaves the session clock where it
    // was; then frames alone steady the status.
    let shown = smoother.smooth(detection, at: frame.times.sessionClock == nil ? nil : clock)
    // Quality belongs to a document the feedback shows: this frame's, or,
    // while the status holds over a frame that lost the outline, the one
    // held there. A document shaken so fast that its smeared edges give no
    // outline is blurred, not gone, and the person is asked to hold still.
    let heldQuality = timings.measure(.quality) {
      quality == nil
        ? shown.quad
          .flatMap { dewarper.dewarp(frame.luma, $0, shape: shown.shape) }
          .map { inspectQuality($0, shape: shown.shape, settings: settings) } : nil
    }
    let shownQuality = shown.quad == nil ? nil : quality ?? heldQuality
    let shownQualityEvents =
      quality != nil
      ? qualityEvents
      : Self.judged(heldQuality?.events ?? [], position: shown.events)
    let guidance = SessionGuidance.choose(
      detection: shown, events: shown.events + (shownQuality == nil ? [] : shownQualityEvents),
      inView: inView,
      mode: settings.mode, flow: flow, frontShownAgain: frontShownAgain.isShown,
      sideLeftView: flipWatch.sideLeftView,
      isDone: result != nil)
    // The outline in the input frame's pixels.
    let outline = shown.quad?.scaled(
      x: Double(frame.sourceWidth) / Double(frame.luma.width),
      y: Double(frame.sourceHeight) / Double(frame.luma.height))
    let feedback = FeedbackMessage(
      times: frame.times, session: sessionNumber, side: guidance.side,
      scanningStatus: guidance.status, detectionStatus: shown.status,
      events: guidance.events, instruction: guidance.instruction.rawValue,
      blur: shownQuality?.blur ?? 0, glare: shownQuality?.glare ?? 0, quad: outline?.flattened)
    if throttle.shouldPost(feedback) { messages.append(feedback.structure) }

    lastAnnotation = AnnotationPlan(
      instruction: guidance.instruction.rawValue, tone: guidance.tone,
      blur: shownQuality?.blur ?? 0, glare: shownQuality?.glare ?? 0,
      blurLimit: settings.blurThreshold,
      glareLimit: settings.glareThreshold, outline: outline,
      result: result.map { card(of: $0, redact: settings.redact) })
    return SessionOutput(messages: messages, annotation: lastAnnotation, logs: logs)
  }

  /// The quality events that hold for a document in this position. Blur
  /// is judged on print large enough to judge, on the whole document: a
  /// document too far away shows capitals a few pixels tall that any
  /// camera's softness blurs, and one the frame cuts is dewarped from its
  /// visible part into a whole document's proportions, which stretches its
  /// print; the person is asked to come closer, or to show the whole
  /// document, first.
  static func judged(_ quality: [FeedbackEvent], position: [FeedbackEvent]) -> [FeedbackEvent] {
    let blurJudged = !position.contains(.tooFar) && !position.contains(.notFullyVisible)
    return quality.filter { blurJudged || $0 != .blur }
  }

  /// Blur and glare of a dewarped document of `shape`, against the limits.
  private func inspectQuality(
    _ document: LumaImage, shape: DocumentShape?, settings: SessionSettings
  ) -> QualityReport {
    inspector.inspect(
      document, region: document.bounds.central(fraction: Self.qualityFraction),
      characterHeight: (shape ?? .id1).mrzCharacterHeight(longSide: Self.dewarpedLongSide),
      blurLimit: settings.blurThreshold, glareLimit: settings.glareThreshold,
      spared: { portraitGround?.photoFrames(on: document) ?? [] })
  }

  /// The document's outline and position, with the MRZ rows in view (an
  /// outline stopping at a white MRZ band is moved out past them), judged
  /// again by that print's size and reach (a document filling the frame
  /// shows no outline; one the frame cuts may show none).
  private func detectDocument(in luma: LumaImage, chroma: ChromaImage?) -> Detection {
    let blobs = vision.darkBlobs(in: luma)
    let rows = printGauge.rows(blobs: blobs, imageWidth: luma.width, imageHeight: luma.height)
    let detection = detector.detect(
      candidates: vision.outlines(in: luma, chroma: chroma),
      frameWidth: luma.width, frameHeight: luma.height,
      wasTooFar: smoother.reportedStatus == .cameraTooFar, image: luma, chroma: chroma,
      mrzRows: rows,
      pagePrint: PagePrint(blobs: blobs, frameWidth: luma.width, frameHeight: luma.height))
    return detector.judged(
      detection, rows: rows, frameWidth: luma.width, frameHeight: luma.height)
  }

  /// The `reset` action: end this session (as cancelled, unless it had
  /// finished) and start the next.
  public func reset() -> SessionOutput {
    let messages = result == nil ? [endMessage(.cancelled, instruction: .cancelled).structure] : []
    startNewSession()
    lastAnnotation = .idle
    return SessionOutput(messages: messages, annotation: lastAnnotation)
  }

  /// The element went to PLAYING again after a pause: a new session.
  public func resume() -> SessionOutput { reset() }

  /// What a frame showed beyond the outline.
  struct InView {
    /// An MRZ was read.
    var mrz: Bool
    /// A barcode was read or seen (`BarcodePresence`).
    var barcode: Bool
  }

  /// `mode=barcode`: reads the barcodes (`SideBarcodeReader.readAnywhere`);
  /// each new barcode is a `docscan-side`; the first frame with one ends
  /// the session with its result. Returns whether a barcode was in view.
  private func readBarcodes(
    _ frame: AnalysisFrame, _ detection: Detection, _ document: LumaImage?, blur: Double,
    settings: SessionSettings,
    into messages: inout [MessageStructure], _ logs: inout [SessionLogEntry]
  ) -> Bool {
    guard result == nil, let barcodeReader else { return false }
    let dewarper = self.dewarper
    let found = barcodeReader.readAnywhere(
      frame, detection, document,
      magnified: {
        $0 == .document
          ? dewarper.documentForBarcode(frame, detection) : dewarper.frameForBarcode(frame)
      }, blur: blur, settings: settings, confirmation: &barcodeConfirmation)
    let recorder = self.recorder(frame, settings: settings)
    if let scanned = recorder.recordBarcodes(
      barcodes.newBarcodes(found.read), into: &messages, &logs)
    {
      finish(with: scanned)
    }
    return found.inView
  }

  /// Reads the MRZ of a frame good enough for it, and in `combined` mode
  /// the barcodes of an ID-1 card (`SideBarcodeReader.readCard`), and
  /// moves the session's sides on (until the session has its result).
  private func readSides(
    _ frame: AnalysisFrame, _ detection: Detection, _ document: LumaImage?, blur: Double,
    events: [FeedbackEvent], settings: SessionSettings, timings: inout StageTimings,
    into messages: inout [MessageStructure], _ logs: inout [SessionLogEntry]
  ) -> InView {
    guard result == nil else { return InView(mrz: false, barcode: false) }
    let inInk = imageTurns.inInk
    let images =
      mrzReader == nil || settings.mode == .front
      ? []
      : FrameMRZReader.images(
        frame, detection, document, mode: settings.mode, inInk: inInk, dewarper: dewarper)
    let mrz =
      timings.measure(.mrz) {
        mrzReader?.read(images, session: sessionNumber, redact: settings.redact)
      } ?? FrameMRZReader.Outcome()
    logs += mrz.logs
    let reading = mrz.reading
    let barcodes =
      settings.mode == .combined
      ? timings.measure(.barcode) {
        barcodeReader?.readCard(
          detection, document, magnified: { dewarper.documentForBarcode(frame, detection) },
          blur: blur, settings: settings, confirmation: &barcodeConfirmation)
      } : nil
    // The gate chooses the frames that count as a front and the frame kept
    // as a side's image; it never keeps a readable MRZ from being read. A
    // document wholly in view near the frame's edge passes it: the guidance
    // still asks for it to be moved in, but a side a person leaves there is
    // not held back for it.
    let clearView = detection.status == .success || detection.status == .documentTooCloseToEdge
    let passedGate =
      document != nil && clearView && events.allSatisfy { $0 == .tooCloseToEdge }
    if let quad = detection.quad, let shape = detection.shape, document != nil,
      detection.status.showsWholeDocument, !events.contains(.glare)
    {
      let kind: SideImages.Kind =
        reading != nil ? .mrz : barcodes?.inView == true ? .barcode : .plain
      pictures.consider(
        KeptFrame(
          frame: frame, quad: quad, shape: shape, blur: blur, passedQualityGate: passedGate,
          occluded: events.contains(.occlusion), mrzUpsideDown: mrz.upsideDownOnDocument),
        as: kind)
    }
    // A clean frame with nothing read on it may be a side captured before:
    // the front again while the back is asked for, or the back (read
    // first) still in view while the front is asked for. Any other frame
    // ends what was seen of it.
    let plain = passedGate && reading == nil && barcodes?.inView != true
    if flow.flip == .showBack {
      frontShownAgain.observe(plain ? document : nil, imaging: pictures.imaging)
    }
    // Two frames in a row, as for `wrong-side`: a front printed on the same
    // background as its back may match it now and then.
    if flow.asked == .front {
      backShownAgain.observe(plain ? document : nil, imaging: pictures.imaging)
    }
    let backInView = flow.asked == .front && backShownAgain.isShown
    // A frame showing a document whose MRZ was looked for and not read
    // counts towards the image's turn too: a stamp may break the rows in
    // grey.
    if reading == nil && !images.isEmpty && detection.quad != nil { passImageTurn() }
    guard passedGate || reading != nil || barcodes != nil else {
      return InView(mrz: false, barcode: false)
    }
    let wasUnverifiable = flow.unverifiableLines != nil
    let sighting = SideFlow.Sighting(
      mrz: reading, passedQualityGate: passedGate, barcodes: barcodes?.read ?? [],
      barcodeInView: barcodes?.inView ?? false,
      shape: detection.quad == nil ? nil : detection.shape, capturedSideInView: backInView,
      mrzInInk: inInk)
    let captures = flow.observe(sighting, mode: settings.mode, today: today())
    // A capture, or an MRZ that reads alike and fails its checks: this
    // image keeps its turn. Readings that pass their checks (agreement and
    // confirmation may take more frames) keep it for a while.
    if !captures.isEmpty || flow.unverifiableLines != nil {
      imageTurns.settledReading()
    } else if flow.mrzPassesChecks {
      _ = imageTurns.confirmingReading()
    } else if reading != nil {
      passImageTurn()
    }
    if captures.contains(.side(.front, nil)), settings.mode == .combined, let document {
      frontShownAgain.keep(document)
    }
    if flow.asked == .front, captures.contains(where: \.isBack), let document {
      backShownAgain.keep(document)
    }
    let recorder = self.recorder(frame, settings: settings)
    if !wasUnverifiable, let lines = flow.unverifiableLines {
      logs += recorder.unverifiableLogs(lines, today: today())
    }
    for capture in captures {
      let scanned = recorder.record(
        capture, pictures: &pictures, mrzUpsideDown: { mrzUpsideDown(on: $0) },
        into: &messages, &logs)
      if let scanned { finish(with: scanned) }
    }
    return InView(mrz: reading != nil, barcode: barcodes?.inView ?? false)
  }

  /// One more frame that did not settle the MRZ in its image (the turn
  /// may pass to the other image, whose readings the flow kept).
  private func passImageTurn() {
    _ = imageTurns.unsettledReading()
  }

  /// What this frame's captures post, as of now.
  private func recorder(_ frame: AnalysisFrame, settings: SessionSettings) -> CaptureRecorder {
    CaptureRecorder(
      session: sessionNumber, desk: desk, framesAnalyzed: framesAnalyzed, times: frame.times,
      elapsed: timers.elapsed(at: now), settings: settings)
  }

  /// Whether the MRZ lies upside down on a kept frame's dewarped document;
  /// nil when no MRZ is read there. Once per captured side. The document is
  /// cut out as wide as for reading (`DocumentDewarper.readingMargin`), so
  /// an outline across the last row does not hide it here either.
  private func mrzUpsideDown(on kept: KeptFrame) -> Bool? {
    guard mrzReader != nil,
      let document = dewarper.dewarp(
        kept.frame.luma, kept.quad.grown(by: DocumentDewarper.readingMargin), shape: kept.shape)
    else { return nil }
    let landscape = document.height > document.width ? document.rotatedClockwise() : document
    return mrzReader?.upsideDown(on: landscape)
  }

  /// The session has its result (posted): its reading ends.
  private func finish(with scanned: ResultMessage) {
    result = scanned
    resultCard = nil
    timers.finish(at: now)
  }

  /// The result as the overlay shows it.
  private func card(of result: ResultMessage, redact: Bool) -> ResultCard {
    if let resultCard, resultCard.redact == redact { return resultCard.card }
    let card = ResultCard(result, redact: redact)
    resultCard = (redact, card)
    return card
  }

  private func endMessage(_ status: ScanningStatus, instruction: Instruction) -> FeedbackMessage {
    FeedbackMessage(
      times: lastTimes, session: sessionNumber, side: lastMode == .barcode ? .barcode : flow.asked,
      scanningStatus: status,
      detectionStatus: .failed, events: [], instruction: instruction.rawValue,
      blur: lastAnnotation.blur, glare: lastAnnotation.glare)
  }

  private func startNewSession() {
    sessionNumber &+= 1
    framesAnalyzed = 0
    timers = SessionTimers()
    throttle.forget()
    smoother.forget()
    flow = SideFlow()
    imageTurns.reset()
    barcodes = BarcodeFlow()
    barcodeConfirmation = BarcodeConfirmation()
    result = nil
    resultCard = nil
    framesWithoutDocument = 0
    frontShownAgain.forget()
    backShownAgain.forget()
    flipWatch.forget()
    pictures.forget()
  }
}
