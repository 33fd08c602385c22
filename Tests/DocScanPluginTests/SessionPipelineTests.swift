import DocScanCore
import Foundation
import XCTest

/// Session rules through real pipelines: repeats, timeout, reset, EOS.
final class SessionPipelineTests: XCTestCase {
  func testUnchangedGuidanceRepeatsEvery500MillisecondsOfStreamTime() throws {
    // 3 s of identical frames at 30 fps.
    let (output, messages) = try GStreamerRunner.launch(
      "videotestsrc num-buffers=90 pattern=white ! video/x-raw,width=320,height=240,framerate=30/1 ! "
        + "docscan analysis=sync ! fakesink")
    XCTAssertEqual(output.status, 0)
    let feedback = try GStreamerRunner.feedback(in: messages)
    let times = feedback.compactMap(\.times.streamTime).map { $0 / Nanoseconds.perMillisecond }
    XCTAssertEqual(times, [0, 500, 1000, 1500, 2000, 2500])
  }

  func testTimeoutEndsTheSessionAndStartsTheNext() throws {
    let (output, messages) = try GStreamerRunner.launch(
      "videotestsrc num-buffers=75 ! video/x-raw,width=320,height=240,framerate=30/1 ! "
        + "docscan analysis=sync timeout=1 ! fakesink")
    XCTAssertEqual(output.status, 0)
    let feedback = try GStreamerRunner.feedback(in: messages)
    let timeouts = feedback.filter { $0.scanningStatus == .timeout }
    XCTAssertEqual(timeouts.map(\.session), [1, 2])
    XCTAssertEqual(
      timeouts.map { $0.times.streamTime! / Nanoseconds.perMillisecond }, [1000, 2000])
    XCTAssertEqual(feedback.last?.session, 3)
  }

  func testResetSignalCancelsAndStartsANewSession() throws {
    try checkInterruptedSession(mode: "reset")
  }

  func testPlayingAgainAfterAPauseStartsANewSession() throws {
    try checkInterruptedSession(mode: "pause")
  }

  /// Session 1 is cancelled once, mid-stream, and session 2 goes on.
  private func checkInterruptedSession(mode: String) throws {
    let script = GStreamerRunner.packageRoot.appendingPathComponent("Tests/Python/reset_signal.py")
    let output = try GStreamerRunner.run("/usr/bin/python3", [script.path, mode])
    XCTAssertEqual(output.status, 0, output.stdout + output.stderr)
    let feedback = try output.stdout.split(separator: "\n").compactMap {
      StructureBridgeParse.feedback(String($0))
    }
    let cancelled = feedback.filter { $0.scanningStatus == .cancelled }
    XCTAssertEqual(cancelled.count, 1)
    XCTAssertEqual(cancelled.first?.session, 1)
    XCTAssertEqual(feedback.first?.session, 1)
    XCTAssertEqual(feedback.last?.session, 2)
    // After the reset the new session's guidance is posted at once.
    let index = try XCTUnwrap(feedback.firstIndex { $0.scanningStatus == .cancelled })
    XCTAssertEqual(feedback[index + 1].session, 2)
  }

  func testLastAnalysisIsPostedBeforeEOSInAsyncMode() throws {
    for _ in 0..<5 {
      let (output, messages) = try GStreamerRunner.launch(
        "videotestsrc num-buffers=1 ! video/x-raw,width=1920,height=1080 ! docscan ! fakesink")
      XCTAssertEqual(output.status, 0)
      XCTAssertEqual(try GStreamerRunner.feedback(in: messages).count, 1)
    }
  }
}

/// Parses a structure string printed by a script into a feedback message.
enum StructureBridgeParse {
  static func feedback(_ line: String) -> FeedbackMessage? {
    guard let structure = GstStructureText.parse(line) else { return nil }
    return try? FeedbackMessage(structure: structure)
  }
}
