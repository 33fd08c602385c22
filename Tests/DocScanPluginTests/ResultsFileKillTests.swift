import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// The results file after `kill -9` in the middle of a run: each result's
/// JSON line is written whole in one write and fsync'd before its message
/// is posted, so the file holds only whole lines, however the process ends.
final class ResultsFileKillTests: XCTestCase {
  func testAPipelineKilledMidRunLeavesOnlyWholeLines() throws {
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let results = folder.appendingPathComponent("results.jsonl").path
    let clip = GStreamerRunner.packageRoot.path + "/pipelines/media/demo.mp4"
    // The demo passport three times over, played in real time; with
    // auto-reset each pass gives its results, and the kill comes while the
    // element is still reading.
    let pass = "filesrc location=\(clip) ! qtdemux ! h264parse ! avdec_h264 ! c. "
    let pipeline =
      "concat name=c ! videoconvert ! docscan mode=mrz auto-reset=1 "
      + "results-location=\(results) ! fakesink sync=true "
      + String(repeating: pass, count: 3)
    let process = try BackgroundProcess(
      "/usr/bin/gst-launch-1.0", ["-q"] + pipeline.split(separator: " ").map(String.init),
      folder: folder, name: "pipeline")
    func lines() -> [Substring] {
      ((try? String(contentsOfFile: results, encoding: .utf8)) ?? "")
        .split(separator: "\n", omittingEmptySubsequences: false)
    }
    let twoResults = process.wait(upTo: 30) { lines().count >= 3 }
    XCTAssertTrue(twoResults, "two results before the kill: " + process.stderr)
    XCTAssertTrue(process.isRunning, "still running when killed")
    process.send(SIGKILL)
    XCTAssertEqual(process.exitStatus(within: 10), SIGKILL)

    let written = lines()
    XCTAssertEqual(written.last, "", "the file ends with a whole line")
    XCTAssertGreaterThanOrEqual(written.count - 1, 2)
    for line in written.dropLast() {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      XCTAssertNotNil(object?["result-id"] as? String, String(line))
      XCTAssertEqual(object?["mrz-valid"] as? Bool, true, String(line))
    }
  }
}
