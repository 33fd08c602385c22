/// The guidance of one frame: what the feedback says and how it is drawn.
struct SessionGuidance {
  var side: Side
  var status: ScanningStatus
  var events: [FeedbackEvent]
  var instruction: Instruction
  var tone: AnnotationPlan.Tone
}

extension SessionGuidance {
  /// What to tell the person: the session's state first (done, turn the
  /// document over, the barcode side, an MRZ that does not verify), then
  /// what is seen. `frontShownAgain`: the captured front is in view while
  /// the back is asked for. `sideLeftView`: the side captured last has left
  /// the view since (`FlipWatch`): only then is seeing it again the wrong
  /// side. `isDone`: the session has its result.
  static func choose(
    detection: Detection, events: [FeedbackEvent], inView: ScanSession.InView, mode: ScanMode,
    flow: SideFlow, frontShownAgain: Bool = false, sideLeftView: Bool = false, isDone: Bool
  ) -> SessionGuidance {
    if mode == .barcode { return barcode(detection: detection, events: events, isDone: isDone) }
    var events = events
    switch flow.flip {
    case .showBack?:
      events.append(.requestSideBack)
      if frontShownAgain && sideLeftView { events.append(.wrongSide) }
    case .showFront?:
      // The back read first and shown again (its MRZ or barcode in view).
      if sideLeftView && (inView.mrz || inView.barcode) { events.append(.wrongSide) }
    case nil: break
    }
    if !isDone && flow.asked == .barcode { events.append(.requestSideBarcode) }
    var tone = AnnotationPlan.Tone(detection: detection.status, events: events)
    if isDone {
      return SessionGuidance(
        side: flow.lastCaptured ?? flow.asked, status: .documentScanned, events: events,
        instruction: .done, tone: .good)
    }
    if flow.flip != nil {
      // Nothing captured yet: a back seen first, its barcode not decoded.
      let status: ScanningStatus = flow.lastCaptured == nil ? .sideInProgress : .sideScanned
      return SessionGuidance(
        side: flow.asked, status: status, events: events, instruction: .flipDocument,
        tone: tone)
    }
    if flow.asked == .barcode {
      let status = ScanningStatus.barcodeInProgress
      var instruction = Instruction.choose(
        status: status, detection: detection.status, events: events)
      // The back is shown but its barcode does not decode: it is too small
      // or soft to read; when it is out of view, ask for it.
      if instruction == .scanning {
        instruction = inView.barcode ? .bringBarcodeCloser : .showBarcode
      }
      return SessionGuidance(
        side: .barcode, status: status, events: events, instruction: instruction, tone: tone)
    }
    let status = ScanningStatus.sideInProgress
    var instruction = Instruction.choose(
      status: status, detection: detection.status, events: events)
    if flow.unverifiableLines != nil && (detection.status != .failed || inView.mrz) {
      instruction = .mrzNotVerified
      if tone == .good { tone = .warning }
    }
    return SessionGuidance(
      side: flow.asked, status: status, events: events, instruction: instruction, tone: tone)
  }

  /// `mode=barcode`: the barcode is asked for until one is read.
  private static func barcode(detection: Detection, events: [FeedbackEvent], isDone: Bool)
    -> SessionGuidance
  {
    if isDone {
      return SessionGuidance(
        side: .barcode, status: .documentScanned, events: events, instruction: .done, tone: .good)
    }
    let status = ScanningStatus.barcodeInProgress
    var instruction = Instruction.choose(
      status: status, detection: detection.status, events: events)
    // A barcode may be shown without a document around it.
    if instruction == .placeDocument { instruction = .showBarcode }
    return SessionGuidance(
      side: .barcode, status: status, events: events, instruction: instruction,
      tone: AnnotationPlan.Tone(detection: detection.status, events: events))
  }
}
