import Foundation
import XCTest

/// The both-sides evaluation (`plugin/sides-eval.sh`) as floors: rendered
/// clips of an ID card's front and back (front first and back first, 720p
/// and 1080p) through the built element in its default mode. A change
/// that returns a wrong MRZ, raises `wrong-side` on a clip that shows each
/// side once, or reads fewer cards fails here.
final class SidesEvaluationTests: XCTestCase {
  struct Row: Decodable {
    var clip: String
    var outcome: String
    var sides: [String]
    var wrongSideFrames: Int

    enum CodingKeys: String, CodingKey {
      case clip, outcome, sides
      case wrongSideFrames = "wrong_side_frames"
    }
  }

  struct Report: Decodable {
    var clips: [Row]
  }

  func testBothSidesAreReadWithoutAWrongResultOrAFalseWrongSide() throws {
    let plugin = try GStreamerRunner.requirePlugin()
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let json = folder.appendingPathComponent("sides.json").path
    let script = GStreamerRunner.packageRoot.appendingPathComponent("plugin/sides-eval.sh").path
    // 4 two-sided clips rendered, then played through the element one
    // after another: 95 s measured.
    let output = try GStreamerRunner.run(
      "/bin/bash",
      [
        script, "--plugin-dir", plugin, "--generate", "--seed", "9898", "--count", "4", "--json",
        json,
      ],
      timeout: 240)
    XCTAssertEqual(output.status, 0, output.stderr)
    let report = try JSONDecoder().decode(
      Report.self, from: Data(contentsOf: URL(fileURLWithPath: json)))
    print(
      "Both-sides evaluation: "
        + report.clips.map { "\($0.clip) \($0.outcome) \($0.sides)" }.joined(separator: "; "))
    XCTAssertEqual(report.clips.count, 4)
    XCTAssertEqual(report.clips.filter { $0.outcome == "wrong" }.map(\.clip), [], "a wrong MRZ")
    XCTAssertEqual(
      report.clips.filter { $0.wrongSideFrames > 0 }.map(\.clip), [],
      "wrong-side on a clip that shows each side once")
    // Measured: the 4 first clips of seed 9898 all exact, each side in the order shown.
    XCTAssertGreaterThanOrEqual(report.clips.filter { $0.outcome == "exact" }.count, 3)
  }
}
