import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A serial executor with one thread of its own, at a lower CPU priority
/// than the video's threads.
///
/// A session actor runs here: its analysis can take tens of milliseconds
/// per frame, and on a small machine it must never take the CPU from the
/// thread that pushes video. Each running element has a thread of its own
/// (`lease()`), so N desks in one process use up to N cores. A thread lives
/// as long as the process (a GStreamer plugin is never unloaded): a stopped
/// element gives its thread back for the next one to start, and jobs
/// enqueued late, after an element stopped, still run and nothing is left
/// waiting.
public final class AnalysisThread: SerialExecutor, TaskExecutor, @unchecked Sendable {
  /// For sessions made without a thread of their own (tests).
  public static let shared = AnalysisThread(niceness: niceness)

  /// Added to an analysis thread's scheduling niceness.
  static let niceness: Int32 = 10

  /// Threads given back by stopped elements, ready for the next to start.
  private static let idle = Mutex<[AnalysisThread]>([])

  /// A thread for one running element: an idle one, or a new one.
  public static func lease() -> AnalysisThread {
    idle.withLock { $0.popLast() } ?? AnalysisThread(niceness: niceness)
  }

  /// Gives a leased thread back when its element stops.
  public func giveBack() {
    Self.idle.withLock { $0.append(self) }
  }

  /// The thread's pthread handle, set when it starts running jobs.
  private let runner = Atomic<UInt>(0)
  private let queueLock = DispatchSemaphore(value: 1)
  private let available = DispatchSemaphore(value: 0)
  private var jobs: [UnownedJob] = []
  private var head = 0

  /// `niceness` is added to the thread's scheduling niceness (Linux: per thread).
  public init(niceness: Int32) {
    let context = Unmanaged.passRetained(StartContext(executor: self, niceness: niceness))
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
      { raw in
        let context = Unmanaged<StartContext>.fromOpaque(raw!).takeRetainedValue()
        // Under NPTL the nice value belongs to the calling thread alone.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, context.niceness)
        context.executor.run()
      }, context.toOpaque())
    precondition(created == 0, "cannot start the analysis thread")
    pthread_detach(thread)
  }

  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queueLock.wait()
    jobs.append(job)
    queueLock.signal()
    available.signal()
  }

  public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  /// As a task executor it also runs the work around the session (painting
  /// the overlay, posting messages) at the same low priority.
  public func asUnownedTaskExecutor() -> UnownedTaskExecutor {
    UnownedTaskExecutor(ordinary: self)
  }

  /// Whether the caller runs on this thread: in a job, or in what a job
  /// calls (an application's synchronous bus handler for a message posted
  /// here).
  public var isCurrent: Bool {
    pthread_equal(pthread_self(), pthread_t(runner.load(ordering: .acquiring))) != 0
  }

  private func run() -> Never {
    runner.store(UInt(pthread_self()), ordering: .releasing)
    while true {
      available.wait()
      queueLock.wait()
      let job = jobs[head]
      head += 1
      if head > 64 && head * 2 > jobs.count {
        jobs.removeFirst(head)
        head = 0
      }
      queueLock.signal()
      job.runSynchronously(
        isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
    }
  }

  private final class StartContext {
    let executor: AnalysisThread
    let niceness: Int32

    init(executor: AnalysisThread, niceness: Int32) {
      self.executor = executor
      self.niceness = niceness
    }
  }
}
