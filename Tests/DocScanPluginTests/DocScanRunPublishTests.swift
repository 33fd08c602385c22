import DocScanTestSupport
import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// `docscan-run --publish`, against a real mosquitto broker on 127.0.0.1
/// and a real `mosquitto_sub`: the results file is the outbox, every line
/// reaches the topic byte for byte, at least once and in order, whether the
/// broker is there, missing, or goes away in the middle; the login comes
/// from the environment or a file.
final class DocScanRunPublishTests: XCTestCase {
  private let topic = "docscan/desk-7/results"
  private var demoClip: String { GStreamerRunner.packageRoot.path + "/pipelines/media/demo.mp4" }

  /// The demo passport's one result arrives as the results file's line,
  /// byte for byte, with the desk and the result-id printed on stdout;
  /// the cursor then stands at the end of the file.
  func testDemoClipResultIsPublished() throws {
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let broker = try MQTTBroker(folder: folder)
    try broker.start()
    defer { broker.stop() }
    let subscriber = try broker.subscribe(to: topic)
    let outbox = folder.appendingPathComponent("results.jsonl").path

    let run = try runDocScanRun(publishing(to: broker, outbox: outbox))
    XCTAssertEqual(run.status, 0, run.stderr)
    let lines = try outboxLines(outbox)
    XCTAssertEqual(lines.count, 1, "the demo passport gives one result")
    XCTAssertTrue(subscriber.wait(for: 1, upTo: 10), subscriber.process.stderr)
    XCTAssertEqual(subscriber.payloads, lines)
    let published = try jsonObject(try XCTUnwrap(subscriber.payloads.first))
    let printed = try jsonObject(run.stdout.trimmingCharacters(in: .newlines))
    XCTAssertEqual(published["desk"] as? String, "desk-7")
    XCTAssertEqual(published["surname"] as? String, "ERIKSSON")
    let resultID = try XCTUnwrap(published["result-id"] as? String)
    XCTAssertEqual(printed["result-id"] as? String, resultID)
    XCTAssertEqual(try cursorOffset(outbox), try fileSize(outbox))
    XCTAssertTrue(
      run.stderr.contains("publish: every result acknowledged by mqtt://127.0.0.1:"), run.stderr)
  }

  /// With no broker the scan runs as fast as with one, and exits 3 with the
  /// result kept in the outbox; the next run, the broker up, publishes the
  /// earlier result first, then its own.
  func testBrokerDownHoldsUpNothingAndTheNextRunCatchesUp() throws {
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let broker = try MQTTBroker(folder: folder)
    let outbox = folder.appendingPathComponent("results.jsonl").path

    let down = try runDocScanRun(
      publishing(to: broker, outbox: outbox) + ["--drain-timeout", "1"])
    XCTAssertEqual(down.status, 3, down.stderr)
    XCTAssertTrue(
      down.stderr.contains(
        "publish: 1 result not acknowledged within 1 s; they stay in the outbox \(outbox)"
          + " for the next run"), down.stderr)
    XCTAssertTrue(down.stderr.contains("end of stream: 1 result"), down.stderr)
    XCTAssertEqual(try outboxLines(outbox).count, 1)
    XCTAssertFalse(FileManager.default.fileExists(atPath: outbox + ".cursor"))

    try broker.start()
    defer { broker.stop() }
    let subscriber = try broker.subscribe(to: topic)
    let up = try runDocScanRun(publishing(to: broker, outbox: outbox))
    XCTAssertEqual(up.status, 0, up.stderr)
    let lines = try outboxLines(outbox)
    XCTAssertEqual(lines.count, 2)
    XCTAssertTrue(subscriber.wait(for: 2, upTo: 10), subscriber.process.stderr)
    XCTAssertEqual(subscriber.payloads, lines, "the earlier result first, nothing lost")
    XCTAssertEqual(try cursorOffset(outbox), try fileSize(outbox))
    // The run without a broker took its 1 s drain more, not more than that
    // (the slack is for the two shared cores).
    XCTAssertLessThan(down.seconds, up.seconds + 1 + 3, "\(down.seconds) s vs \(up.seconds) s")
  }

