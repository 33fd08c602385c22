/// Which sides of a document a session still needs, and what the captured
/// ones gave (SPEC's session table).
///
/// - A passport (TD3), visa (MRV-A/B) or TD2 is done with the side that
///   carries the MRZ.
/// - An ID-1 card in `combined` mode needs its front, then its back. The
///   front has no MRZ and no barcode: it counts as captured after
///   `frontFramesNeeded` quality-passing frames of an ID-1-shaped card in
///   which neither was read nor a barcode seen. The back gives an MRZ (a
///   TD1 card), a barcode (a PDF417 on a driver licence), or both. When the
///   back is read first what it gave is kept and the front is asked for
///   (`wrong-side`), as it is when the back shows a barcode that does not
///   decode yet.
/// - Once the front is captured and the back shows a barcode that has not
///   decoded yet, the barcode is asked for (`side=barcode`).
/// - In `mrz` mode a TD1 back alone is enough.
/// - In `front` mode nothing is read: any document's front counts as
///   captured after `frontFramesNeeded` quality-passing frames, and is the
///   whole document.
struct SideFlow: Sendable {
  /// What a frame completed.
  enum Capture: Equatable, Sendable {
    /// A side was captured (`docscan-side`), with the MRZ it gave.
    case side(Side, MRZRecord?)
    /// The card's barcode was read (`docscan-side` with `side=barcode`).
    case barcode(ScannedBarcode)
    /// The document is scanned (`docscan-result`): its MRZ, its barcode,
    /// or both; never neither.
    case document(MRZRecord?, ScannedBarcode?)
    /// `mode=front`: the front is the document (`docscan-result` with its
    /// pictures only).
    case frontOnly

    /// Whether it captured the card's back: its MRZ side or its barcode.
    var isBack: Bool {
      switch self {
      case .side(let side, _): side == .back
      case .barcode: true
      case .document, .frontOnly: false
      }
    }
  }

  /// Why the person is asked to turn the document over.
  enum FlipRequest: Equatable, Sendable {
    /// The front is captured, the back is not in view yet (`request-side-back`).
    case showBack
    /// The back was read (or its barcode seen) first; it is still in view
    /// (`wrong-side`).
    case showFront
  }

  /// What one analysed frame showed of the document.
  struct Sighting: Sendable {
    /// The MRZ read in it; nil when none was.
    var mrz: MRZReading?
    /// The frame passed the quality gate: a document found whole, sharp,
    /// free of glare and not tilted (only such frames count as a front).
    var passedQualityGate = true
    /// The barcodes decoded on the document (an ID-1 card, `combined` mode).
    var barcodes: [ScannedBarcode] = []
    /// A barcode is in view, decoded or not (`BarcodePresence`).
    var barcodeInView = false
    /// The shape of the document's outline; nil when the whole frame was read.
    var shape: DocumentShape?
    /// The document in view is a side captured before, recognised by its
    /// picture (`SideShownAgain`): a back read first and still in view,
    /// with nothing read on it any more, is no front.
    var capturedSideInView = false
    /// The MRZ was read in the ink image rather than in grey
    /// (`MRZImageTurns`).
    var mrzInInk = false
  }

  /// Frames of the front needed: enough that a few frames of a back whose
  /// MRZ did not read do not count as a front.
  static let frontFramesNeeded = 5
  /// Frames a read barcode waits for an MRZ that is being read on the same
  /// side (a back carrying both), so that the result can compare them.
  static let framesWaitingForMRZ = 8

  /// The side asked for now.
  private(set) var asked: Side = .front
  /// The side captured last, if any.
  private(set) var lastCaptured: Side?
  private(set) var flip: FlipRequest?
  /// The fused MRZ keeps failing its check digits.
  private(set) var unverifiableLines: [String]?
  /// Whether the MRZ readings so far pass their checks (`MRZFusion`).
  var mrzPassesChecks: Bool { (lastReadInInk ? inkFusion : greyFusion).passesChecks }
  private var frontCaptured = false
  /// A TD1 back read before its front.
  private var keptBack: MRZRecord?
  /// The card's barcode, once read.
  private var keptBarcode: ScannedBarcode?
  /// Frames since the barcode was read while an MRZ is being read.
  private var framesWithBarcode = 0
  private var frontFrames = 0
  /// One fusion per image the MRZ is read in (`MRZImageTurns`): a
  /// window mixing both images' readings would take each view's
  /// misreading in one image for dissent against its reading in the
  /// other. Each keeps its readings while the other image has the turn.
  private var greyFusion = MRZFusion()
  private var inkFusion = MRZFusion()
  /// The image of the last reading fused.
  private var lastReadInInk = false

