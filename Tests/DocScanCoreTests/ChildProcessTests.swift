import DocScanTestSupport
import XCTest

/// The tests' runner of child processes: output and status come back, and
/// a child past its timeout is killed instead of holding up the run.
final class ChildProcessTests: XCTestCase {
  func testOutputAndStatusComeBack() throws {
    let output = try ChildProcess.run(["sh", "-c", "echo out; echo err >&2; exit 3"])
    XCTAssertEqual(output.status, 3)
    XCTAssertEqual(output.stdout, "out\n")
    XCTAssertEqual(output.stderr, "err\n")
    XCTAssertFalse(output.timedOut)
  }

  func testAChildPastItsTimeoutIsKilled() throws {
    let output = try ChildProcess.run(["sleep", "20"], timeout: 0.5)
    XCTAssertTrue(output.timedOut)
    XCTAssertNotEqual(output.status, 0)
    XCTAssertLessThan(output.seconds, 10)
  }

  func testATimedOutScriptThatIgnoresSIGTERMGoesWithWhatItStarted() throws {
    // A script that ignores SIGTERM (as a pipeline script turning it into
    // end-of-stream may, blocked in C) and waits on a long child: both are
    // gone soon after the timeout. (The child's duration, unique to this
    // run, finds it again.)
    let marker = "sleep 30.\(Int.random(in: 10_000_000...99_999_999))"
    let output = try ChildProcess.run(
      ["sh", "-c", "trap '' TERM; \(marker) & wait"], timeout: 0.5)
    XCTAssertTrue(output.timedOut)
    XCTAssertLessThan(output.seconds, 5)
    usleep(200_000)
    let left = try ChildProcess.run(["pgrep", "-f", marker])
    XCTAssertEqual(left.status, 1, "still running: \(left.stdout)")
  }
}
