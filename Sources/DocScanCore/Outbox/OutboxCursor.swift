import Glibc

/// The cursor beside an outbox (`FILE.cursor`): the position up to which
/// every line was acknowledged, as one line of text, `OFFSET INODE`.
///
/// It is replaced atomically (a temporary file written and fsync'd, renamed
/// over it, the folder fsync'd), so after a crash it holds either the old
/// position or the new one, never a mix: a line acknowledged just before a
/// crash is at worst sent again, never skipped.
public struct OutboxCursor: Sendable {
  public let path: String

  public init(outboxPath: String) { path = outboxPath + ".cursor" }

  /// The saved position; the start when there is no cursor yet.
  public func read() throws(OutboxError) -> OutboxPosition {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 {
      if errno == ENOENT { return .start }
      throw failure()
    }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 128)
    let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
    guard count >= 0 else { throw failure() }
    let text = String(decoding: bytes[..<count], as: UTF8.self)
    let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
    guard fields.count == 2, text.hasSuffix("\n"), let offset = UInt64(fields[0]),
      let inode = UInt64(fields[1])
    else {
      throw OutboxError(
        path: path, reason: "not a cursor (OFFSET INODE); remove it to publish the whole outbox")
    }
    return OutboxPosition(inode: inode, offset: offset)
  }

  /// Saves `position` atomically and durably.
  public func write(_ position: OutboxPosition) throws(OutboxError) {
    // Its own temporary file per process: two runs on one outbox never
    // rename each other's half-written cursor into place.
    let temporary = path + ".tmp.\(getpid())"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw failure(temporary) }
    let bytes = Array("\(position.offset) \(position.inode)\n".utf8)
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress, $0.count)
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        let error = failure(temporary)
        close(descriptor)
        throw error
      }
      written += count
    }
    guard fsync(descriptor) == 0 else {
      let error = failure(temporary)
      close(descriptor)
      throw error
    }
    close(descriptor)
    guard rename(temporary, path) == 0 else { throw failure() }
    try syncFolder()
  }

  /// The rename is durable once the folder holding it is.
  private func syncFolder() throws(OutboxError) {
    let folder: String
    if let slash = path.lastIndex(of: "/") {
      folder = slash == path.startIndex ? "/" : String(path[..<slash])
    } else {
      folder = "."
    }
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(folder) }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else { throw failure(folder) }
  }

  private func failure(_ file: String? = nil) -> OutboxError {
    OutboxError(path: file ?? path, reason: String(cString: strerror(errno)))
  }
}
