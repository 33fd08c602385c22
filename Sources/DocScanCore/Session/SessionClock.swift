/// The clock the session's rules run on (auto-reset, timeout, `elapsed`):
/// the frames' stream time, kept from running backwards. A stream whose
/// time jumps back (a file looped with segment seeks, a seek back, a source
/// that starts its timestamps again) would otherwise hold every rule
/// counted from a later time until the stream caught up again; a looped
/// clip then gave one result on its first pass and none after. A jump back
/// counts as no time passing; until then the clock reads stream time. A
/// jump forward counts in full, as stream time would (after a seek back
/// and forward again, the session has aged by the forward jump).
public struct SessionClock: Sendable {
  private var lastStreamTime: UInt64?
  private var current: UInt64?

  public init() {}

  /// Moves to the frame at `streamTime` (nil when the stream did not say:
  /// the clock then stands still) and returns the session's time, nil
  /// before any frame had a time.
  public mutating func advance(to streamTime: UInt64?) -> UInt64? {
    guard let streamTime else { return current }
    if let lastStreamTime, let now = current {
      current = now + (streamTime >= lastStreamTime ? streamTime - lastStreamTime : 0)
    } else {
      current = streamTime
    }
    lastStreamTime = streamTime
    return current
  }
}
