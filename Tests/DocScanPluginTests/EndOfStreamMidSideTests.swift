import DocScanCore
import DocScanTestSupport
import Foundation
import XCTest

/// EOS in the middle of a side: the stream ends cleanly, what was
/// captured before it is posted, and a result is neither lost nor invented.
///
/// Each case first runs the whole stream (analysis=sync, deterministic) to
/// learn at which frame the result comes, then cuts the stream one frame
/// short of it (no result may appear), then cuts it at that frame with the
/// last frame's analysis still in flight when EOS arrives: the first frames
/// in sync, the last in async (EOS waits for it), so its result must reach
/// the bus before EOS and the results file.
final class EndOfStreamMidSideTests: XCTestCase {
  func testEOSWhileThePassportIsReadLosesAndInventsNothing() throws {
    try checkEOSAcrossTheResultFrame(sides: [.front], mrz: DocumentFixture.mrz) {
      [(DeskStills.passport(in: $0), 12)]
    }
  }

  func testEOSWhileATD1CardsBackIsReadKeepsTheFrontAndInventsNoResult() throws {
    try checkEOSAcrossTheResultFrame(sides: [.front, .back], mrz: DocumentFixture.td1Mrz) {
      [(DeskStills.cardFront(in: $0), 15), (DeskStills.cardBack(in: $0), 15)]
    }
  }

  /// `stills(folder)`: each still image and how many frames of it.
  private func checkEOSAcrossTheResultFrame(
    sides expectedSides: [Side], mrz: [String], stills: (URL) -> [(String, Int)]
  ) throws {
    _ = try GStreamerRunner.requirePlugin()
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenes = stills(folder)
    func frames(_ total: Int) -> [ScriptedStream.Step] {
      var left = total
      return scenes.compactMap { path, count in
        defer { left -= min(left, count) }
        return left == 0
          ? nil : .frames(path, width: 1280, height: 720, format: "I420", count: min(left, count))
      }
    }
    func run(_ steps: [ScriptedStream.Step], _ name: String) throws -> (
      ScriptedStream.Outcome, [String]
    ) {
      let results = folder.appendingPathComponent(name + ".jsonl").path
      let stream = ScriptedStream(
        fps: 30,
        branches: [
          .init(
            name: "a", element: "docscan analysis=sync results-location=\(results)",
            clock: .frames)
        ], steps: steps)
      let outcome = try stream.run(in: folder)
      let lines = ((try? String(contentsOfFile: results, encoding: .utf8)) ?? "")
        .split(separator: "\n").map(String.init)
      return (outcome, lines)
    }

    let (whole, _) = try run(frames(scenes.map(\.1).reduce(0, +)), "whole")
    let resultFrame = Int(try XCTUnwrap(try whole.results("a").first).framesAnalyzed)
    XCTAssertGreaterThanOrEqual(resultFrame, 3, "the side takes several frames")
    print("result at frame \(resultFrame)")

    // One frame short: the side is still being read at EOS.
    let (short, shortLines) = try run(frames(resultFrame - 1), "short")
    XCTAssertEqual(try short.results("a").count, 0, "no result is invented")
    XCTAssertEqual(shortLines, [], "no line is written")
    XCTAssertEqual(try short.sides("a").map(\.side), Array(expectedSides.dropLast()))
    let last = try XCTUnwrap(try short.feedback("a").last)
    XCTAssertEqual(last.side, expectedSides.last)
    XCTAssertEqual(last.scanningStatus, .sideInProgress)

    // The result's frame in flight at EOS: posted before EOS and written.
    let (cut, cutLines) = try run(
      frames(resultFrame - 1) + [.waitUntilPassed, .set(["analysis": "async"])]
        + Array(frames(resultFrame).suffix(1)).map(lastFrame), "cut")
    XCTAssertEqual(try cut.sides("a").map(\.side), expectedSides)
    let results = try cut.results("a")
    XCTAssertEqual(results.map(\.mrzLines), [mrz], "the result reached before EOS is posted")
    XCTAssertEqual(results.first?.framesAnalyzed, UInt32(resultFrame))
    XCTAssertEqual(cutLines.count, 1)
    let object = try cutLines.first.map {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    XCTAssertEqual(object??["result-id"] as? String, results.first?.resultID)
  }

  /// The last `.frames` step, cut to its last frame.
  private func lastFrame(_ step: ScriptedStream.Step) -> ScriptedStream.Step {
    guard case .frames(let path, let width, let height, let format, _) = step else { return step }
    return .frames(path, width: width, height: height, format: format, count: 1)
  }
}
