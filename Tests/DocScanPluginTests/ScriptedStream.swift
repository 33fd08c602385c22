import DocScanCore
import DocScanTestSupport
import Foundation
import XCTest

/// A live stream made of still images, pushed through docscan from appsrc
/// by `Tests/Python/scripted_stream.py`: frames, pauses in wall time, caps
/// changes and property changes at given moments, then EOS.
struct ScriptedStream {
  /// How a branch timestamps its frames (see the script).
  enum Clock: String {
    /// By frame count: a pause adds no stream time.
    case frames
    /// The pipeline clock when the frame is pushed: a pause is stream time.
    case capture
  }

  struct Branch {
    var name: String
    /// `docscan` and its properties.
    var element: String
    var clock: Clock
  }

  enum Step {
    /// `count` frames of the PNG at `path`, converted to this format and size.
    case frames(String, width: Int, height: Int, format: String, count: Int)
    /// No frames for this many seconds of wall time.
    case pause(Double)
    /// Until every frame pushed so far has left docscan.
    case waitUntilPassed
    /// docscan's properties, set while playing.
    case set([String: String])
  }

  /// What the script printed.
  struct Outcome {
    var output: GStreamerRunner.Output
    /// Each branch's docscan messages, in bus order, up to EOS.
    var messages: [String: [MessageStructure]]
    var reachedEOS: Bool
    /// Messages posted after EOS, as text.
    var afterEOS: [String]

    func feedback(_ branch: String) throws -> [FeedbackMessage] {
      try GStreamerRunner.feedback(in: messages[branch] ?? [])
    }

    func results(_ branch: String) throws -> [ResultMessage] {
      try (messages[branch] ?? []).filter { $0.name == ResultMessage.structureName }
        .map(ResultMessage.init)
    }

    func sides(_ branch: String) throws -> [SideMessage] {
      try (messages[branch] ?? []).filter { $0.name == SideMessage.structureName }
        .map(SideMessage.init)
    }
  }

  var fps: Int
  var branches: [Branch]
  var steps: [Step]

  /// Runs the stream; `folder` holds the plan. Fails the test when the
  /// script failed or the stream did not end cleanly.
  func run(in folder: URL, timeout: Double = ChildProcess.defaultTimeout) throws -> Outcome {
    let plan: [String: Any] = [
      "fps": fps,
      "branches": branches.map {
        ["name": $0.name, "element": $0.element, "clock": $0.clock.rawValue]
      },
      "steps": steps.map(Self.planStep),
    ]
    let planFile = folder.appendingPathComponent("plan-\(UUID().uuidString).json")
    try JSONSerialization.data(withJSONObject: plan).write(to: planFile)
    let script = GStreamerRunner.packageRoot.appendingPathComponent(
      "Tests/Python/scripted_stream.py")
    let output = try GStreamerRunner.run(
      "/usr/bin/python3", [script.path, planFile.path], timeout: timeout)
    XCTAssertEqual(output.status, 0, String(output.stdout.suffix(800)) + output.stderr)
    var outcome = Outcome(output: output, messages: [:], reachedEOS: false, afterEOS: [])
    for line in output.stdout.split(separator: "\n").map(String.init) {
      if line == "eos" {
        outcome.reachedEOS = true
      } else if line.hasPrefix("after-eos\t") {
        outcome.afterEOS.append(line)
      } else if let tab = line.firstIndex(of: "\t"),
        let structure = GstStructureText.parse(String(line[line.index(after: tab)...]))
      {
        outcome.messages[String(line[..<tab]), default: []].append(structure)
      }
    }
    XCTAssertTrue(outcome.reachedEOS, "the bus got EOS: " + output.stdout.suffix(800))
    XCTAssertEqual(outcome.afterEOS, [], "nothing is posted after EOS")
    XCTAssertFalse(output.stderr.contains("CRITICAL"), output.stderr)
    return outcome
  }

  private static func planStep(_ step: Step) -> [String: Any] {
    switch step {
    case .frames(let path, let width, let height, let format, let count):
      ["image": path, "width": width, "height": height, "format": format, "frames": count]
    case .pause(let seconds): ["pause": seconds]
    case .waitUntilPassed: ["wait-until-passed": true]
    case .set(let properties): ["set": properties]
    }
  }
}
