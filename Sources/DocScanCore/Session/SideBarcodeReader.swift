/// Reads the barcodes of a side: in `mode=barcode` the document or the
/// whole frame, in `combined` mode an ID-1 card's back. Frames too blurred
/// for the decoders are not read. What is read counts once independent
/// readings confirm it (`BarcodeConfirmation`).
struct SideBarcodeReader: Sendable {
  /// The barcodes on a card, and whether one is in view.
  struct CardBarcodes {
    var read: [ScannedBarcode]
    /// A barcode was read (confirmed or not yet), or seen by
    /// `BarcodePresence` (the back is shown but its barcode does not decode
    /// yet).
    var inView: Bool
  }

  /// Barcodes are read up to this blur: a decoder checks its symbol's
  /// checksums, so a soft frame that decodes is as good as a sharp one
  /// (a Code 128 out of focus at blur 0.86 reads; coarse modules measure
  /// blurrier than text). Only a frame in which almost no detail survives
  /// is not worth the decoders' time.
  static let barcodeBlurLimit = 0.95

  /// A card that shows a barcode not confirmed yet (seen by
  /// `BarcodePresence` but not decoded, or decoded once) is read again with
  /// its edges steepened (`DocumentVision.unsharpMasked`): a camera's softness
  /// of about a pixel over a PDF417's 2-pixel modules (a 720p desk camera)
  /// merges the narrow bars, and zxing-cpp then finds no row. Sigma is in
  /// the dewarped card's pixels, which at 720p are about the video's.
  static let sharpeningSigma = 1.4
  static let sharpeningAmount = 1.0

  let reader: any BarcodeScanning
  /// Sharpens a card for its second read.
  let vision: any DocumentVision
  private let presence = BarcodePresence()
  private let inspector = QualityInspector()

  init(reader: any BarcodeScanning, vision: any DocumentVision) {
    self.reader = reader
    self.vision = vision
  }

  /// `mode=barcode`: the barcodes of the dewarped document when the frame
  /// passes the quality gate, and of the whole frame when that finds none
  /// (no document found: a barcode held alone, or a document the outline
  /// missed) unless nothing in the frame survives blurring
  /// (`barcodeBlurLimit`). An image that gives a barcode not confirmed yet
  /// is read once more `magnified` (another sampling of the same print is
  /// a second reading of a still, as a live camera's next frame is).
  /// `read` holds the confirmed ones; `inView` says whether any was read.
  func readAnywhere(
    _ frame: AnalysisFrame, _ detection: Detection, _ document: LumaImage?,
    magnified: (Magnified) -> LumaImage?, blur: Double, settings: SessionSettings,
    confirmation: inout BarcodeConfirmation
  ) -> CardBarcodes {
    var readings = Readings()
    if let document, detection.status == .success, passesGate(blur: blur, settings: settings) {
      readings.read(document, with: reader, confirmation: &confirmation)
      if readings.anyRead && readings.waiting, let larger = magnified(.document) {
        readings.read(larger, with: reader, confirmation: &confirmation)
      }
    }
    if !readings.anyRead && !isBadlyBlurred(frame.luma, settings: settings) {
      readings.read(frame.luma, with: reader, confirmation: &confirmation)
      if readings.anyRead && readings.waiting, let larger = magnified(.frame) {
        readings.read(larger, with: reader, confirmation: &confirmation)
      }
    }
    return CardBarcodes(read: readings.confirmed, inView: readings.anyRead)
  }

  /// What is cut out magnified for a second reading.
  enum Magnified {
    /// The document (`DocumentDewarper.documentForBarcode`).
    case document
    /// The whole frame (`DocumentDewarper.frameForBarcode`).
    case frame
  }

  /// `combined` mode: the barcodes on an ID-1 card (a driver licence's back
  /// carries a PDF417), read on the dewarped card when the frame passes the
  /// barcode gate (as in `mode=barcode`: blur up to `barcodeBlurLimit`).
  /// nil when the frame does not pass. While the card gives a barcode not
  /// confirmed yet, or gives none while `BarcodePresence` sees one, it is
  /// read sharpened (`sharpeningSigma`: a soft camera's bars apart again),
  /// then `magnified` (cut out larger, made only then: finer modules
  /// decode once magnified, and another sampling of the print is a second
  /// reading, as a live camera's next frame is).
  func readCard(
    _ detection: Detection, _ document: LumaImage?, magnified: () -> LumaImage?, blur: Double,
    settings: SessionSettings, confirmation: inout BarcodeConfirmation
  ) -> CardBarcodes? {
    guard let document, detection.status == .success, detection.shape == .id1,
      passesGate(blur: blur, settings: settings)
    else { return nil }
    var readings = Readings()
    readings.read(document, with: reader, confirmation: &confirmation)
    var inView = readings.anyRead
    if !inView {
      let landscape = document.height > document.width ? document.rotatedClockwise() : document
      inView = presence.isBarcodeLikely(in: landscape)
    }
    if inView && readings.waiting {
      readings.readSharpened(document, by: vision, with: reader, confirmation: &confirmation)
    }
    if inView && readings.waiting, let larger = magnified() {
      readings.read(larger, with: reader, confirmation: &confirmation)
    }
    return CardBarcodes(read: readings.confirmed, inView: inView)
  }

  /// What the images of one frame gave, read one after another.
  private struct Readings {
    var confirmed: [ScannedBarcode] = []
    /// Everything the images gave so far, confirmed or not.
    private var seen: [ScannedBarcode] = []
    var anyRead: Bool { !seen.isEmpty }
    /// Nothing read yet, or something read that is not confirmed yet.
    var waiting: Bool { seen.isEmpty || seen.contains { !confirmed.contains($0) } }

    mutating func read(
      _ image: LumaImage, with reader: any BarcodeScanning,
      confirmation: inout BarcodeConfirmation
    ) {
      read(image, samplingOf: image, with: reader, confirmation: &confirmation)
    }

    /// Reads `image` sharpened (`sharpeningSigma`, `sharpeningAmount`).
    /// The sharpened copy holds the same samples of the print as `image`,
    /// so `BarcodeConfirmation` takes it for `image` itself: a decoder pass
    /// that reads the same payload in both is one reading, while a second
    /// pass (the other binarizer) is still a second one.
    mutating func readSharpened(
      _ image: LumaImage, by vision: any DocumentVision, with reader: any BarcodeScanning,
      confirmation: inout BarcodeConfirmation
    ) {
      guard
        let sharpened = vision.unsharpMasked(
          image, sigma: SideBarcodeReader.sharpeningSigma,
          amount: SideBarcodeReader.sharpeningAmount)
      else { return }
      read(sharpened, samplingOf: image, with: reader, confirmation: &confirmation)
    }

    private mutating func read(
      _ image: LumaImage, samplingOf sampled: LumaImage, with reader: any BarcodeScanning,
      confirmation: inout BarcodeConfirmation
    ) {
      let found = reader.read(image)
      for barcode in found where !seen.contains(barcode) {
        seen.append(barcode)
      }
      for barcode in confirmation.confirmed(found, readIn: sampled)
      where !confirmed.contains(barcode) {
        confirmed.append(barcode)
      }
    }
  }

  /// The barcode gate: blur below `barcodeBlurLimit` (or `blur-threshold`
  /// when that is higher). Nothing else: glare, a hand or a tilt may hide
  /// part of the symbol, but a symbol that decodes and is confirmed is
  /// read right, and the quality gate never keeps a readable side from
  /// being read (SPEC).
  private func passesGate(blur: Double, settings: SessionSettings) -> Bool {
    blur < max(settings.blurThreshold, Self.barcodeBlurLimit)
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
