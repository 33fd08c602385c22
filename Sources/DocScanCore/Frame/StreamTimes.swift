/// The times of one video frame, in nanoseconds; `nil` where the stream did
/// not say (GStreamer's GST_CLOCK_TIME_NONE).
public struct StreamTimes: Equatable, Sendable {
  public var timestamp: UInt64?
  public var streamTime: UInt64?
  public var runningTime: UInt64?

  public init(timestamp: UInt64?, streamTime: UInt64?, runningTime: UInt64?) {
    self.timestamp = timestamp
    self.streamTime = streamTime
    self.runningTime = runningTime
  }

  public static let unknown = StreamTimes(timestamp: nil, streamTime: nil, runningTime: nil)

  /// The clock that session rules (repeats, timeouts) run on: stream time,
  /// else running time.
  public var sessionClock: UInt64? { streamTime ?? runningTime }
}

public enum Nanoseconds {
  public static let perMillisecond: UInt64 = 1_000_000
  public static let perSecond: UInt64 = 1_000_000_000
}
