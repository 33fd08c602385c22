/// When a session started and when it got its result, on the session's
/// clock (`SessionClock`): what `elapsed`, `timeout` and `auto-reset` are
/// counted from.
struct SessionTimers: Sendable {
  /// The clock at the session's first frame.
  private(set) var start: UInt64?
  /// The result was posted.
  private(set) var isFinished = false
  /// The clock when the result was posted; nil until then, or when the
  /// stream had no time yet.
  private var resultTime: UInt64?

  /// Starts the session's time at its first frame.
  mutating func startIfNeeded(at clock: UInt64?) {
    if start == nil { start = clock }
  }

  /// The session's result was posted at `clock`.
  mutating func finish(at clock: UInt64?) {
    isFinished = true
    resultTime = clock
  }

  /// Time from the session's start to `clock`.
  func elapsed(at clock: UInt64?) -> UInt64? {
    guard let clock, let start, clock >= start else { return nil }
    return clock - start
  }

  /// `auto-reset` seconds have passed since the result (0: never).
  func isAutoResetDue(at clock: UInt64?, autoResetSeconds: UInt32) -> Bool {
    guard autoResetSeconds > 0, let clock, let resultTime else { return false }
    let delay = UInt64(autoResetSeconds) * Nanoseconds.perSecond
    return clock >= resultTime && clock - resultTime >= delay
  }

  /// `timeout` seconds have passed since the start without a result (0:
  /// never). A finished session does not time out.
  func hasTimedOut(at clock: UInt64?, timeoutSeconds: UInt32) -> Bool {
    guard !isFinished, timeoutSeconds > 0, let clock, let start else { return false }
    let limit = UInt64(timeoutSeconds) * Nanoseconds.perSecond
    return clock >= start && clock - start >= limit
  }
}
