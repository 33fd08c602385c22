import Glibc

/// The results file read as an outbox: its complete lines, one at a time,
/// in file order, from a position on.
///
/// The writer (docscan's `results-location`) appends each line with its
/// line break in one write and fsyncs it, so a line without its break is
/// one still being written (or cut short by a crash): it is never
/// returned. The file is opened for every read, as the writer opens it for
/// every line: a file moved away and created again is read from its start.
public struct ResultsOutbox: Sendable {
  public let path: String

  public init(path: String) { self.path = path }

  /// How much is read at a time while looking for a line break.
  public static let chunkSize = 64 * 1024

  /// The complete line at `position`; nil when there is none yet (no file,
  /// nothing after the position, or only a partial line). A position in
  /// another file (replaced) or beyond the end (cut short) reads from this
  /// file's start: the line's `start` then differs from `position`.
  public func nextLine(at position: OutboxPosition) throws(OutboxError) -> OutboxLine? {
    guard let file = try openFile() else { return nil }
    defer { close(file.descriptor) }
    let start = file.resume(from: position)
    var bytes: [UInt8] = []
    var offset = start.offset
    var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
    while offset < file.size {
      let count = try read(file.descriptor, into: &chunk, at: offset)
      guard count > 0 else { break }
      if let newline = chunk[..<count].firstIndex(of: UInt8(ascii: "\n")) {
        bytes += chunk[..<newline]
        let end = OutboxPosition(inode: file.inode, offset: offset + UInt64(newline) + 1)
        return OutboxLine(bytes: bytes, start: start, end: end)
      }
      bytes += chunk[..<count]
      offset += UInt64(count)
    }
    return nil
  }

  /// How many complete lines follow `position` (what is still to be
  /// acknowledged).
  public func completeLines(after position: OutboxPosition) throws(OutboxError) -> Int {
    guard let file = try openFile() else { return 0 }
    defer { close(file.descriptor) }
    var offset = file.resume(from: position).offset
    var lines = 0
    var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
    while offset < file.size {
      let count = try read(file.descriptor, into: &chunk, at: offset)
      guard count > 0 else { break }
      lines += chunk[..<count].count { $0 == UInt8(ascii: "\n") }
      offset += UInt64(count)
    }
    return lines
  }

  /// An open outbox and what fstat said about it when it was opened.
  private struct OpenFile {
    var descriptor: Int32
    var inode: UInt64
    var size: UInt64

    /// Where to read on from `position`: this file's start when the
    /// position belongs to another file, lies beyond the end, or does not
    /// follow a line break (a file cut short and written again keeps its
    /// inode, and file systems reuse inodes).
    func resume(from position: OutboxPosition) -> OutboxPosition {
      let sameFile = position.inode == 0 || position.inode == inode
      guard sameFile && position.offset <= size && followsLineBreak(position.offset) else {
        return OutboxPosition(inode: inode, offset: 0)
      }
      return OutboxPosition(inode: inode, offset: position.offset)
    }

    private func followsLineBreak(_ offset: UInt64) -> Bool {
      guard offset > 0 else { return true }
      var byte: UInt8 = 0
      return pread(descriptor, &byte, 1, off_t(offset - 1)) == 1 && byte == UInt8(ascii: "\n")
    }
  }

  /// nil when there is no file yet.
  private func openFile() throws(OutboxError) -> OpenFile? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 {
      if errno == ENOENT { return nil }
      throw failure()
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let error = failure()
      close(descriptor)
      throw error
    }
    return OpenFile(
      descriptor: descriptor, inode: UInt64(info.st_ino), size: UInt64(max(info.st_size, 0)))
  }

  private func read(_ descriptor: Int32, into chunk: inout [UInt8], at offset: UInt64)
    throws(OutboxError) -> Int
  {
    while true {
      let count = chunk.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress, $0.count, off_t(offset))
      }
      if count >= 0 { return count }
      if errno != EINTR { throw failure() }
    }
  }

  private func failure() -> OutboxError {
    OutboxError(path: path, reason: String(cString: strerror(errno)))
  }
}
