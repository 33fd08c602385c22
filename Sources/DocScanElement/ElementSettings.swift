import CDocScanElement
import CDocScanShim
import DocScanCore

/// The element's properties as Swift values, copied from C once per frame.
struct ElementSettings: Sendable {
  var annotate: Bool
  var synchronous: Bool
  var session: SessionSettings

  init(_ settings: DocScanSettings) {
    annotate = settings.annotate != 0
    synchronous = settings.analysis == DOCSCAN_ANALYSIS_SYNC
    session = SessionSettings(
      blurThreshold: settings.blur_threshold, glareThreshold: settings.glare_threshold,
      timeoutSeconds: settings.timeout)
  }
}

extension StreamTimes {
  /// GST_CLOCK_TIME_NONE (all bits set) becomes nil.
  init(_ times: DocScanFrameTimes) {
    func known(_ value: guint64) -> UInt64? { value == guint64.max ? nil : UInt64(value) }
    self.init(
      timestamp: known(times.timestamp), streamTime: known(times.stream_time),
      runningTime: known(times.running_time))
  }
}