  /// One frame that passed the quality gate (for the MRZ, or the barcode
  /// gate for barcodes).
  mutating func observe(_ sighting: Sighting, mode: ScanMode, today: MRZDate) -> [Capture] {
    if mode == .mrz, let back = keptBack {
      // The mode changed while the front was asked for: the back is enough.
      return finish(back, capturing: [])
    }
    var captures: [Capture] = []
    if mode == .combined, keptBarcode == nil,
      let barcode = BarcodeFlow.resultBarcode(sighting.barcodes)
    {
      keptBarcode = barcode
      lastCaptured = .barcode
      captures.append(.barcode(barcode))
    }
    if let reading = sighting.mrz {
      frontFrames = 0
      if keptBack == nil {
        if let done = observeMRZ(
          reading, inInk: sighting.mrzInInk, mode: mode, today: today, captures: &captures)
        {
          return done
        }
      } else {
        flip = .showFront
      }
    }
    if keptBarcode != nil { return observeWithBarcode(sighting, captures: captures) }
    if sighting.barcodeInView && sighting.mrz == nil {
      frontFrames = 0
      // The flipped card shows a barcode that has not decoded yet (and no
      // MRZ: a back that has one is asked for as the back).
      if frontCaptured && mode == .combined {
        asked = .barcode
        flip = nil
      } else if mode == .combined {
        // The back, shown before the front: turn it over.
        flip = .showFront
      }
      return captures
    }
    guard sighting.mrz == nil, sighting.passedQualityGate else { return captures }
    if sighting.capturedSideInView { return captures + keptSideStillInView() }
    return captures + observeFront(shape: sighting.shape, mode: mode)
  }

  /// The side read first is still in view: the front is asked for again
  /// and its count starts over.
  private mutating func keptSideStillInView() -> [Capture] {
    frontFrames = 0
    flip = .showFront
    return []
  }

  /// The document has been out of view for a while: what was read of it
  /// may belong to another document now.
  mutating func forgetReadings() {
    greyFusion.reset()
    inkFusion.reset()
    unverifiableLines = nil
  }

  /// Fuses one MRZ reading; returns the frame's captures when it finished
  /// the document.
  private mutating func observeMRZ(
    _ reading: MRZReading, inInk: Bool, mode: ScanMode, today: MRZDate,
    captures: inout [Capture]
  ) -> [Capture]? {
    if flip == .showBack { flip = nil }
    if asked == .barcode && keptBarcode == nil { asked = .back }
    lastReadInInk = inInk
    let state =
      inInk ? inkFusion.add(reading, today: today) : greyFusion.add(reading, today: today)
    switch state {
    case .collecting:
      unverifiableLines = nil
      return nil
    case .unverifiable(let lines):
      unverifiableLines = lines
      return nil
    case .accepted(let record):
      forgetReadings()
      guard record.format == .td1 else {
        return finish(record, capturing: captures + [.side(.front, record)])
      }
      guard mode == .combined, !frontCaptured else {
        return finish(record, capturing: captures + [.side(.back, record)])
      }
      keptBack = record
      lastCaptured = .back
      asked = .front
      flip = .showFront
      captures.append(.side(.back, record))
      return nil
    }
  }

  /// The barcode is read: the document is done once the front is captured,
  /// unless an MRZ on the same side is still being read.
  private mutating func observeWithBarcode(_ sighting: Sighting, captures: [Capture]) -> [Capture] {
    guard frontCaptured else {
      asked = .front
      if sighting.mrz != nil || sighting.barcodeInView || !sighting.barcodes.isEmpty {
        flip = .showFront
        return captures
      }
      guard sighting.passedQualityGate else {
        flip = nil
        return captures
      }
      if sighting.capturedSideInView { return captures + keptSideStillInView() }
      flip = nil
      return captures + observeFront(shape: sighting.shape, mode: .combined)
    }
    if sighting.mrz != nil && keptBack == nil && framesWithBarcode < Self.framesWaitingForMRZ {
      framesWithBarcode += 1
      return captures
    }
    return finish(keptBack, capturing: captures)
  }

  private mutating func observeFront(shape: DocumentShape?, mode: ScanMode) -> [Capture] {
    if flip == .showFront { flip = nil }
    let isFront = mode == .front ? shape != nil : mode == .combined && shape == .id1
    guard isFront, !frontCaptured else { return [] }
    frontFrames += 1
    guard frontFrames >= Self.frontFramesNeeded else { return [] }
    frontCaptured = true
    lastCaptured = .front
    if mode == .front { return [.side(.front, nil), .frontOnly] }
    if keptBack != nil || keptBarcode != nil {
      return finish(keptBack, capturing: [.side(.front, nil)])
    }
    asked = .back
    flip = .showBack
    return [.side(.front, nil)]
  }

  private mutating func finish(_ record: MRZRecord?, capturing sides: [Capture]) -> [Capture] {
    switch sides.last {
    case .side(let side, _)?: lastCaptured = side
    case .barcode?: lastCaptured = .barcode
    default: break
    }
    let barcode = keptBarcode
    keptBack = nil
    keptBarcode = nil
    flip = nil
    return sides + [.document(record, barcode)]
  }
}
