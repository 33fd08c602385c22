import DocScanCore
import DocScanTestSupport
import Foundation
import XCTest

/// A live source that stops sending frames for 10 s and then resumes:
/// the session goes on, and `timeout` is counted on the frames' stream
/// time, never on the wall clock.
final class LiveSourceGapTests: XCTestCase {
  /// One stream, three docscan elements fed the same frames at the same
  /// moments: 2 s of empty desk, 10 s without frames, 3 s of a passport
  /// (time for the async element to read it on a busy machine).
  /// The gap is the 10 s, so this child process takes about 16 s
  /// (one run for the three cases keeps it to one gap).
  func testALiveSourceThatStopsFor10SecondsKeepsItsSessionAndTimesOutOnStreamTime() throws {
    _ = try GStreamerRunner.requirePlugin()
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let desk = DeskStills.emptyDesk(in: folder)
    let passport = DeskStills.passport(in: folder)
    let stream = ScriptedStream(
      fps: 10,
      branches: [
        // Frames numbered by the source: the gap is wall time only.
        .init(name: "numbered", element: "docscan analysis=sync timeout=5", clock: .frames),
        // Frames stamped with the clock when captured: the gap is stream
        // time; with a 30 s timeout the session spans it.
        .init(name: "captured", element: "docscan timeout=30", clock: .capture),
        // The same with a 5 s timeout: 10 s of stream time have passed.
        .init(name: "timedout", element: "docscan analysis=sync timeout=5", clock: .capture),
      ],
      steps: [
        .frames(desk, width: 1280, height: 720, format: "I420", count: 20),
        .pause(10),
        .frames(passport, width: 1280, height: 720, format: "I420", count: 30),
      ])
    // The stream stops for 10 s of wall time on purpose: 15-16 s measured.
    let outcome = try stream.run(in: folder, timeout: 40)
    XCTAssertGreaterThanOrEqual(outcome.output.seconds, 14, "the stream stopped for 10 s")
    let second = Double(Nanoseconds.perSecond)

    // 15 s of wall time, under 5 s of stream time: no timeout, the passport read
    // after the gap in the same session.
    let numbered = try outcome.feedback("numbered")
    XCTAssertEqual(numbered.filter { $0.scanningStatus == .timeout }.count, 0)
    XCTAssertEqual(Set(numbered.map(\.session)), [1])
    let numberedResults = try outcome.results("numbered")
    XCTAssertEqual(numberedResults.map(\.session), [1])
    XCTAssertEqual(numberedResults.first?.mrzLines, DocumentFixture.mrz)
    let numberedElapsed = Double(numberedResults.first?.elapsed ?? .max) / second
    XCTAssertTrue((2..<4).contains(numberedElapsed), "elapsed \(numberedElapsed) s")

    // The gap counted as stream time, within the 30 s timeout: one session.
    let captured = try outcome.feedback("captured")
    XCTAssertEqual(captured.filter { $0.scanningStatus == .timeout }.count, 0)
    let capturedResults = try outcome.results("captured")
    XCTAssertEqual(capturedResults.map(\.session), [1])
    XCTAssertEqual(capturedResults.first?.mrzLines, DocumentFixture.mrz)
    let capturedElapsed = Double(capturedResults.first?.elapsed ?? 0) / second
    XCTAssertTrue((12..<16).contains(capturedElapsed), "elapsed \(capturedElapsed) s")

    // 10 s of stream time past a 5 s timeout: session 1 times out at the
    // first frame after the gap, and session 2 reads the passport.
    let timedOut = try outcome.feedback("timedout").filter { $0.scanningStatus == .timeout }
    XCTAssertEqual(timedOut.map(\.session), [1])
    let timeoutAt = Double(timedOut.first?.times.streamTime ?? 0) / second
    XCTAssertTrue((12..<13).contains(timeoutAt), "timed out at \(timeoutAt) s")
    XCTAssertEqual(try outcome.results("timedout").map(\.session), [2])
  }
}
