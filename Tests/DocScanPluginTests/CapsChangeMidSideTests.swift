import DocScanCore
import DocScanTestSupport
import Foundation
import XCTest

/// New caps (format and size) in the middle of a side: the session goes
/// on. It is the same person at the same desk; the camera only changed
/// mode, so what was read and captured is kept, the outline is given in
/// the new frame's pixels, and the result comes once, in the same session.
final class CapsChangeMidSideTests: XCTestCase {
  func testCapsChangeWhileThePassportIsReadKeepsTheSession() throws {
    let outcome = try runWithResultsFile { folder in
      let passport = DeskStills.passport(in: folder)
      return [
        .frames(passport, width: 1280, height: 720, format: "I420", count: 2),
        .frames(passport, width: 960, height: 540, format: "NV12", count: 40),
      ]
    }
    let results = try outcome.stream.results("a")
    XCTAssertEqual(results.map(\.session), [1])
    XCTAssertEqual(results.first?.mrzLines, DocumentFixture.mrz)
    XCTAssertEqual(try outcome.stream.sides("a").map(\.side), [.front])
    try checkOneSession(outcome, lastSize: (960, 540))
  }

  func testCapsChangeWhileATD1CardsBackIsReadKeepsTheCapturedFront() throws {
    let outcome = try runWithResultsFile { folder in
      let front = DeskStills.cardFront(in: folder)
      let back = DeskStills.cardBack(in: folder)
      return [
        .frames(front, width: 1280, height: 720, format: "I420", count: 15),
        .frames(back, width: 1280, height: 720, format: "I420", count: 2),
        .frames(back, width: 1600, height: 900, format: "YUY2", count: 10),
        .frames(back, width: 1280, height: 720, format: "RGB", count: 30),
      ]
    }
    let results = try outcome.stream.results("a")
    XCTAssertEqual(results.map(\.session), [1])
    XCTAssertEqual(results.first?.mrzLines, DocumentFixture.td1Mrz)
    XCTAssertEqual(try outcome.stream.sides("a").map(\.side), [.front, .back])
    try checkOneSession(outcome, lastSize: nil)
  }

  struct Outcome {
    var stream: ScriptedStream.Outcome
    var lines: [String]
  }

  private func runWithResultsFile(_ steps: (URL) -> [ScriptedStream.Step]) throws -> Outcome {
    _ = try GStreamerRunner.requirePlugin()
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let results = folder.appendingPathComponent("results.jsonl").path
    let stream = ScriptedStream(
      fps: 30,
      branches: [
        .init(
          name: "a", element: "docscan analysis=sync results-location=\(results)", clock: .frames)
      ], steps: steps(folder))
    let outcome = try stream.run(in: folder)
    let lines = try String(contentsOfFile: results, encoding: .utf8).split(separator: "\n")
    return Outcome(stream: outcome, lines: lines.map(String.init))
  }

  /// One session from start to result, its result written once, and the
  /// last outline inside the frame size after the last change (`lastSize`).
  /// (An outline of the old size shown after a change has its own test,
  /// `SessionFrameSizeChangeTests`.)
  private func checkOneSession(_ outcome: Outcome, lastSize: (Int, Int)?) throws {
    let feedback = try outcome.stream.feedback("a")
    XCTAssertEqual(Set(feedback.map(\.session)), [1])
    XCTAssertFalse(feedback.contains { [.cancelled, .timeout].contains($0.scanningStatus) })
    XCTAssertEqual(feedback.last?.scanningStatus, .documentScanned)
    XCTAssertEqual(outcome.lines.count, 1)
    let resultID = try outcome.stream.results("a").first?.resultID
    XCTAssertTrue(outcome.lines.first?.contains(resultID ?? "-") == true)
    guard let (width, height) = lastSize else { return }
    let last = try XCTUnwrap(feedback.last?.quad, "the scanned document's outline")
    for (index, value) in last.enumerated() {
      XCTAssertLessThanOrEqual(value, Double(index % 2 == 0 ? width : height), "\(last)")
    }
  }
}
