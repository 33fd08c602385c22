import DocScanCore

/// The guidance as one short line of text:
///
///     front | side-in-progress | Move closer | blur 0.12 glare 0.00 | too-far
///
/// side, scanning status, instruction, the measured blur and glare, and the
/// events when there are any.
enum GuidanceText {
  static func line(for feedback: FeedbackMessage) -> String {
    var parts = [
      feedback.side.rawValue, feedback.scanningStatus.rawValue, feedback.instruction,
      "blur \(twoDecimals(feedback.blur)) glare \(twoDecimals(feedback.glare))",
    ]
    if !feedback.events.isEmpty {
      parts.append(feedback.events.map(\.rawValue).joined(separator: ","))
    }
    return parts.joined(separator: " | ")
  }

  /// A captured side, as a line of its own.
  static func line(forSide side: MessageStructure) -> String {
    let name = side.string("side") ?? "?"
    let documentClass = side.string("document-class") ?? "unknown"
    return "captured \(name) side (\(documentClass))"
  }

  /// 0..1 with two decimals ("0.07"), without Foundation's formatting.
  static func twoDecimals(_ value: Double) -> String {
    guard value.isFinite else { return "-" }
    let hundredths = Int((min(max(value, 0), 1) * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}
