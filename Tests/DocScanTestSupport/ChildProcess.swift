import Foundation

/// A command the tests run to its end, under a timeout: 30 s unless the
/// caller passes more and says why beside the call. A hang is killed with
/// everything it started (its process group), so the run goes on, and a
/// child slower than 15 s is noted on stderr with its time and command, to
/// set the timeouts from.
public enum ChildProcess {
  public struct Output: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    public var seconds: Double
    /// It still ran at its timeout and was killed.
    public var timedOut: Bool
  }

  /// The timeout of a child whose caller gives none.
  public static let defaultTimeout: Double = 30
  /// A child that takes longer is noted on stderr.
  public static let noteAfter: Double = 15

  /// Runs `command` (found on PATH, through /usr/bin/env) with `environment`
  /// (the whole environment: nil keeps this process's) and no input.
  /// Output goes to files, so a chatty child can never block on a full
  /// pipe.
  public static func run(
    _ command: [String], environment: [String: String]? = nil,
    timeout: Double = defaultTimeout
  ) throws -> Output {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("docscan-child-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outURL = folder.appendingPathComponent("stdout")
    let errURL = folder.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let process = Process()
    // Foundation starts the child as the leader of a process group of its
    // own (POSIX_SPAWN_SETPGROUP), so its pid names that group.
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = command
    if let environment { process.environment = environment }
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    process.standardInput = FileHandle.nullDevice
    let start = Date()
    try process.run()
    let deadline = start.addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(5_000) }
    let timedOut = process.isRunning
    if timedOut { stopGroup(of: process) }
    process.waitUntilExit()
    let seconds = Date().timeIntervalSince(start)
    if seconds > noteAfter {
      let line =
        String(format: "child process took %.1f s (timeout %.0f s): ", seconds, timeout)
        + command.joined(separator: " ") + "\n"
      FileHandle.standardError.write(Data(line.utf8))
    }
    return Output(
      status: process.terminationStatus,
      stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "",
      seconds: seconds, timedOut: timedOut)
  }

  /// Ends `process` and whatever it started: SIGTERM to its process group,
  /// SIGKILL after a second for what is still there. (Foundation made it
  /// the leader of a group of its own when it started it.)
  public static func stopGroup(of process: Process) {
    let group = -process.processIdentifier
    kill(group, SIGTERM)
    let grace = Date().addingTimeInterval(1)
    while process.isRunning && Date() < grace { usleep(5_000) }
    kill(group, SIGKILL)
  }
}
