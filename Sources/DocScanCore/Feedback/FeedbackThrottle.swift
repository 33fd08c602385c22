/// Decides which feedback gets posted: a change of guidance at once, the
/// same guidance again every `repeatInterval` of stream time.
public struct FeedbackThrottle: Sendable {
  public var repeatInterval: UInt64 = 500 * Nanoseconds.perMillisecond
  private var lastPosted: FeedbackMessage?
  private var lastPostedClock: UInt64?

  public init() {}

  /// Whether to post `message`; remembers it when the answer is yes.
  public mutating func shouldPost(_ message: FeedbackMessage) -> Bool {
    let clock = message.times.sessionClock
    let post: Bool
    if let lastPosted, lastPosted.givesSameGuidance(as: message) {
      // Unchanged: repeat once the interval has passed (or the clock jumped back, after a seek).
      if let clock, let lastPostedClock {
        post = clock >= lastPostedClock + repeatInterval || clock < lastPostedClock
      } else {
        post = false
      }
    } else {
      post = true
    }
    if post {
      lastPosted = message
      lastPostedClock = clock
    }
    return post
  }

  /// Forget what was posted, so the next message goes out whatever it says.
  public mutating func forget() {
    lastPosted = nil
    lastPostedClock = nil
  }
}
