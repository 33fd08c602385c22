import DocScanTestSupport
import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// A process that keeps running while the test goes on (an RTSP server, a
/// live pipeline script). Its output goes to files that the test reads as
/// they grow, so a chatty process never blocks on a full pipe; it is
/// stopped with everything it started (its process group: a script's
/// `gst-launch-1.0`, a server's children) when the test lets go of it.
final class BackgroundProcess {
  private let process = Process()
  private let stdoutURL: URL
  private let stderrURL: URL

  /// Starts `executable` with the plugin on GST_PLUGIN_PATH, like
  /// `GStreamerRunner.run`; output files are NAME.stdout and NAME.stderr in
  /// `folder`.
  init(
    _ executable: String, _ arguments: [String], environment extra: [String: String] = [:],
    folder: URL, name: String
  ) throws {
    let plugin = try GStreamerRunner.requirePlugin()
    stdoutURL = folder.appendingPathComponent("\(name).stdout")
    stderrURL = folder.appendingPathComponent("\(name).stderr")
    FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
    FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["GST_PLUGIN_PATH"] = plugin
    environment["GST_DEBUG_NO_COLOR"] = "1"
    for (key, value) in extra { environment[key] = value }
    process.environment = environment
    process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
    process.standardError = try FileHandle(forWritingTo: stderrURL)
    process.standardInput = FileHandle.nullDevice
    try process.run()
  }

  deinit { stop() }

  var stdout: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }
  var stderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }
  var isRunning: Bool { process.isRunning }

  /// Polls until `condition` holds; false when `timeout` seconds pass
  /// first, or the process ends without it.
  func wait(upTo timeout: Double, for condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if condition() { return true }
      if !process.isRunning { return condition() }
      usleep(50_000)
    }
    return condition()
  }

  func send(_ signal: Int32) {
    if process.isRunning { kill(process.processIdentifier, signal) }
  }

  /// The exit status, or nil when it still runs after `timeout` seconds.
  func exitStatus(within timeout: Double) -> Int32? {
    guard wait(upTo: timeout, for: { !process.isRunning }) else { return nil }
    process.waitUntilExit()
    return process.terminationStatus
  }

  func stop() {
    guard process.processIdentifier != 0 else { return }
    ChildProcess.stopGroup(of: process)
    process.waitUntilExit()
  }
}
