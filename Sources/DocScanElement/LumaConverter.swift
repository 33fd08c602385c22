import CDocScanShim
import CGStreamer
import DocScanCore

/// Makes the grey analysis image of a frame in two steps: `take` copies the
/// frame's luma plane on the streaming thread (a plain copy into a buffer
/// that is reused), `makeImage` scales it with GStreamer's video converter
/// later, on the analysis side.
///
/// The worker's claim guarantees one frame at a time between the two steps.
final class LumaConverter: @unchecked Sendable {
  let sourceWidth: Int
  let sourceHeight: Int
  let width: Int
  let height: Int
  private let snapshot: OpaquePointer
  private let converter: OpaquePointer

  init?(info: UnsafePointer<GstVideoInfo>) {
    sourceWidth = Int(docscan_video_info_width(info))
    sourceHeight = Int(docscan_video_info_height(info))
    (width, height) = AnalysisSize.forFrame(width: sourceWidth, height: sourceHeight)
    guard let converter = docscan_luma_converter_new(info, Int32(width), Int32(height)),
      let snapshot = docscan_snapshot_new(info)
    else { return nil }
    self.converter = converter
    self.snapshot = snapshot
  }

  deinit {
    docscan_luma_converter_free(converter)
    docscan_snapshot_free(snapshot)
  }

  /// Streaming thread: copies what analysis needs out of `frame`.
  func take(_ frame: UnsafePointer<GstVideoFrame>) -> Bool {
    docscan_snapshot_take(snapshot, frame) != 0
  }

  /// Analysis side: the scaled grey image of the frame last taken.
  func makeImage() -> LumaImage? {
    var converted = false
    // Rows padded to 4 bytes, as GStreamer lays out GRAY8.
    let stride = (width + 3) & ~3
    let image = LumaImage(width: width, height: height, stride: stride) { buffer in
      converted =
        docscan_luma_converter_convert(converter, snapshot, buffer.baseAddress, Int32(stride)) != 0
    }
    return converted ? image : nil
  }
}
