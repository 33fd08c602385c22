import Dispatch
import DocScanCore
import Glibc
import Synchronization

/// Carries frames from the streaming thread to the session actor.
///
/// At most one analysis is in flight: the streaming thread claims the worker
/// before it copies a frame, and a frame that finds it busy passes through
/// un-analysed (`analysis=async`). In `analysis=sync` the streaming thread
/// waits for its frame's analysis before the frame is pushed.
final class AnalysisWorker: Sendable {
  struct Job: Sendable {
    /// The frame held on the streaming thread, copied out here.
    var frame: HeldFrame
    /// Copies and scales it.
    var source: FrameCopier
    var times: StreamTimes
    var settings: SessionSettings
    /// Whether the overlay is drawn; when not, it is not painted either.
    var annotate: Bool
    /// Signalled when the analysis is done and delivered (sync mode).
    var done: DispatchSemaphore?
  }

  private enum Request: Sendable {
    case analyze(Job)
    case reset
    case resume
  }

  private let continuation: AsyncStream<Request>.Continuation
  private let task: Task<Void, Never>
  private let busy = BusyFlag()

  /// `deliver` runs on `thread` (the session's) with what the session
  /// produced and whether annotation is on.
  init(
    session: ScanSession, thread: AnalysisThread,
    deliver: @escaping @Sendable (SessionOutput, Bool) -> Void
  ) {
    // Unbounded is safe: analysis requests are gated by `busy`, so the
    // queue holds at most one of them plus the occasional reset.
    let (stream, continuation) = AsyncStream<Request>.makeStream(bufferingPolicy: .unbounded)
    let busy = self.busy
    self.continuation = continuation
    // The loop runs on the analysis thread too: everything that follows a
    // frame stays below the streaming thread's priority.
    self.task = Task(executorPreference: thread) {
      for await request in stream {
        switch request {
        case .analyze(let job):
          if job.source.load(job.frame), let luma = job.source.makeLuma() {
            let frame = AnalysisFrame(
              luma: luma, chroma: job.source.makeChroma(), sourceWidth: job.source.sourceWidth,
              sourceHeight: job.source.sourceHeight, times: job.times,
              makingSourceLuma: { [source = job.source] in source.makeSourceLuma() },
              makingSourceChroma: { [source = job.source] in source.makeSourceChroma() })
            deliver(await session.analyze(frame, settings: job.settings), job.annotate)
          }
          busy.clear()
          job.done?.signal()
        case .reset:
          deliver(await session.reset(), true)
        case .resume:
          deliver(await session.resume(), true)
        }
      }
    }
  }

  /// Claims the worker for one frame; false when an analysis is in flight.
  func tryClaim() -> Bool {
    busy.claim()
  }

  /// Hands a claimed frame to the session. Returns at once.
  func submit(_ job: Job) {
    continuation.yield(.analyze(job))
  }

  /// Gives back a claim that was not used (the frame could not be copied).
  func release() { busy.clear() }

  var isBusy: Bool { busy.isSet }

  func reset() { continuation.yield(.reset) }
  func resume() { continuation.yield(.resume) }

  /// Waits, at most `timeoutMilliseconds`, for the analysis in flight.
  func waitUntilIdle(timeoutMilliseconds: Int) {
    waitWhile({ self.isBusy }, atMost: .milliseconds(timeoutMilliseconds))
  }

  /// Ends the worker. The analysis in flight is waited for, at most
  /// `timeoutMilliseconds`: its messages are posted while the element is
  /// still there to post them, and its session (with the readers, about 5
  /// MB) is freed now rather than whenever the analysis thread, which runs
  /// at a low priority, gets to it on a busy CPU (otherwise every stopped
  /// element's memory waits in that thread's queue). Requests queued
  /// behind it are dropped.
  func stop(timeoutMilliseconds: Int) {
    continuation.finish()
    waitUntilIdle(timeoutMilliseconds: timeoutMilliseconds)
    task.cancel()
  }
}

/// Whether an analysis is in flight, shared by the streaming thread and the worker task.
private final class BusyFlag: Sendable {
  private let value = Atomic<Bool>(false)

  func claim() -> Bool {
    value.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
      .exchanged
  }
  func clear() { value.store(false, ordering: .releasing) }
  var isSet: Bool { value.load(ordering: .acquiring) }
}
