/// Every docscan message carries `timestamp`, `stream-time` and
/// `running-time` as guint64, like zbar's; unknown times are
/// GST_CLOCK_TIME_NONE (all bits set).
extension MessageStructure {
  static let clockTimeNone = UInt64.max

  mutating func appendTimes(_ times: StreamTimes) {
    append("timestamp", .uint64(times.timestamp ?? Self.clockTimeNone))
    append("stream-time", .uint64(times.streamTime ?? Self.clockTimeNone))
    append("running-time", .uint64(times.runningTime ?? Self.clockTimeNone))
  }

  func readTimes() throws -> StreamTimes {
    func time(_ name: String) throws -> UInt64? {
      guard let value = uint64(name) else { throw MessageDecodingError(field: name) }
      return value == Self.clockTimeNone ? nil : value
    }
    return StreamTimes(
      timestamp: try time("timestamp"), streamTime: try time("stream-time"),
      runningTime: try time("running-time"))
  }
}
