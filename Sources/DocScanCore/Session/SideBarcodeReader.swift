/// Reads the barcodes of a side: in `mode=barcode` the document or the
/// whole frame, in `combined` mode an ID-1 card's back. Frames too blurred
/// for the decoders are not read.
struct SideBarcodeReader: Sendable {
  /// The barcodes on a card, and whether one is in view.
  struct CardBarcodes {
    var read: [ScannedBarcode]
    /// A barcode was read, or seen by `BarcodePresence` (the back is shown
    /// but its barcode does not decode yet).
    var inView: Bool
  }

  /// Barcodes are read up to this blur: a decoder checks its symbol's
  /// checksums, so a soft frame that decodes is as good as a sharp one
  /// (a Code 128 out of focus at blur 0.86 reads; coarse modules measure
  /// blurrier than text). Only a frame in which almost no detail survives
  /// is not worth the decoders' time.
  static let barcodeBlurLimit = 0.95

  let reader: any BarcodeScanning
  private let presence = BarcodePresence()
  private let inspector = QualityInspector()

  init(reader: any BarcodeScanning) {
    self.reader = reader
  }

  /// `mode=barcode`: the barcodes of the dewarped document when the frame
  /// passes the quality gate, and of the whole frame when that finds none
  /// (no document found: a barcode held alone, or a document the outline
  /// missed) unless nothing in it survives blurring (`barcodeBlurLimit`).
  func readAnywhere(
    _ frame: AnalysisFrame, _ detection: Detection, _ document: LumaImage?, blur: Double,
    events: [FeedbackEvent], settings: SessionSettings
  ) -> [ScannedBarcode] {
    var found: [ScannedBarcode] = []
    if let document, detection.status == .success,
      passesGate(blur: blur, events: events, settings: settings)
    {
      found = reader.read(document)
    }
    if found.isEmpty && !isBadlyBlurred(frame.luma, settings: settings) {
      found = reader.read(frame.luma)
    }
    return found
  }

  /// `combined` mode: the barcodes on an ID-1 card (a driver licence's back
  /// carries a PDF417), read on the dewarped card when the frame passes the
  /// barcode gate (as in `mode=barcode`: blur up to `barcodeBlurLimit`,
  /// no other event). nil when the frame does not pass.
  func readCard(
    _ detection: Detection, _ document: LumaImage?, blur: Double, events: [FeedbackEvent],
    settings: SessionSettings
  ) -> CardBarcodes? {
    guard let document, detection.status == .success, detection.shape == .id1,
      passesGate(blur: blur, events: events, settings: settings)
    else { return nil }
    let read = reader.read(document)
    if !read.isEmpty { return CardBarcodes(read: read, inView: true) }
    let landscape = document.height > document.width ? document.rotatedClockwise() : document
    return CardBarcodes(read: [], inView: presence.isBarcodeLikely(in: landscape))
  }

  /// The barcode gate: no quality event but blur, and blur below
  /// `barcodeBlurLimit` (or `blur-threshold` when that is higher).
  private func passesGate(blur: Double, events: [FeedbackEvent], settings: SessionSettings)
    -> Bool
  {
    events.allSatisfy { $0 == .blur } && blur < max(settings.blurThreshold, Self.barcodeBlurLimit)
  }

  /// Whether a whole frame is too blurred to read anything in: its blur
  /// reaches `barcodeBlurLimit` (or `blur-threshold` when that is higher).
  private func isBadlyBlurred(_ image: LumaImage, settings: SessionSettings) -> Bool {
    let whole = inspector.inspect(
      image, region: image.bounds.central(fraction: ScanSession.qualityFraction),
      blurLimit: settings.blurThreshold, glareLimit: settings.glareThreshold)
    return whole.blur >= max(settings.blurThreshold, Self.barcodeBlurLimit)
  }
}
