import DocScanCore

/// What docscan-run reads off the pipeline's bus.
enum BusMessage: Equatable {
  /// An element message (docscan's, or another element's).
  case element(MessageStructure)
  case endOfStream
  case error(BusProblem)
  case warning(BusProblem)
}

/// A GStreamer error or warning and the element that posted it.
struct BusProblem: Equatable, CustomStringConvertible {
  var source: String
  var text: String
  /// GStreamer's debug detail (where and why); may be empty.
  var debug: String

  var description: String {
    let head = "\(source): \(text)"
    return debug.isEmpty ? head : head + "\n  " + debug
  }
}