  /// The connection cut (a relay between docscan-run and the broker ends
  /// after 4000 bytes, some 60 of the lines) while a backlog of 400 lines
  /// is being published, and made again: every line arrives, the first
  /// arrivals in file order, and the run ends with all of them
  /// acknowledged. The broker and the subscriber stay up, so anything
  /// missing was lost by the publisher.
  func testConnectionCutMidwayLosesNothing() throws {
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let broker = try MQTTBroker(folder: folder)
    try broker.start()
    defer { broker.stop() }
    let subscriber = try broker.subscribe(to: topic)
    let relayPort = try MQTTBroker.freePort()
    var relay = try startRelay(
      from: relayPort, to: broker.port, cuttingAfter: 4000, folder: folder, name: "relay-1")
    let outbox = folder.appendingPathComponent("results.jsonl").path
    let backlog = (1...400).map {
      "{\"result-id\":\"earlier-\(String(format: "%04d", $0))\",\"desk\":\"desk-7\"}"
    }
    try (backlog.joined(separator: "\n") + "\n").write(
      toFile: outbox, atomically: true, encoding: .utf8)

    let run = try BackgroundProcess(
      try DocScanRunBinary.path(), publishing(to: relayPort, outbox: outbox), folder: folder,
      name: "docscan-run")
    XCTAssertNotNil(relay.exitStatus(within: 20), "the relay cut the connection")
    let cutAt = try cursorOffset(outbox)
    XCTAssertLessThan(cutAt, try fileSize(outbox), "the connection was cut midway")
    usleep(500_000)
    relay = try startRelay(from: relayPort, to: broker.port, folder: folder, name: "relay-2")
    defer { relay.stop() }
    // The demo clip up to its result, then the drain (10 s at most).
    let status = run.exitStatus(within: ChildProcess.defaultTimeout)
    XCTAssertEqual(status, 0, run.stderr)
    XCTAssertTrue(run.stderr.contains("was lost; reconnecting"), run.stderr)

    let lines = try outboxLines(outbox)
    XCTAssertEqual(lines.count, backlog.count + 1)
    XCTAssertTrue(subscriber.wait(for: lines.count, upTo: 15), "\(subscriber.payloads.count)")
    var firstArrivals: [String] = []
    var seen = Set<String>()
    for payload in subscriber.payloads where seen.insert(payload).inserted {
      firstArrivals.append(payload)
    }
    XCTAssertEqual(firstArrivals, lines, "every line, first arrivals in file order")
    XCTAssertEqual(try cursorOffset(outbox), try fileSize(outbox))
  }

