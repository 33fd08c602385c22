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
}
