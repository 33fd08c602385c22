/// A place in the results file read as an outbox: which file (its inode,
/// so a file moved away and created again is told apart) and the byte
/// offset of the first line not yet acknowledged.
public struct OutboxPosition: Equatable, Sendable {
  /// 0 before any file was seen: the start of whatever file is there.
  public var inode: UInt64
  public var offset: UInt64

  public init(inode: UInt64, offset: UInt64) {
    self.inode = inode
    self.offset = offset
  }

  /// Nothing acknowledged yet.
  public static let start = OutboxPosition(inode: 0, offset: 0)
}

/// One complete line of the outbox: its bytes without the line break, and
/// where it starts and where the next line starts.
public struct OutboxLine: Equatable, Sendable {
  public var bytes: [UInt8]
  public var start: OutboxPosition
  public var end: OutboxPosition

  public init(bytes: [UInt8], start: OutboxPosition, end: OutboxPosition) {
    self.bytes = bytes
    self.start = start
    self.end = end
  }
}

/// An outbox or cursor file that cannot be read or written, and why.
public struct OutboxError: Error, Equatable, CustomStringConvertible {
  public var path: String
  public var reason: String
  public var description: String { "\(path): \(reason)" }

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }
}