  /// A broker that refuses anonymous clients: the login from
  /// DOCSCAN_MQTT_USERNAME and DOCSCAN_MQTT_PASSWORD_FILE gets the result
  /// through; a wrong DOCSCAN_MQTT_PASSWORD does not, and the run says why;
  /// a password file others can read, and a login in the URL, are refused.
  func testLoginComesFromTheEnvironmentOrAFile() throws {
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let passwords = folder.appendingPathComponent("passwd").path
    let made = try ChildProcess.run(["mosquitto_passwd", "-c", "-b", passwords, "desk-7", "s3cret"])
    XCTAssertEqual(made.status, 0, made.stderr)
    let broker = try MQTTBroker(folder: folder, passwordFile: passwords)
    try broker.start()
    defer { broker.stop() }
    let subscriber = try broker.subscribe(to: topic, login: ("desk-7", "s3cret"))
    let passwordFile = folder.appendingPathComponent("mqtt-password").path
    XCTAssertTrue(
      FileManager.default.createFile(
        atPath: passwordFile, contents: Data("s3cret\n".utf8),
        attributes: [.posixPermissions: 0o600]))

    let accepted = folder.appendingPathComponent("accepted.jsonl").path
    let good = try runDocScanRun(
      publishing(to: broker, outbox: accepted),
      environment: [
        "DOCSCAN_MQTT_USERNAME": "desk-7", "DOCSCAN_MQTT_PASSWORD_FILE": passwordFile,
      ])
    XCTAssertEqual(good.status, 0, good.stderr)
    XCTAssertTrue(subscriber.wait(for: 1, upTo: 10))
    XCTAssertEqual(subscriber.payloads, try outboxLines(accepted))

    let refused = folder.appendingPathComponent("refused.jsonl").path
    let wrong = try runDocScanRun(
      publishing(to: broker, outbox: refused) + ["--drain-timeout", "1"],
      environment: ["DOCSCAN_MQTT_USERNAME": "desk-7", "DOCSCAN_MQTT_PASSWORD": "wrong"])
    XCTAssertEqual(wrong.status, 3, wrong.stderr)
    XCTAssertTrue(wrong.stderr.contains("refused the connection: Connection Refused"), wrong.stderr)
    XCTAssertEqual(try outboxLines(refused).count, 1, "the result stays in the outbox")
    usleep(300_000)
    XCTAssertEqual(subscriber.payloads.count, 1, "nothing got through with the wrong password")

    chmod(passwordFile, 0o644)
    let exposed = try runDocScanRun(
      publishing(to: broker, outbox: refused),
      environment: [
        "DOCSCAN_MQTT_USERNAME": "desk-7", "DOCSCAN_MQTT_PASSWORD_FILE": passwordFile,
      ])
    XCTAssertEqual(exposed.status, 1, exposed.stderr)
    XCTAssertTrue(exposed.stderr.contains("readable by other users (mode 0644)"), exposed.stderr)

    let inURL = try runDocScanRun([
      demoClip, "--publish", "mqtt://desk-7:s3cret@127.0.0.1:\(broker.port)/\(topic)", "--desk",
      "desk-7",
    ])
    XCTAssertEqual(inURL.status, 2, inURL.stderr)
    XCTAssertTrue(
      inURL.stderr.contains("credentials do not belong on the command line"), inURL.stderr)
    let noDesk = try runDocScanRun([
      demoClip, "--publish", "mqtt://127.0.0.1:\(broker.port)/\(topic)",
    ])
    XCTAssertEqual(noDesk.status, 2, noDesk.stderr)
    XCTAssertTrue(noDesk.stderr.contains("--publish needs --desk ID"), noDesk.stderr)
  }

  // MARK: - Helpers

  private func publishing(to broker: MQTTBroker, outbox: String) -> [String] {
    publishing(to: broker.port, outbox: outbox)
  }

  private func publishing(to port: Int, outbox: String) -> [String] {
    [
      demoClip, "--publish", "mqtt://127.0.0.1:\(port)/\(topic)", "--desk", "desk-7", "-o",
      outbox, "--exit-after-result",
    ]
  }

  /// Tests/Python/tcp_relay.py from `port` to `target`, accepting; with
  /// `cuttingAfter`, it ends after that many bytes towards the target.
  private func startRelay(
    from port: Int, to target: Int, cuttingAfter bytes: Int? = nil, folder: URL, name: String
  ) throws -> BackgroundProcess {
    let script = GStreamerRunner.packageRoot.appendingPathComponent("Tests/Python/tcp_relay.py")
    let arguments =
      [script.path, String(port), String(target)] + (bytes.map { [String($0)] } ?? [])
    let relay = try BackgroundProcess("/usr/bin/python3", arguments, folder: folder, name: name)
    XCTAssertTrue(relay.wait(upTo: 10) { relay.stdout.contains("ready") }, relay.stderr)
    return relay
  }

  private func runDocScanRun(_ arguments: [String], environment: [String: String] = [:]) throws
    -> GStreamerRunner.Output
  {
    try GStreamerRunner.run(try DocScanRunBinary.path(), arguments, environment: environment)
  }

  private func outboxLines(_ path: String) throws -> [String] {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
  }

  /// The cursor's offset (`OFFSET INODE`); 0 without a cursor.
  private func cursorOffset(_ outbox: String) throws -> UInt64 {
    guard let text = try? String(contentsOfFile: outbox + ".cursor", encoding: .utf8) else {
      return 0
    }
    return try XCTUnwrap(text.split(separator: " ").first.flatMap { UInt64($0) }, text)
  }

  private func fileSize(_ path: String) throws -> UInt64 {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return try XCTUnwrap((attributes[.size] as? NSNumber)?.uint64Value)
  }

  private func jsonObject(_ line: String) throws -> [String: Any] {
    try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], line)
  }
}
