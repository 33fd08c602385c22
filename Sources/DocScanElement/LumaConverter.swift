import CDocScanShim
import CGStreamer
import DocScanCore

/// Makes the grey analysis copy of a frame with GStreamer's video converter.
/// Only the streaming thread uses it, one frame at a time.
final class LumaConverter: @unchecked Sendable {
  let sourceWidth: Int
  let sourceHeight: Int
  let width: Int
  let height: Int
  private let converter: OpaquePointer

  init?(info: UnsafePointer<GstVideoInfo>) {
    sourceWidth = Int(docscan_video_info_width(info))
    sourceHeight = Int(docscan_video_info_height(info))
    (width, height) = AnalysisSize.forFrame(width: sourceWidth, height: sourceHeight)
    guard let converter = docscan_luma_converter_new(info, Int32(width), Int32(height)) else {
      return nil
    }
    self.converter = converter
  }

  deinit { docscan_luma_converter_free(converter) }

  /// The analysis copy of `frame`, or nil when the frame cannot be mapped.
  func copy(_ frame: UnsafePointer<GstVideoFrame>) -> LumaImage? {
    var converted = false
    // Rows padded to 4 bytes, as GStreamer lays out GRAY8.
    let stride = (width + 3) & ~3
    let image = LumaImage(width: width, height: height, stride: stride) { buffer in
      converted =
        docscan_luma_converter_convert(
          converter, frame, buffer.baseAddress, Int32(stride)) != 0
    }
    return converted ? image : nil
  }
}
