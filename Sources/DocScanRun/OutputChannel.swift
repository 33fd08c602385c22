import CDocScanRunShim
import Glibc

/// Standard output or standard error, written with write(2): unbuffered,
/// so lines reach a pipe or file at once and in order.
struct OutputChannel {
  let descriptor: Int32

  static let standardOutput = OutputChannel(descriptor: 1)
  static let standardError = OutputChannel(descriptor: 2)

  func write(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        return  // a closed pipe: nothing left to tell
      }
      bytes = bytes.dropFirst(written)
    }
  }

  /// Width of the terminal behind it; 0 when it is not a terminal.
  var terminalColumns: Int { Int(docscan_run_terminal_columns(descriptor)) }
}
