import DocScanCore

/// Shows the guidance on standard error, so standard output carries only
/// JSON.
///
/// On a terminal it is one line rewritten in place (carriage return, then
/// erase to the end of the line), cut to the terminal's width so it never
/// wraps; other lines (a captured side, a result on the same terminal) are
/// printed above it. Anywhere else (a file, a pipe, a log) a line is written
/// only when the guidance changes, without control characters: the
/// throttled repeats and the measured values alone do not add lines.
final class GuidanceDisplay {
  private let channel: OutputChannel
  private let isTerminal: Bool
  private var lastShown: FeedbackMessage?
  /// The live line's text, redrawn after other output (terminal only).
  private var liveLine = ""

  init(channel: OutputChannel) {
    self.channel = channel
    isTerminal = channel.terminalColumns > 0
  }

  func show(_ feedback: FeedbackMessage) {
    let line = GuidanceText.line(for: feedback)
    if isTerminal {
      liveLine = line
      redraw()
    } else if lastShown.map({ !$0.givesSameGuidance(as: feedback) }) ?? true {
      channel.write(line + "\n")
    }
    lastShown = feedback
  }

  /// A line of its own, kept above the live line.
  func note(_ text: String) {
    aroundOtherOutput { channel.write(text + "\n") }
  }

  /// Runs `write` (e.g. a result on standard output) with the live line
  /// cleared first and drawn again after, so the two never mix on screen.
  func aroundOtherOutput(_ write: () -> Void) {
    if isTerminal && !liveLine.isEmpty { channel.write("\r\u{1B}[K") }
    write()
    if isTerminal { redraw() }
  }

  /// Ends the live line, so what follows starts on a line of its own.
  func finish() {
    if isTerminal && !liveLine.isEmpty { channel.write("\n") }
    liveLine = ""
  }

  private func redraw() {
    guard !liveLine.isEmpty else { return }
    let width = max(channel.terminalColumns - 1, 10)
    channel.write("\r" + String(liveLine.prefix(width)) + "\u{1B}[K")
  }
}
