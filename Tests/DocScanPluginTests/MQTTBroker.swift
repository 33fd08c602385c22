import DocScanTestSupport
import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// A real mosquitto broker on 127.0.0.1, on a port that was free, with a
/// configuration file of its own in the test's folder; and a real
/// `mosquitto_sub` reading a topic from it. The broker can be started
/// after the client that publishes to it. Every process is stopped when the
/// test lets go of it.
final class MQTTBroker {
  let port: Int
  private let folder: URL
  private let configuration: URL
  private var process: BackgroundProcess?
  private var starts = 0

  /// `passwordFile`: anonymous clients are refused and these logins
  /// accepted (`mosquitto_passwd`).
  init(folder: URL, passwordFile: String? = nil) throws {
    self.folder = folder
    port = try Self.freePort()
    var lines = ["listener \(port) 127.0.0.1", "log_dest stderr"]
    if let passwordFile {
      lines += ["allow_anonymous false", "password_file \(passwordFile)"]
    } else {
      lines.append("allow_anonymous true")
    }
    lines.append("persistence false")
    configuration = folder.appendingPathComponent("mosquitto-\(port).conf")
    try (lines.joined(separator: "\n") + "\n").write(
      to: configuration, atomically: true, encoding: .utf8)
  }

  deinit { process?.stop() }

  /// A broker or subscriber that could not be started (fails the test).
  struct Problem: Error {
    var text: String
  }

  /// Starts the broker and waits (up to 10 s) until it accepts connections.
  func start() throws {
    starts += 1
    process = try BackgroundProcess(
      "/usr/sbin/mosquitto", ["-c", configuration.path], folder: folder,
      name: "mosquitto-\(starts)")
    let deadline = Date().addingTimeInterval(10)
    while !Self.accepts(port) {
      guard Date() < deadline, process?.isRunning == true else {
        throw Problem(text: "mosquitto did not start: \(process?.stderr ?? "")")
      }
      usleep(20_000)
    }
  }

  /// Stops it with SIGTERM.
  func stop() {
    process?.send(SIGTERM)
    _ = process?.exitStatus(within: 5)
    process?.stop()
    process = nil
  }

  /// `mosquitto_sub -q 1 -v` on `topic`, ready when this returns (a probe
  /// message on a topic of its own came through). `login` is user and
  /// password.
  func subscribe(to topic: String, login: (String, String)? = nil) throws -> MQTTSubscriber {
    let probeTopic = "probe/\(UUID().uuidString)"
    var arguments = [
      "-h", "127.0.0.1", "-p", String(port), "-q", "1", "-v", "-t", topic, "-t", probeTopic,
    ]
    var loginArguments: [String] = []
    if let (user, password) = login { loginArguments = ["-u", user, "-P", password] }
    arguments += loginArguments
    let process = try BackgroundProcess(
      "/usr/bin/mosquitto_sub", arguments, folder: folder, name: "sub-\(UUID().uuidString)")
    let subscriber = MQTTSubscriber(process: process, topic: topic)
    let ready = process.wait(upTo: 10) {
      _ = try? ChildProcess.run(
        [
          "mosquitto_pub", "-h", "127.0.0.1", "-p", String(port), "-q", "1", "-t", probeTopic, "-m",
          "probe",
        ] + loginArguments, timeout: 5)
      return process.stdout.contains("\(probeTopic) probe")
    }
    guard ready else { throw Problem(text: "mosquitto_sub did not subscribe: \(process.stderr)") }
    return subscriber
  }

  /// A port on 127.0.0.1 nobody listens on now.
  static func freePort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw Problem(text: "no socket") }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard bound else { throw Problem(text: "no free port") }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  private static func accepts(_ port: Int) -> Bool {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
  }
}

/// What a running `mosquitto_sub -v` received on its topic, in order.
struct MQTTSubscriber {
  let process: BackgroundProcess
  let topic: String

  /// The payloads received on the topic (`-v` prints `TOPIC PAYLOAD`).
  var payloads: [String] {
    process.stdout.split(separator: "\n").compactMap { line in
      line.hasPrefix(topic + " ") ? String(line.dropFirst(topic.count + 1)) : nil
    }
  }

  /// Waits up to `timeout` seconds for `count` payloads at least.
  @discardableResult
  func wait(for count: Int, upTo timeout: Double) -> Bool {
    process.wait(upTo: timeout) { payloads.count >= count }
  }
}
