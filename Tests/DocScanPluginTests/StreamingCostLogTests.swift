import Foundation
import XCTest

/// With its TRACE log on, the element gives its own CPU time on the
/// streaming thread for every frame (what `plugin/benchmark.py` checks the
/// streaming-cost target against); below TRACE it does not time at all.
final class StreamingCostLogTests: XCTestCase {
  func costLines(debug: String) throws -> [Int] {
    let pipeline =
      "videotestsrc num-buffers=30 ! video/x-raw,format=I420,width=640,height=360 ! "
      + "docscan analysis=async ! fakesink"
    let output = try GStreamerRunner.run(
      "gst-launch-1.0", ["-q"] + pipeline.split(separator: " ").map(String.init),
      environment: ["GST_DEBUG": debug])
    XCTAssertEqual(output.status, 0, output.stderr)
    let pattern = try NSRegularExpression(pattern: #"streaming thread: (\d+) ns cpu"#)
    return output.stderr.split(separator: "\n").compactMap { line in
      let text = String(line)
      guard
        let match = pattern.firstMatch(
          in: text, range: NSRange(text.startIndex..., in: text)),
        let range = Range(match.range(at: 1), in: text)
      else { return nil }
      return Int(text[range])
    }
  }

  func testTraceGivesEveryFramesStreamingThreadTime() throws {
    let times = try costLines(debug: "docscan:7")
    XCTAssertEqual(times.count, 30)
    XCTAssertTrue(times.allSatisfy { $0 > 0 && $0 < 1_000_000_000 }, "\(times)")
    XCTAssertEqual(try costLines(debug: "docscan:6").count, 0)
  }
}
