import Glibc

/// The `results-location` file: every result appended as one JSON line.
///
/// Each line is written by one `write` to a descriptor opened with
/// O_APPEND (so lines from several writers never interleave) and fsync'd
/// before the result is posted: an application that reacts to the message
/// finds the line on disk. A new file is created mode 0600 (it holds names
/// and dates of birth); an existing one keeps its mode. The file is opened
/// per line; results come once per session, and a file moved away (log
/// rotation) is simply created again.
struct ResultsFile: Sendable {
  let path: String

  /// Why a line could not be written.
  struct WriteError: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "results-location \"\(path)\" cannot be written: \(reason)" }
  }

  /// Opens the file for appending (creating it) and closes it again.
  func checkWritable() throws {
    let fd = try open()
    close(fd)
  }

  /// Appends `line` and a line break, then fsyncs. After a last line cut
  /// short (a crash, a full disk) a line break comes first, so the new
  /// line never joins the broken one (a reader of whole lines, such as
  /// `docscan-run --publish`, would take the two for one).
  func append(_ line: String) throws {
    let fd = try open()
    defer { close(fd) }
    let bytes = Array(((endsMidLine(fd) ? "\n" : "") + line + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        write(fd, $0.baseAddress! + offset, $0.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw failure()
      }
      offset += written
    }
    guard fsync(fd) == 0 else { throw failure() }
  }

  /// The file is not empty and its last byte is no line break.
  private func endsMidLine(_ fd: Int32) -> Bool {
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_size > 0 else { return false }
    var last: UInt8 = 0
    return pread(fd, &last, 1, info.st_size - 1) == 1 && last != UInt8(ascii: "\n")
  }

  private func open() throws -> Int32 {
    // Read and write: the last byte is looked at before a line goes on.
    let fd = Glibc.open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw failure() }
    return fd
  }

  private func failure() -> WriteError {
    WriteError(path: path, reason: String(cString: strerror(errno)))
  }
}
