/// Cuts the document out of a frame and shows it face-on at the size every
/// later stage reads it (`ScanSession.dewarpedLongSide`).
struct DocumentDewarper: Sendable {
  let vision: any DocumentVision

  /// The document seen face-on at a fixed size (`longSide`); portrait when
  /// it stands upright.
  func dewarp(
    _ image: LumaImage, _ quad: Quad, shape: DocumentShape?,
    longSide: Int = ScanSession.dewarpedLongSide
  ) -> LumaImage? {
    let size = (shape ?? .id1).dewarpedSize(longSide: longSide)
    let sides = quad.sides
    let upright = sides[1] + sides[3] > sides[0] + sides[2]
    return upright
      ? vision.dewarp(image, quad: quad, width: size.height, height: size.width)
      : vision.dewarp(image, quad: quad, width: size.width, height: size.height)
  }

  /// How much wider than its outline the document is cut out for the MRZ
  /// reader (`Quad.grown(by:)`: each side moves out by half of it). A TD1
  /// card's last MRZ row ends a few pixels above its edge: an outline a
  /// few pixels inside the card cut the bottoms off its letters, and every
  /// view then read `E<<IILZ` as `F<<TTI7` alike (a rendered card on a
  /// white desk, 12 px capitals). The line finder finds the rows anywhere,
  /// so a strip of desk around the document costs nothing.
  static let readingMargin = 0.06

  /// The document the MRZ is read in: cut out of the frame with a margin
  /// (`readingMargin`), at the video's own size when that is larger than
  /// the analysis copy. A 1080p frame's 10 px capitals are 7 px in the
  /// 1280-wide analysis copy, where the model misreads letters alike in
  /// every view (a `Y` read `F`). At 720p this is a second warp of the
  /// analysis copy beside the document the quality meters read (about a
  /// millisecond). `inInk`: cut from the ink image, where coloured print
  /// fades (`AnalysisFrame.readingImage`).
  func documentForReading(_ frame: AnalysisFrame, _ detection: Detection, inInk: Bool = false)
    -> LumaImage?
  {
    guard let quad = detection.quad?.grown(by: Self.readingMargin) else { return nil }
    guard let source = frame.readingImage(atSourceSize: true, inInk: inInk, around: quad) else {
      return frame.readingImage(atSourceSize: false, inInk: inInk, around: quad).flatMap {
        dewarp($0, quad, shape: detection.shape)
      }
    }
    let scaled = quad.scaled(
      x: Double(source.width) / Double(frame.luma.width),
      y: Double(source.height) / Double(frame.luma.height))
    return dewarp(source, scaled, shape: detection.shape)
  }

  /// How many times larger than in the video a card is cut out for a
  /// second barcode pass, and the largest cut-out's long side.
  static let barcodeMagnification = 2.0
  static let barcodeLongSideLimit = 2400

  /// The card cut out of the video's own frame at `barcodeMagnification`
  /// times its size there: a PDF417 whose modules are about 2 pixels wide
  /// in a 720p H.264 frame decodes on more frames once each module spans
  /// several pixels (a rendered licence back at 1 Mbit/s: 28 of the clip's
  /// frames as it is, 76 magnified, with gst-plugins-bad's `zxing`).
  func documentForBarcode(_ frame: AnalysisFrame, _ detection: Detection) -> LumaImage? {
    guard let quad = detection.quad else { return nil }
    let source = frame.makeSourceLuma() ?? frame.luma
    let scaled = quad.scaled(
      x: Double(source.width) / Double(frame.luma.width),
      y: Double(source.height) / Double(frame.luma.height))
    let longSide = min(
      Self.barcodeLongSideLimit,
      Int(((scaled.sides.max() ?? 0) * Self.barcodeMagnification).rounded()))
    guard longSide > ScanSession.dewarpedLongSide else { return nil }
    return dewarp(source, scaled, shape: detection.shape, longSide: longSide)
  }

  /// The whole analysis frame resampled `frameMagnification` times larger:
  /// a second sampling of a barcode read once in it.
  static let frameMagnification = 1.5

  func frameForBarcode(_ frame: AnalysisFrame) -> LumaImage? {
    let (width, height) = (Double(frame.luma.width), Double(frame.luma.height))
    let whole = Quad(unordered: [
      Point(x: 0, y: 0), Point(x: width, y: 0), Point(x: width, y: height), Point(x: 0, y: height),
    ])
    return vision.dewarp(
      frame.luma, quad: whole, width: Int(width * Self.frameMagnification),
      height: Int(height * Self.frameMagnification))
  }
}
