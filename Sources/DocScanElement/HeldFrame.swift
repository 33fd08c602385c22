import CDocScanShim
import CGStreamer

/// A frame the streaming thread hands to the analysis side instead of a
/// copy: a reference to its buffer, and the bytes the overlay drawn next
/// covers, saved before it is drawn. `FrameCopier.load` copies what the
/// analysis needs and lets the buffer go; so does `deinit` if the frame is
/// never loaded (a worker stopped with a frame queued).
final class HeldFrame: @unchecked Sendable {
  let pointer: OpaquePointer

  /// Streaming thread. `drawnNext` is the overlay composition that will be
  /// blended into `frame` before the analysis side reads it (nil: none).
  init(_ frame: UnsafePointer<GstVideoFrame>, drawnNext: OpaquePointer?) {
    pointer = docscan_frame_hold_new(frame, drawnNext)
  }

  /// Lets the buffer go back upstream; the saved bytes stay until `deinit`.
  func release() { docscan_frame_hold_release(pointer) }

  deinit { docscan_frame_hold_free(pointer) }
}
