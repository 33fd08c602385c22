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

  /// Clips `first` to `first + count - 1` of `seed` through
  /// `plugin/sides-eval.sh`, two at a time.
  func evaluate(seed: Int, first: Int = 0, count: Int, timeout: Double) throws -> Report {
    let plugin = try GStreamerRunner.requirePlugin()
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let json = folder.appendingPathComponent("sides.json").path
    let script = GStreamerRunner.packageRoot.appendingPathComponent("plugin/sides-eval.sh").path
    let output = try GStreamerRunner.run(
      "/bin/bash",
      [
        script, "--plugin-dir", plugin, "--generate", "--seed", String(seed), "--count",
        String(count), "--first", String(first), "--jobs", "2", "--json", json,
      ],
      timeout: timeout)
    XCTAssertEqual(output.status, 0, output.stderr)
    let report = try JSONDecoder().decode(
      Report.self, from: Data(contentsOf: URL(fileURLWithPath: json)))
    print(
      "Both-sides evaluation, seed \(seed): "
        + report.clips.map { "\($0.clip) \($0.outcome) \($0.sides)" }.joined(separator: "; "))
    return report
  }

  func testBothSidesAreReadWithoutAWrongResultOrAFalseWrongSide() throws {
    // 4 two-sided clips rendered, then played through the element one
    // after another: 95 s measured.
    let report = try evaluate(seed: 9898, count: 4, timeout: 240)
    XCTAssertEqual(report.clips.count, 4)
    XCTAssertEqual(report.clips.filter { $0.outcome == "wrong" }.map(\.clip), [], "a wrong MRZ")
    XCTAssertEqual(
      report.clips.filter { $0.wrongSideFrames > 0 }.map(\.clip), [],
      "wrong-side on a clip that shows each side once")
    // Measured: the 4 first clips of seed 9898 all exact, each side in the order shown.
    XCTAssertGreaterThanOrEqual(report.clips.filter { $0.outcome == "exact" }.count, 3)
  }

  /// A pale grey card's front on a white desk (seed 7474, clip 0, 720p):
  /// no edge, bright region or region unlike the desk outlines it, only
  /// its photo; its underprint's texture does (`DetectionByTextureTests`).
  /// Measured: exact, the front counted at 0.13 s; without the texture
  /// outline no result, the front never counted.
  func testAPaleCardsFrontOnAWhiteDeskIsFoundByItsTexture() throws {
    let report = try evaluate(seed: 7474, count: 1, timeout: 120)
    XCTAssertEqual(report.clips.map(\.outcome), ["exact"])
    XCTAssertEqual(report.clips.first?.sides, ["front", "back"])
  }

  /// A card shown back first on light wood (seed 1132, clip 2, 720p), its
  /// front then lying 3-19 px from the frame's top for the rest of the
  /// clip: `document-too-close-to-edge`, wholly in view. The guidance asks
  /// for it to be moved in, but the front is captured where it lies.
  /// Measured: exact, back then front; without near-edge frames passing
  /// the gate no result, the front never captured.
  func testAFrontLeftNearTheFramesEdgeIsCaptured() throws {
    let report = try evaluate(seed: 1132, first: 2, count: 1, timeout: 120)
    XCTAssertEqual(report.clips.map(\.outcome), ["exact"])
    XCTAssertEqual(report.clips.first?.sides, ["back", "front"])
    XCTAssertEqual(report.clips.first?.wrongSideFrames, 0)
  }

  /// A grey card's front 20 px from the top of a white desk (seed 1137,
  /// clip 2, 720p), which the detector loses between 0.8 and 2.9 s as it
  /// lies where it was captured: it has not left the view, and found
  /// again it is no wrong side (`FlipWatch`). Measured: exact, front then
  /// back, no `wrong-side`; before the picture's change was asked for, 3
  /// feedback messages with `wrong-side`.
  func testAFrontTheDetectorLosesOnAWhiteDeskIsNoWrongSide() throws {
    let report = try evaluate(seed: 1137, first: 2, count: 1, timeout: 120)
    XCTAssertEqual(report.clips.first?.wrongSideFrames, 0)
    XCTAssertEqual(report.clips.map(\.outcome), ["exact"])
    XCTAssertEqual(report.clips.first?.sides, ["front", "back"])
  }
}
