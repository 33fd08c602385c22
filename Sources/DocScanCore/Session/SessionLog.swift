/// A line for the element's debug log (GStreamer category `docscan`); the
/// glue hands it to GStreamer at `level`.
public struct SessionLogEntry: Equatable, Sendable {
  public var level: LogLevel
  public var message: String

  public init(_ level: LogLevel, _ message: String) {
    self.level = level
    self.message = message
  }
}

/// GStreamer's debug levels (`GstDebugLevel`).
public enum LogLevel: Int32, Sendable, Comparable {
  case error = 1
  case warning = 2
  case fixme = 3
  case info = 4
  case debug = 5
  case log = 6
  case trace = 7

  public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What personal data a log line may show. Levels up to `debug` are what
/// people switch on to report a problem (`GST_DEBUG=docscan:5`), so names,
/// document numbers and MRZ text are masked there; `log` and `trace` show
/// them, unless `redact` is set, which masks them at every level.
public enum LogPrivacy {
  public static func showsPersonalData(at level: LogLevel, redact: Bool) -> Bool {
    !redact && level > .debug
  }

  /// `text` as a log line at `level` may show it.
  public static func personal(_ text: String, at level: LogLevel, redact: Bool) -> String {
    showsPersonalData(at: level, redact: redact) ? text : Redaction.mask(text)
  }

  /// MRZ lines as a log line at `level` may show them, joined with ` / `.
  public static func mrz(_ lines: [String], at level: LogLevel, redact: Bool) -> String {
    (showsPersonalData(at: level, redact: redact) ? lines : Redaction.maskMRZ(lines))
      .joined(separator: " / ")
  }
}
