import Dispatch
import DocScanCore
import XCTest

/// Each running element analyses on a thread of its own, reused after it stops.
final class AnalysisThreadTests: XCTestCase {
  func testRunningElementsGetThreadsOfTheirOwnAndStoppedOnesGiveThemBack() {
    let first = AnalysisThread.lease()
    let second = AnalysisThread.lease()
    XCTAssertFalse(first === second, "two running elements share no thread")
    second.giveBack()
    let third = AnalysisThread.lease()
    XCTAssertTrue(third === second, "a stopped element's thread is reused")
    first.giveBack()
    third.giveBack()
  }

  func testTwoSessionsOnTheirOwnThreadsAnalyseAtOnce() async {
    // Each thread runs a job that waits for the other's: on one shared
    // thread the second job could never start and this would hang.
    let threads = [AnalysisThread.lease(), AnalysisThread.lease()]
    defer { threads.forEach { $0.giveBack() } }
    let started = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
    await withTaskGroup(of: Bool.self) { group in
      for index in 0..<2 {
        group.addTask(executorPreference: threads[index]) {
          started[index].signal()
          return started[1 - index].wait(timeout: .now() + 5) == .success
        }
      }
      for await metOther in group { XCTAssertTrue(metOther) }
    }
  }

  func testAThreadKnowsWhenItsOwnJobAsks() async {
    // What a stop made from the analysis thread relies on: it must not
    // wait for its own analysis.
    let thread = AnalysisThread.lease()
    defer { thread.giveBack() }
    XCTAssertFalse(thread.isCurrent, "the test's own thread")
    let insideJob = await Task(executorPreference: thread) { thread.isCurrent }.value
    XCTAssertTrue(insideJob)
    let other = AnalysisThread.lease()
    defer { other.giveBack() }
    let onAnother = await Task(executorPreference: other) { thread.isCurrent }.value
    XCTAssertFalse(onAnother, "another analysis thread")
  }
}
