/// One desk's scanning sessions: takes analysed frames and requests (reset,
/// PLAYING) and says what to post and draw.
///
/// A session is one customer's document. It starts with the stream, on
/// `reset`, after a timeout and `auto-reset` seconds after a result. Frames
/// reach the actor without blocking the streaming thread; everything here
/// runs on the actor's executor, a low-priority thread of its own
/// (`AnalysisThread`), the MRZ reading included.
public actor ScanSession {
  private let executor: AnalysisThread

  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  public private(set) var sessionNumber: UInt32 = 1
  /// Frames analysed in the current session.
  public private(set) var framesAnalyzed: UInt32 = 0
  private var sessionStartClock: UInt64?
  /// Stream time kept from running backwards; `now` is its reading for
  /// the frame being analysed.
  private var streamClock = SessionClock()
  private var now: UInt64?
  private var lastTimes = StreamTimes.unknown
  private var throttle = FeedbackThrottle()
  private var lastAnnotation = AnnotationPlan.idle
  private let inspector = QualityInspector()
  private let vision: any DocumentVision
  private let detector = DocumentDetector()
  /// Steadies the reported status and outline (reading uses each frame's own).
  private var smoother = DetectionSmoother()
  private let mrzReader: (any MRZTextReader)?
  private let barcodeReader: (any BarcodeScanning)?
  private let presence = BarcodePresence()
  private var barcodes = BarcodeFlow()
  /// The mode of the last analysed frame (for messages outside a frame).
  private var lastMode = ScanMode.combined
  private let today: @Sendable () -> MRZDate
  /// The element's `desk` property, copied into every side and result.
  private let desk: String?
  private var flow = SideFlow()
  /// The session's result, once posted: the session is finished.
  private var result: ResultMessage?
  private var resultClock: UInt64?
  /// Analysed frames in a row without a document.
  private var framesWithoutDocument = 0
  /// Clockwise quarter turns under which the last MRZ was read (the
  /// document lies upside down or sideways): tried first next time.
  private var quarterTurns = 0
  /// Makes the sides' pictures; nil: no pictures.
  private let pictureMaker: PictureMaker?
  private var sideImages = SideImages()
  /// The card's captured front, to tell it shown again for the back.
  private var frontShownAgain = FrontShownAgain()
  /// Whether the side captured last has left the view since the flip was asked.
  private var flipWatch = FlipWatch()
  private var pictures = SessionPictures()

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
    today: @escaping @Sendable () -> MRZDate = MRZDate.today, desk: String? = nil
  ) {
    self.desk = desk
    self.pictureMaker = imaging.map { PictureMaker(imaging: $0) }
    self.vision = vision
    self.mrzReader = mrzReader
    self.barcodeReader = barcodeReader
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

    if autoResetIsDue(at: clock, settings: settings) {
      logs.append(SessionLogEntry(.info, "session \(sessionNumber): auto-reset"))
      startNewSession()
    }
    if let timedOut = timeoutMessage(at: clock, settings: settings) {
      messages.append(timedOut.structure)
      startNewSession()
    }
    if sessionStartClock == nil { sessionStartClock = clock }
    framesAnalyzed += 1
    var timings = StageTimings()

    let detection = timings.measure(.detect) {
      detector.detect(
        candidates: vision.outlines(in: frame.luma, chroma: frame.chroma),
        frameWidth: frame.luma.width,
        frameHeight: frame.luma.height,
        wasTooFar: smoother.reportedStatus == .cameraTooFar)
    }
    let document = timings.measure(.detect) {
      detection.quad.flatMap { dewarp(frame.luma, $0, shape: detection.shape) }
    }
    let quality = timings.measure(.quality) {
      document.map {
        inspector.inspect(
          $0, region: $0.bounds.central(fraction: Self.qualityFraction),
          characterHeight: (detection.shape ?? .id1).mrzCharacterHeight(
            longSide: Self.dewarpedLongSide),
          blurLimit: settings.blurThreshold, glareLimit: settings.glareThreshold)
      }
    }
    let events = detection.events + (quality?.events ?? [])

    let inView =
      settings.mode == .barcode
      ? InView(
        mrz: false,
        barcode: timings.measure(.barcode) {
          readBarcodes(
            frame, detection, document, blur: quality?.blur ?? 1, events: events,
            settings: settings, into: &messages, &logs)
        })
      : readSides(
        frame, detection, document, blur: quality?.blur ?? 1, events: events, settings: settings,
        timings: &timings, into: &messages, &logs)
    logs.append(SessionLogEntry(.debug, timings.summary))
    if detection.quad == nil && !inView.mrz && !inView.barcode {
      framesWithoutDocument += 1
      if framesWithoutDocument == Self.framesBeforeForgettingReadings {
        flow.forgetReadings()
        sideImages.forget()
      }
    } else {
      framesWithoutDocument = 0
    }
    flipWatch.observe(request: flow.flip, framesWithoutDocument: framesWithoutDocument)

    let shown = smoother.smooth(detection)
    // Quality belongs to a document the feedback shows.
    let shownQuality = shown.quad == nil ? nil : quality
    let guidance = SessionGuidance.choose(
      detection: shown, events: shown.events + (shownQuality?.events ?? []), inView: inView,
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
      result: result.map { ResultCard($0, redact: settings.redact) })
    return SessionOutput(messages: messages, annotation: lastAnnotation, logs: logs)
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

  /// `mode=barcode`: reads the barcodes of the dewarped document when the
  /// frame passes the quality gate, and of the whole frame when that finds
  /// none (no document found: a barcode held alone, or a document the
  /// outline missed) unless nothing in it survives blurring
  /// (`barcodeBlurLimit`). Each new barcode is a `docscan-side`; the first
  /// frame with one ends the session with its result. Returns whether a
  /// barcode was in view.
  private func readBarcodes(
    _ frame: AnalysisFrame, _ detection: Detection, _ document: LumaImage?, blur: Double,
    events: [FeedbackEvent], settings: SessionSettings,
    into messages: inout [MessageStructure], _ logs: inout [SessionLogEntry]
  ) -> Bool {
    guard result == nil, let reader = barcodeReader else { return false }
    var found: [ScannedBarcode] = []
    let readable =
      events.allSatisfy { $0 == .blur }
      && blur < max(settings.blurThreshold, Self.barcodeBlurLimit)
    if let document, detection.status == .success, readable {
      found = reader.read(document)
    }
    if found.isEmpty
      && !isBadlyBlurred(frame.luma, limit: Self.barcodeBlurLimit, settings: settings)
    {
      found = reader.read(frame.luma)
    }
    let fresh = barcodes.newBarcodes(found)
    for barcode in fresh {
      let documentClass = DocumentClass(barcodeRecord: try? AAMVAParser.parse(barcode.bytes))
      messages.append(
        SideMessage(
          times: frame.times, session: sessionNumber, side: .barcode,
          documentClass: documentClass, barcodeType: barcode.symbology,
          barcodeData: BarcodeData(barcode), desk: desk
        ).structure)
      logs.append(
        SessionLogEntry(
          .info,
          "session \(sessionNumber): \(barcode.symbology) barcode read (\(barcode.bytes.count) "
            + "bytes, \(documentClass.rawValue))"))
    }
    if let barcode = BarcodeFlow.resultBarcode(fresh) {
      let clock = now
      var elapsed: UInt64?
      if let clock, let start = sessionStartClock, clock >= start { elapsed = clock - start }
      var scanned = ResultMessage(
        barcode: barcode, times: frame.times, session: sessionNumber,
        framesAnalyzed: framesAnalyzed, elapsed: elapsed)
      scanned.desk = desk
      messages.append(scanned.structure)
      result = scanned
      resultClock = clock
      logs.append(
        SessionLogEntry(
          .info,
          "session \(sessionNumber): \(scanned.documentClass.rawValue) scanned after "
            + "\(framesAnalyzed) frames, document number "
            + LogPrivacy.personal(scanned.documentNumber, at: .info, redact: settings.redact)))
    }
    return !found.isEmpty
  }

  /// Whether a whole frame is too blurred to read anything in: its blur
  /// reaches `limit` (or `blur-threshold` when that is higher).
  private func isBadlyBlurred(
    _ image: LumaImage, limit: Double, settings: SessionSettings
  ) -> Bool {
    let whole = inspector.inspect(
      image, region: image.bounds.central(fraction: Self.qualityFraction),
      blurLimit: settings.blurThreshold, glareLimit: settings.glareThreshold)
    return whole.blur >= max(settings.blurThreshold, limit)
  }

  /// What a frame showed beyond the outline.
  struct InView {
    /// An MRZ was read.
    var mrz: Bool
    /// A barcode was read or seen (`BarcodePresence`).
    var barcode: Bool
  }

  /// Reads the MRZ of a frame good enough for it, and in `combined` mode
  /// the barcodes of an ID-1 card (`cardBarcodes`), and moves the
  /// session's sides on (until the session has its result).
  private func readSides(
    _ frame: AnalysisFrame, _ detection: Detection, _ document: LumaImage?, blur: Double,
    events: [FeedbackEvent], settings: SessionSettings, timings: inout StageTimings,
    into messages: inout [MessageStructure], _ logs: inout [SessionLogEntry]
  ) -> InView {
    guard result == nil else { return InView(mrz: false, barcode: false) }
    let images =
      mrzReader == nil || settings.mode == .front
      ? [] : mrzImages(frame, detection, document, settings: settings)
    var reading: MRZReading?
    /// Which way up the MRZ lay on the dewarped document; nil when it was
    /// read in the whole frame.
    var upsideDownOnDocument: Bool?
    if let reader = mrzReader {
      timings.measure(.mrz) {
        for image in images where reading == nil {
          reading = read(image.image, sideways: image.wholeFrame, with: reader)
          if let reading {
            logs.append(readingLog(reading, wholeFrame: image.wholeFrame, redact: settings.redact))
            if !image.wholeFrame {
              upsideDownOnDocument = reading.upsideDown != (quarterTurns == 2)
            }
          }
        }
      }
    }
    let barcodes =
      settings.mode == .combined
      ? timings.measure(.barcode) {
        cardBarcodes(detection, document, blur: blur, events: events, settings: settings)
      } : nil
    // The gate chooses the frames that count as a front and the frame kept
    // as a side's image; it never keeps a readable MRZ from being read.
    let passedGate = document != nil && detection.status == .success && events.isEmpty
    if let quad = detection.quad, let shape = detection.shape, document != nil,
      detection.status.showsWholeDocument, !events.contains(.glare)
    {
      let kind: SideImages.Kind =
        reading != nil ? .mrz : barcodes?.inView == true ? .barcode : .plain
      sideImages.consider(
        KeptFrame(
          frame: frame, quad: quad, shape: shape, blur: blur, passedQualityGate: passedGate,
          occluded: events.contains(.occlusion), mrzUpsideDown: upsideDownOnDocument),
        as: kind)
    }
    if flow.flip == .showBack {
      // Waiting for the back: a clean frame with nothing read on it may be
      // the front again; any other frame ends what was seen of it.
      let plain = passedGate && reading == nil && barcodes?.inView != true
      frontShownAgain.observe(plain ? document : nil, imaging: pictureMaker?.imaging)
    }
    guard passedGate || reading != nil || barcodes != nil else {
      return InView(mrz: false, barcode: false)
    }
    let wasUnverifiable = flow.unverifiableLines != nil
    let sighting = SideFlow.Sighting(
      mrz: reading, passedQualityGate: passedGate, barcodes: barcodes?.read ?? [],
      barcodeInView: barcodes?.inView ?? false,
      shape: detection.quad == nil ? nil : detection.shape)
    let captures = flow.observe(sighting, mode: settings.mode, today: today())
    if captures.contains(.side(.front, nil)), settings.mode == .combined, let document {
      frontShownAgain.keep(document)
    }
    if !wasUnverifiable, let lines = flow.unverifiableLines {
      logs += unverifiableLogs(lines, redact: settings.redact)
    }
    for capture in captures {
      record(
        capture, times: frame.times, clock: now, settings: settings,
        into: &messages, &logs)
    }
    return InView(mrz: reading != nil, barcode: barcodes?.inView ?? false)
  }

  /// For development (`GST_DEBUG=docscan:7`): what each view read and where.
  private func readingLog(_ reading: MRZReading, wholeFrame: Bool, redact: Bool)
    -> SessionLogEntry
  {
    let views = reading.opinions.map {
      "\($0.source) " + LogPrivacy.mrz($0.lines, at: .trace, redact: redact)
    }
    return SessionLogEntry(
      .trace,
      "session \(sessionNumber): MRZ read in the \(wholeFrame ? "whole frame" : "document"), "
        + "quarter turns \(quarterTurns): " + views.joined(separator: "; "))
  }

  /// `combined` mode: the barcodes on an ID-1 card (a driver licence's back
  /// carries a PDF417), read on the dewarped card when the frame passes the
  /// barcode gate (as in `mode=barcode`: blur up to `barcodeBlurLimit`,
  /// no other event), and whether one is in view: read, or seen by
  /// `BarcodePresence` (the back is shown but its barcode does not decode
  /// yet). nil when the frame does not pass.
  private func cardBarcodes(
    _ detection: Detection, _ document: LumaImage?, blur: Double, events: [FeedbackEvent],
    settings: SessionSettings
  ) -> (read: [ScannedBarcode], inView: Bool)? {
    guard let reader = barcodeReader, let document, detection.status == .success,
      detection.shape == .id1, events.allSatisfy({ $0 == .blur }),
      blur < max(settings.blurThreshold, Self.barcodeBlurLimit)
    else { return nil }
    let read = reader.read(document)
    if !read.isEmpty { return (read, true) }
    let landscape = document.height > document.width ? document.rotatedClockwise() : document
    return ([], presence.isBarcodeLikely(in: landscape))
  }

  /// Barcodes are read up to this blur: a decoder checks its symbol's
  /// checksums, so a soft frame that decodes is as good as a sharp one
  /// (a Code 128 out of focus at blur 0.86 reads; coarse modules measure
  /// blurrier than text). Only a frame in which almost no detail survives
  /// is not worth the decoders' time.
  static let barcodeBlurLimit = 0.95

  /// The images to read an MRZ in, in the order they are tried: the
  /// dewarped document turned landscape, whatever the quality gate says
  /// (check digits and fusion decide what is accepted), and the whole frame
  /// as it is, where the MRZ is also found when the document fills the
  /// frame or its outline was missed or is another part of the picture. In
  /// `mrz` mode the whole frame is always read; otherwise only when no
  /// document was found. The whole frame goes first when the outline is
  /// not a whole document in view (`success`: it is then more often a part
  /// of the picture than the document), and when the document is larger in
  /// the frame than its dewarped copy (the frame has more pixels per
  /// character then).
  private func mrzImages(
    _ frame: AnalysisFrame, _ detection: Detection, _ document: LumaImage?,
    settings: SessionSettings
  ) -> [(image: LumaImage, wholeFrame: Bool)] {
    var images: [(image: LumaImage, wholeFrame: Bool)] = []
    if let document {
      let read = sharperDocument(frame, detection) ?? document
      let landscape = read.height > read.width ? read.rotatedClockwise() : read
      images.append((landscape, false))
    }
    if settings.mode == .mrz || document == nil {
      let whole = (frame.luma, true)
      let longSide = detection.quad.map { $0.sides.max() ?? 0 } ?? 0
      if detection.status == .success && longSide <= Double(Self.dewarpedLongSide) {
        images.append(whole)
      } else {
        images.insert(whole, at: 0)
      }
    }
    return images
  }

  /// Reads the MRZ on an image in every orientation until one reads: as
  /// it is and a half turn, and when `sideways` (a whole frame, where the
  /// document may lie sideways) a quarter turn either way. The orientation
  /// that worked last is tried first. A reader that settles the half turn
  /// itself is asked once per quarter turn.
  private func read(_ image: LumaImage, sideways: Bool, with reader: any MRZTextReader)
    -> MRZReading?
  {
    let last = sideways ? quarterTurns : quarterTurns / 2 * 2
    var turns =
      reader.readsAnyOrientation ? [last % 2] : [last, (last + 2) % 4]
    if sideways {
      turns += reader.readsAnyOrientation ? [1 - last % 2] : [(last + 1) % 4, (last + 3) % 4]
    }
    for turn in turns {
      if let reading = reader.readMRZ(in: image.rotated(quarterTurns: turn)) {
        quarterTurns = turn
        return reading
      }
    }
    return nil
  }

  /// Posts what a frame captured and logs it (personal data masked as
  /// `LogPrivacy` says).
  private func record(
    _ capture: SideFlow.Capture, times: StreamTimes, clock: UInt64?, settings: SessionSettings,
    into messages: inout [MessageStructure], _ logs: inout [SessionLogEntry]
  ) {
    switch capture {
    case .side(let side, let record):
      let documentClass =
        record.map(DocumentClass.init) ?? (settings.mode == .front ? .unknown : .idCard)
      // A side with an MRZ carries the portrait unless it is a card's back.
      keepPicture(of: side, from: record == nil ? .plain : .mrz, withPortrait: side == .front)
      var message = SideMessage(
        times: times, session: sessionNumber, side: side, documentClass: documentClass,
        mrzLines: record?.lines, desk: desk)
      if settings.attachImages {
        (message.documentImage, message.faceImage) = pictureFiles(of: side)
      }
      messages.append(message.structure)
      logs.append(
        SessionLogEntry(
          .info,
          "session \(sessionNumber): \(side.rawValue) side captured (\(documentClass.rawValue)"
            + (record.map { ", MRZ \($0.format.rawValue)" } ?? "") + ")"))
    case .barcode(let barcode):
      let documentClass = DocumentClass(barcodeRecord: try? AAMVAParser.parse(barcode.bytes))
      keepPicture(of: .barcode, from: .barcode, withPortrait: false)
      var message = SideMessage(
        times: times, session: sessionNumber, side: .barcode, documentClass: documentClass,
        barcodeType: barcode.symbology, barcodeData: BarcodeData(barcode), desk: desk)
      if settings.attachImages {
        (message.documentImage, message.faceImage) = pictureFiles(of: .barcode)
      }
      messages.append(message.structure)
      logs.append(
        SessionLogEntry(
          .info,
          "session \(sessionNumber): barcode side captured (\(barcode.symbology), "
            + "\(barcode.bytes.count) bytes, \(documentClass.rawValue))"))
    case .frontOnly:
      var scanned = ResultMessage(
        frontAt: times, session: sessionNumber, framesAnalyzed: framesAnalyzed,
        elapsed: elapsedTime(at: clock))
      finishResult(&scanned, clock: clock, settings: settings, into: &messages)
      logs.append(
        SessionLogEntry(
          .info,
          "session \(sessionNumber): front scanned after \(framesAnalyzed) frames (document "
            + "image: \(scanned.documentImageExtracted), portrait: \(scanned.faceImageExtracted))"))
    case .document(let record, let barcode):
      let elapsed = elapsedTime(at: clock)
      var scanned: ResultMessage
      switch (record, barcode) {
      case (let record?, let barcode?):
        scanned = ResultMessage(
          record: record, barcode: barcode, times: times, session: sessionNumber,
          framesAnalyzed: framesAnalyzed, elapsed: elapsed)
      case (let record?, nil):
        scanned = ResultMessage(
          record: record, times: times, session: sessionNumber, framesAnalyzed: framesAnalyzed,
          elapsed: elapsed)
      case (nil, let barcode?):
        scanned = ResultMessage(
          barcode: barcode, times: times, session: sessionNumber,
          framesAnalyzed: framesAnalyzed, elapsed: elapsed)
      case (nil, nil):
        return
      }
      finishResult(&scanned, clock: clock, settings: settings, into: &messages)
      let redact = settings.redact
      logs.append(
        SessionLogEntry(
          .info,
          "session \(sessionNumber): \(scanned.documentClass.rawValue) scanned after "
            + "\(framesAnalyzed) frames, document number "
            + LogPrivacy.personal(scanned.documentNumber, at: .info, redact: redact)
            + ", surname " + LogPrivacy.personal(scanned.surname, at: .info, redact: redact)
            + (scanned.dataMatch == .notAvailable
              ? ""
              : ", MRZ and barcode: \(scanned.dataMatch.rawValue)"
                + (scanned.mismatchedFields.isEmpty
                  ? "" : " (\(scanned.mismatchedFields.joined(separator: ", ")))"))
        ))
      if let record {
        logs.append(
          SessionLogEntry(
            .log,
            "session \(sessionNumber): MRZ "
              + LogPrivacy.mrz(record.lines, at: .log, redact: redact)))
      }
    }
  }

  /// Stream time from the session's start to `clock`.
  private func elapsedTime(at clock: UInt64?) -> UInt64? {
    guard let clock, let start = sessionStartClock, clock >= start else { return nil }
    return clock - start
  }

  /// Adds the desk and the pictures to a result, posts it and ends the
  /// session's reading.
  private func finishResult(
    _ scanned: inout ResultMessage, clock: UInt64?, settings: SessionSettings,
    into messages: inout [MessageStructure]
  ) {
    scanned.desk = desk
    if let side = pictures.resultSide, let picture = pictures.picture(of: side) {
      scanned.documentImageExtracted = true
      scanned.faceImageExtracted = picture.portrait != nil
      if settings.attachImages {
        (scanned.documentImage, scanned.faceImage) = pictureFiles(of: side)
      }
    }
    messages.append(scanned.structure)
    result = scanned
    resultClock = clock
  }

  /// Makes a captured side's picture from the frame kept for its kind.
  private func keepPicture(of side: Side, from kind: SideImages.Kind, withPortrait: Bool) {
    guard let maker = pictureMaker, var kept = sideImages.take(kind) else { return }
    if kind == .mrz && kept.mrzUpsideDown == nil {
      // The MRZ was read in the whole frame: the outline may be another part
      // of the picture (a photo on the page). Only an outline whose dewarped
      // document shows the MRZ is pictured; the reading says which way up.
      guard let upsideDown = mrzUpsideDown(on: kept) else { return }
      kept.mrzUpsideDown = upsideDown
    }
    guard let picture = maker.picture(of: kept, findPortrait: withPortrait) else { return }
    pictures.add(picture, of: side)
  }

  /// Whether the MRZ lies upside down on the kept frame's dewarped
  /// document; nil when no MRZ is read there. Once per captured side.
  private func mrzUpsideDown(on kept: KeptFrame) -> Bool? {
    guard let reader = mrzReader,
      let document = dewarp(kept.frame.luma, kept.quad, shape: kept.shape)
    else { return nil }
    let landscape = document.height > document.width ? document.rotatedClockwise() : document
    // The turn found here is not the frames' hint for the next readings.
    let hint = quarterTurns
    defer { quarterTurns = hint }
    guard let reading = read(landscape, sideways: false, with: reader) else { return nil }
    return reading.upsideDown != (quarterTurns == 2)
  }

  private func pictureFiles(of side: Side) -> (document: [UInt8]?, portrait: [UInt8]?) {
    guard let maker = pictureMaker else { return (nil, nil) }
    return pictures.files(of: side, encodedBy: maker.imaging)
  }

  private func unverifiableLogs(_ lines: [String], redact: Bool) -> [SessionLogEntry] {
    let failed = MRZParser.parse(lines, today: today())?.failedChecks ?? []
    return [
      SessionLogEntry(
        .debug,
        "session \(sessionNumber): the MRZ keeps failing its check digits ("
          + (failed.isEmpty ? "field kinds or dates" : failed.joined(separator: ", "))
          + "): cannot be verified"),
      SessionLogEntry(
        .log,
        "session \(sessionNumber): unverifiable MRZ "
          + LogPrivacy.mrz(lines, at: .log, redact: redact)
      ),
    ]
  }

  /// The document cut out of the frame at the video's own size, when that
  /// is larger than the analysis copy: the MRZ is read from it. A 1080p
  /// frame's 10 px capitals are 7 px in the 1280-wide analysis copy, where
  /// the model misreads letters alike in every view (a `Y` read `F`).
  private func sharperDocument(_ frame: AnalysisFrame, _ detection: Detection) -> LumaImage? {
    guard let quad = detection.quad, let source = frame.makeSourceLuma() else { return nil }
    let scaled = quad.scaled(
      x: Double(source.width) / Double(frame.luma.width),
      y: Double(source.height) / Double(frame.luma.height))
    return dewarp(source, scaled, shape: detection.shape)
  }

  /// The document seen face-on at a fixed size; portrait when it stands upright.
  private func dewarp(_ image: LumaImage, _ quad: Quad, shape: DocumentShape?) -> LumaImage? {
    let size = (shape ?? .id1).dewarpedSize(longSide: Self.dewarpedLongSide)
    let sides = quad.sides
    let upright = sides[1] + sides[3] > sides[0] + sides[2]
    return upright
      ? vision.dewarp(image, quad: quad, width: size.height, height: size.width)
      : vision.dewarp(image, quad: quad, width: size.width, height: size.height)
  }

  private func autoResetIsDue(at clock: UInt64?, settings: SessionSettings) -> Bool {
    guard result != nil, settings.autoResetSeconds > 0, let clock, let resultClock else {
      return false
    }
    let delay = UInt64(settings.autoResetSeconds) * Nanoseconds.perSecond
    return clock >= resultClock && clock - resultClock >= delay
  }

  /// A finished session does not time out.
  private func timeoutMessage(at clock: UInt64?, settings: SessionSettings) -> FeedbackMessage? {
    guard result == nil, settings.timeoutSeconds > 0, let clock, let start = sessionStartClock
    else { return nil }
    let limit = UInt64(settings.timeoutSeconds) * Nanoseconds.perSecond
    guard clock >= start, clock - start >= limit else { return nil }
    return endMessage(.timeout, instruction: .timedOut)
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
    sessionStartClock = nil
    throttle.forget()
    smoother.forget()
    flow = SideFlow()
    barcodes = BarcodeFlow()
    result = nil
    resultClock = nil
    framesWithoutDocument = 0
    sideImages.forget()
    frontShownAgain.forget()
    flipWatch.forget()
    pictures = SessionPictures()
  }
}
