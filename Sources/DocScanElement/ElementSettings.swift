import CDocScanElement
import CDocScanShim
import DocScanCore

/// The element's properties as Swift values, copied from C once per frame
/// and once at start.
struct ElementSettings: Sendable {
  var annotate: Bool
  var synchronous: Bool
  var session: SessionSettings
  /// `tessdata`: the folder with Tesseract's language data, nil = the system
  /// default. Paths come with the settings given at start only (per frame
  /// the C element leaves them out); `StartupProblem` checks them.
  var tessdata: String?
  /// `results-location`: the file results are appended to, nil = none.
  var resultsLocation: String?
  /// `barcode-types` as set (start only, like the paths); nil per frame.
  var barcodeTypes: String?
  /// `desk` (start only, like the paths); nil per frame and when unset.
  var desk: String?

  init(_ settings: DocScanSettings) {
    annotate = settings.annotate != 0
    synchronous = settings.analysis == DOCSCAN_ANALYSIS_SYNC
    session = SessionSettings(
      blurThreshold: settings.blur_threshold, glareThreshold: settings.glare_threshold,
      timeoutSeconds: settings.timeout,
      mode: Self.mode(settings.mode),
      autoResetSeconds: settings.auto_reset, redact: settings.redact != 0,
      attachImages: settings.attach_images != 0)
    tessdata = settings.tessdata.map { String(cString: $0) }
    resultsLocation = settings.results_location.map { String(cString: $0) }
    barcodeTypes = settings.barcode_types.map { String(cString: $0) }
    desk = settings.desk.map { String(cString: $0) }
  }

  private static func mode(_ mode: DocScanMode) -> ScanMode {
    switch mode {
    case DOCSCAN_MODE_MRZ: .mrz
    case DOCSCAN_MODE_BARCODE: .barcode
    case DOCSCAN_MODE_FRONT: .front
    default: .combined
    }
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
