import CDocScanElement
import CDocScanShim
import CGStreamer
import DocScanCore
import Glibc

// The C element (Sources/CDocScanElement/gstdocscan.c) calls these. Each one
// only finds the controller and hands over; the work is in ElementController.

@_cdecl("docscan_swift_start")
func docscanSwiftStart(
  _ element: UnsafeMutablePointer<GstElement>?, _ settings: UnsafePointer<DocScanSettings>?,
  _ problem: UnsafeMutablePointer<DocScanStartProblem>?,
  _ detail: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> UnsafeMutableRawPointer? {
  guard let element, let settings else { return nil }
  do {
    let controller = try ElementController(
      element: ElementHandle(retaining: element), settings: ElementSettings(settings.pointee))
    return Unmanaged.passRetained(controller).toOpaque()
  } catch {
    let startup =
      error as? StartupProblem
      ?? StartupProblem(kind: DOCSCAN_START_READER_FAILED, description: "\(error)")
    problem?.pointee = startup.kind
    // Freed by the C element with free().
    detail?.pointee = strdup(startup.description)
    return nil
  }
}

@_cdecl("docscan_swift_stop")
func docscanSwiftStop(_ controller: UnsafeMutableRawPointer?) {
  guard let controller else { return }
  let owned = Unmanaged<ElementController>.fromOpaque(controller).takeRetainedValue()
  owned.stop()
}

@_cdecl("docscan_swift_set_info")
func docscanSwiftSetInfo(
  _ controller: UnsafeMutableRawPointer?, _ info: UnsafePointer<GstVideoInfo>?
) -> gboolean {
  guard let controller, let info else { return 0 }
  return borrow(controller).configure(for: info) ? 1 : 0
}

@_cdecl("docscan_swift_transform")
func docscanSwiftTransform(
  _ controller: UnsafeMutableRawPointer?, _ frame: UnsafeMutablePointer<GstVideoFrame>?,
  _ writable: gboolean, _ settings: UnsafePointer<DocScanSettings>?,
  _ times: UnsafePointer<DocScanFrameTimes>?
) {
  guard let controller, let frame, let settings, let times else { return }
  borrow(controller).process(
    frame: frame, writable: writable != 0, settings: ElementSettings(settings.pointee),
    times: StreamTimes(times.pointee))
}

@_cdecl("docscan_swift_drain")
func docscanSwiftDrain(_ controller: UnsafeMutableRawPointer?) {
  guard let controller else { return }
  borrow(controller).drain()
}

@_cdecl("docscan_swift_reset")
func docscanSwiftReset(_ controller: UnsafeMutableRawPointer?) {
  guard let controller else { return }
  borrow(controller).reset()
}

@_cdecl("docscan_swift_will_stop")
func docscanSwiftWillStop(_ controller: UnsafeMutableRawPointer?) {
  guard let controller else { return }
  borrow(controller).willStop()
}

@_cdecl("docscan_swift_playing")
func docscanSwiftPlaying(_ controller: UnsafeMutableRawPointer?) {
  guard let controller else { return }
  borrow(controller).resume()
}

private func borrow(_ controller: UnsafeMutableRawPointer) -> ElementController {
  Unmanaged<ElementController>.fromOpaque(controller).takeUnretainedValue()
}
