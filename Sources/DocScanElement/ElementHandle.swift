import CGStreamer

/// A strong reference to the GstElement, so that analysis still running
/// after the element stopped can post to it safely.
final class ElementHandle: @unchecked Sendable {
  let pointer: UnsafeMutablePointer<GstElement>

  init(retaining element: UnsafeMutablePointer<GstElement>) {
    pointer = element
    gst_object_ref(UnsafeMutableRawPointer(element))
  }

  deinit {
    gst_object_unref(UnsafeMutableRawPointer(pointer))
  }
}
