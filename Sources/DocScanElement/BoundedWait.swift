import Glibc

/// Polls `condition` every millisecond while it holds, for at most `limit`
/// of the clock's time.
///
/// Bounded by the clock, not by a count of sleeps: on a starved CPU (or a
/// thread with a large timer slack) a millisecond's sleep lasts far longer,
/// and a stop that counted its sleeps would wait that much longer too.
func waitWhile(_ condition: () -> Bool, atMost limit: Duration) {
  let deadline = ContinuousClock.now + limit
  while condition() && ContinuousClock.now < deadline {
    usleep(1000)
  }
}
