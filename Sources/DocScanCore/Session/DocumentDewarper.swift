/// Cuts the document out of a frame and shows it face-on at the size every
/// later stage reads it (`ScanSession.dewarpedLongSide`).
struct DocumentDewarper: Sendable {
  let vision: any DocumentVision

  /// The document seen face-on at a fixed size; portrait when it stands upright.
  func dewarp(_ image: LumaImage, _ quad: Quad, shape: DocumentShape?) -> LumaImage? {
    let size = (shape ?? .id1).dewarpedSize(longSide: ScanSession.dewarpedLongSide)
    let sides = quad.sides
    let upright = sides[1] + sides[3] > sides[0] + sides[2]
    return upright
      ? vision.dewarp(image, quad: quad, width: size.height, height: size.width)
      : vision.dewarp(image, quad: quad, width: size.width, height: size.height)
  }

  /// The document cut out of the frame at the video's own size, when that
  /// is larger than the analysis copy: the MRZ is read from it. A 1080p
  /// frame's 10 px capitals are 7 px in the 1280-wide analysis copy, where
  /// the model misreads letters alike in every view (a `Y` read `F`).
  func sharperDocument(_ frame: AnalysisFrame, _ detection: Detection) -> LumaImage? {
    guard let quad = detection.quad, let source = frame.makeSourceLuma() else { return nil }
    let scaled = quad.scaled(
      x: Double(source.width) / Double(frame.luma.width),
      y: Double(source.height) / Double(frame.luma.height))
    return dewarp(source, scaled, shape: detection.shape)
  }
}
