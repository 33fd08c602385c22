import Dispatch
import DocScanCore
import Foundation
import Synchronization

/// Publishes the outbox (the results file) to an MQTT topic, line by line,
/// on a thread of its own, so scanning never waits for the broker.
///
/// One line is in flight at a time: the next is published only after the
/// broker acknowledged the one before (PUBACK), so the topic gets the lines
/// in file order. The cursor moves, durably, only on that acknowledgement;
/// a line published but not acknowledged (the broker went away, the run
/// ended) is published again, by libmosquitto after it reconnects or by the
/// next run. Consumers tell such a repeat by its `result-id`.
///
/// The thread looks for new lines every `pollInterval` and when nudged (a
/// result was posted, a PUBACK came, the run is ending). Everything it has
/// to say is kept as notes for the bus loop to print, so the guidance line
/// is drawn by one thread only.
final class ResultPublisher: @unchecked Sendable {
  static let pollInterval = 0.25
  /// How long to wait before publishing again after libmosquitto refused to
  /// queue a line or the outbox could not be read.
  static let retryDelay = 1.0
  /// How long `finish` waits for the thread to disconnect after the drain.
  static let stopGrace = 5.0

  /// What a finished publisher did.
  struct Outcome: Equatable {
    /// Lines acknowledged in this run.
    var acknowledged: Int
    /// Complete lines left in the outbox for the next run (nil when the
    /// outbox could not be read at the end: not known to be all out).
    var remaining: Int?
  }

  let destination: MQTTDestination
  let outbox: ResultsOutbox
  private let cursor: OutboxCursor
  private var connection: MQTTConnection!
  private let wake = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)

  private struct Shared {
    var position: OutboxPosition
    var acknowledgedIDs: Set<Int32> = []
    var acknowledgedLines = 0
    var notes: [String] = []
    /// Problems noted since the last connection, so a broker that keeps
    /// refusing is reported once, not at every reconnection.
    var problemsNoted: Set<String> = []
    /// The broker accepted the connection and it has not been lost since.
    var connected = false
    var drainRequested = false
    /// Every complete line was acknowledged after the drain was asked for.
    var drained = false
    var stopRequested = false
  }
  private let shared: Mutex<Shared>

  /// Reads the cursor (a damaged one fails the run before it starts) and
  /// prepares the client; `start` begins publishing.
  init(
    destination: MQTTDestination, outboxPath: String, clientID: String,
    credentials: MQTTCredentials?
  ) throws(RunFailure) {
    self.destination = destination
    outbox = ResultsOutbox(path: outboxPath)
    cursor = OutboxCursor(outboxPath: outboxPath)
    let position: OutboxPosition
    do { position = try cursor.read() } catch {
      throw RunFailure(message: "the outbox cursor \(error)")
    }
    shared = Mutex(Shared(position: position))
    connection = try MQTTConnection(
      clientID: clientID, destination: destination, credentials: credentials
    ) { [weak self] event in self?.handle(event) }
  }

  func start() {
    let thread = Thread { [self] in run() }
    thread.name = "docscan-publish"
    thread.start()
  }

  /// A result was written to the outbox: look now rather than at the next poll.
  func nudge() { wake.signal() }

  /// What happened since the last call, for the user.
  func takeNotes() -> [String] {
    shared.withLock { shared in
      defer { shared.notes.removeAll() }
      return shared.notes
    }
  }

  /// Waits up to `seconds` for every complete line to be acknowledged
  /// (showing notes meanwhile), then disconnects.
  func finish(within seconds: Double, showing show: (String) -> Void) -> Outcome {
    shared.withLock { $0.drainRequested = true }
    wake.signal()
    let deadline = DispatchTime.now() + seconds
    while !shared.withLock({ $0.drained }) && DispatchTime.now() < deadline {
      takeNotes().forEach(show)
      usleep(20_000)
    }
    shared.withLock { $0.stopRequested = true }
    wake.signal()
    // A thread stuck in a name lookup is not waited for past the grace.
    _ = finished.wait(timeout: .now() + Self.stopGrace)
    takeNotes().forEach(show)
    let (position, acknowledged) = shared.withLock { ($0.position, $0.acknowledgedLines) }
    let remaining = try? outbox.completeLines(after: position)
    return Outcome(acknowledged: acknowledged, remaining: remaining)
  }

  // MARK: - The publishing thread

  private func run() {
    if let problem = connection.start() {
      note(problem: "cannot reach the broker at \(destination): \(problem); retrying")
    }
    var position = shared.withLock { $0.position }
    var inFlight: (id: Int32, line: OutboxLine)?
    while true {
      let (stop, draining) = shared.withLock { ($0.stopRequested, $0.drainRequested) }
      if stop { break }
      var pause = Self.pollInterval
      if let flight = inFlight {
        if shared.withLock({ $0.acknowledgedIDs.remove(flight.id) != nil }) {
          position = flight.line.end
          save(position)
          inFlight = nil
          continue
        }
      } else if !shared.withLock({ $0.connected }) {
        // Only while connected: libmosquitto resends what was in flight
        // when a connection comes back, but a line handed to it while it
        // is still looking the broker up would wait for the next one.
        if draining && (try? outbox.nextLine(at: position)) == nil {
          shared.withLock { $0.drained = true }
        }
      } else {
        do {
          if let line = try outbox.nextLine(at: position) {
            if line.start != position && position.offset > 0 {
              note(
                "the outbox \(outbox.path) was replaced or cut short: publishing it from its start")
            }
            if line.bytes.isEmpty {
              // A blank line carries no result: step over it for good.
              position = line.end
              shared.withLock { $0.position = position }
              try? cursor.write(position)
              continue
            }
            switch connection.publish(line.bytes) {
            case .success(let id): inFlight = (id, line)
            case .failure(let refusal):
              note(problem: "cannot publish: \(refusal.text); retrying")
              pause = Self.retryDelay
            }
            continue
          } else if draining {
            shared.withLock { $0.drained = true }
          }
        } catch {
          note(problem: "cannot read the outbox \(error)")
          pause = Self.retryDelay
        }
      }
      _ = wake.wait(timeout: .now() + pause)
    }
    connection.stop()
    finished.signal()
  }

  /// Moves the cursor after an acknowledgement; a cursor that cannot be
  /// saved only means the line is published again by the next run.
  private func save(_ position: OutboxPosition) {
    shared.withLock {
      $0.position = position
      $0.acknowledgedLines += 1
    }
    do { try cursor.write(position) } catch {
      note(problem: "cannot save the cursor \(error)")
    }
  }

  // MARK: - The network thread's events

  private func handle(_ event: MQTTConnection.Event) {
    switch event {
    case .connected:
      shared.withLock {
        $0.problemsNoted.removeAll()
        $0.connected = true
      }
      note("connected to \(destination)")
    case .refused(let reason):
      shared.withLock { $0.connected = false }
      note(problem: "the broker at \(destination) refused the connection: \(reason)")
    case .lost:
      shared.withLock { $0.connected = false }
      note(problem: "the connection to \(destination) was lost; reconnecting")
    case .acknowledged(let id):
      shared.withLock { _ = $0.acknowledgedIDs.insert(id) }
    }
    wake.signal()
  }

  private func note(_ text: String) {
    shared.withLock { $0.notes.append("publish: " + text) }
  }

  /// A problem is noted once until the next connection.
  private func note(problem text: String) {
    shared.withLock { shared in
      guard shared.problemsNoted.insert(text).inserted else { return }
      shared.notes.append("publish: " + text)
    }
  }
}
