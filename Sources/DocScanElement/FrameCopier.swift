import CDocScanShim
import CGStreamer
import DocScanCore

/// Copies what analysis needs out of a frame, on the analysis side: the
/// streaming thread only holds the frame (`HeldFrame`); `load` takes its
/// grey at its own size (the luma plane, or for packed formats the luma
/// GStreamer's video converter works out: never the whole frame) and its
/// colour copy (its chroma planes, or for packed formats the small sampled
/// copy) into buffers that are reused, and lets the frame go; then
/// `makeLuma` scales the grey with GStreamer's video converter and
/// `makeChroma` gives the colour copy.
///
/// The worker's claim guarantees one frame at a time.
final class FrameCopier: @unchecked Sendable {
  let sourceWidth: Int
  let sourceHeight: Int
  let width: Int
  let height: Int
  private let snapshot: OpaquePointer
  private let converter: OpaquePointer
  /// To grey at the video's own size; nil when that is the analysis size.
  private let sourceConverter: OpaquePointer?
  /// Nil for grey video.
  private let chroma: OpaquePointer?
  private let chromaWidth: Int
  private let chromaHeight: Int
  /// Formats whose chroma has no planes of its own (RGB, packed YUV): the
  /// colour sampled at half the video's size for the MRZ's ink image.
  /// Nil for grey video and where `chroma` keeps the planes.
  private let sourceChroma: OpaquePointer?

  init?(info: UnsafePointer<GstVideoInfo>) {
    sourceWidth = Int(docscan_video_info_width(info))
    sourceHeight = Int(docscan_video_info_height(info))
    (width, height) = AnalysisSize.forFrame(width: sourceWidth, height: sourceHeight)
    chromaWidth = ChromaImage.width(forAnalysisWidth: width)
    chromaHeight = max(1, (height * chromaWidth + width / 2) / width)
    guard let converter = docscan_luma_converter_new(info, Int32(width), Int32(height)),
      let snapshot = docscan_snapshot_new(info)
    else { return nil }
    self.converter = converter
    self.snapshot = snapshot
    sourceConverter =
      sourceWidth > width || sourceHeight > height
      ? docscan_luma_converter_new(info, Int32(sourceWidth), Int32(sourceHeight)) : nil
    chroma = docscan_chroma_new(info, Int32(chromaWidth), Int32(chromaHeight))
    var planeWidth: Int32 = 0
    var planeHeight: Int32 = 0
    sourceChroma =
      chroma.map { docscan_chroma_plane_size($0, &planeWidth, &planeHeight) != 0 } == false
      ? docscan_chroma_new(
        info, Int32(max(1, sourceWidth / 2)), Int32(max(1, sourceHeight / 2))) : nil
  }

  deinit {
    docscan_luma_converter_free(converter)
    if let sourceConverter { docscan_luma_converter_free(sourceConverter) }
    docscan_snapshot_free(snapshot)
    docscan_chroma_free(chroma)
    docscan_chroma_free(sourceChroma)
  }

  /// Analysis side: copies what analysis needs out of the held frame, with
  /// the overlay's pixels put back, and lets the frame go.
  func load(_ frame: HeldFrame) -> Bool {
    defer { frame.release() }
    guard docscan_snapshot_take_held(snapshot, frame.pointer) != 0 else { return false }
    if let chroma { _ = docscan_chroma_take_held(chroma, frame.pointer) }
    if let sourceChroma { _ = docscan_chroma_take_held(sourceChroma, frame.pointer) }
    return true
  }

  /// Analysis side: the scaled grey image of the frame last taken.
  func makeLuma() -> LumaImage? {
    grey(with: converter, width: width, height: height)
  }

  /// Analysis side: the grey image of the frame last taken at the video's
  /// own size; nil when that is no larger than `makeLuma`'s.
  func makeSourceLuma() -> LumaImage? {
    sourceConverter.flatMap { grey(with: $0, width: sourceWidth, height: sourceHeight) }
  }

  private func grey(with converter: OpaquePointer, width: Int, height: Int) -> LumaImage? {
    var converted = false
    // Rows padded to 4 bytes, as GStreamer lays out GRAY8.
    let stride = (width + 3) & ~3
    let image = LumaImage(width: width, height: height, stride: stride) { buffer in
      converted =
        docscan_luma_converter_convert(converter, snapshot, buffer.baseAddress, Int32(stride)) != 0
    }
    return converted ? image : nil
  }

  /// Analysis side: the colour copy of the frame last taken; nil for grey
  /// video.
  func makeChroma() -> ChromaImage? {
    guard let chroma else { return nil }
    var cr: LumaImage?
    let cb = LumaImage(width: chromaWidth, height: chromaHeight, stride: chromaWidth) { blue in
      cr = LumaImage(width: chromaWidth, height: chromaHeight, stride: chromaWidth) { red in
        docscan_chroma_copy(chroma, blue.baseAddress, red.baseAddress)
      }
    }
    return cr.map { ChromaImage(blueDifference: cb, redDifference: $0) }
  }

  /// Analysis side: the colour of the frame last taken at the video's own
  /// chroma resolution (its chroma planes), or at half its size for formats
  /// without such planes; the MRZ's ink image is made with it. Nil for grey
  /// video.
  func makeSourceChroma() -> ChromaImage? {
    if let sourceChroma {
      return colour(
        width: max(1, sourceWidth / 2), height: max(1, sourceHeight / 2)
      ) { docscan_chroma_copy(sourceChroma, $0, $1) }
    }
    guard let chroma else { return nil }
    var planeWidth: Int32 = 0
    var planeHeight: Int32 = 0
    guard docscan_chroma_plane_size(chroma, &planeWidth, &planeHeight) != 0 else { return nil }
    return colour(width: Int(planeWidth), height: Int(planeHeight)) {
      docscan_chroma_copy_planes(chroma, $0, $1)
    }
  }

  /// Two planes of `width` x `height` written by `copy` (Cb, then Cr).
  private func colour(
    width: Int, height: Int,
    copy: (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt8>?) -> Void
  ) -> ChromaImage? {
    var cr: LumaImage?
    let cb = LumaImage(width: width, height: height, stride: width) { blue in
      cr = LumaImage(width: width, height: height, stride: width) { red in
        copy(blue.baseAddress, red.baseAddress)
      }
    }
    return cr.map { ChromaImage(blueDifference: cb, redDifference: $0) }
  }
}
