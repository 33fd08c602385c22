import CDocScanElement
import DocScanCore

/// The element's debug log: GStreamer's `docscan` category, on the element.
struct ElementLog: Sendable {
  let element: ElementHandle

  func write(_ entry: SessionLogEntry) {
    guard docscan_element_log_enabled(entry.level.rawValue) != 0 else { return }
    docscan_element_log(element.pointer, entry.level.rawValue, entry.message)
  }

  func write(_ level: LogLevel, _ message: @autoclosure () -> String) {
    guard docscan_element_log_enabled(level.rawValue) != 0 else { return }
    docscan_element_log(element.pointer, level.rawValue, message())
  }
}
