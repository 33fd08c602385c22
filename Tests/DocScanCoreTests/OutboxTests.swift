import DocScanCore
import Foundation
import XCTest

/// The pieces `docscan-run --publish` is built on: the results file read
/// as an outbox (complete lines only, in order, from a position), its
/// cursor (saved atomically) and the `mqtt://` destination.
final class OutboxTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("docscan-outbox-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  // MARK: - ResultsOutbox

  func testCompleteLinesAreReadInOrderAndAPartialLineIsNot() throws {
    let path = folder.appendingPathComponent("results.jsonl").path
    let outbox = ResultsOutbox(path: path)
    XCTAssertNil(try outbox.nextLine(at: .start), "no file yet")

    try Data("{\"a\":1}\n{\"b\":2}\n{\"c\":".utf8).write(to: URL(fileURLWithPath: path))
    let first = try XCTUnwrap(try outbox.nextLine(at: .start))
    XCTAssertEqual(String(decoding: first.bytes, as: UTF8.self), "{\"a\":1}")
    XCTAssertEqual(first.end.offset, 8)
    XCTAssertEqual(first.start.offset, 0)
    XCTAssertNotEqual(first.end.inode, 0)
    let second = try XCTUnwrap(try outbox.nextLine(at: first.end))
    XCTAssertEqual(String(decoding: second.bytes, as: UTF8.self), "{\"b\":2}")
    XCTAssertEqual(second.start, first.end)
    XCTAssertNil(try outbox.nextLine(at: second.end), "a line without its break is not complete")
    XCTAssertEqual(try outbox.completeLines(after: .start), 2)
    XCTAssertEqual(try outbox.completeLines(after: second.end), 0)

    // The writer finishes the line.
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("3}\n".utf8))
    try handle.close()
    let third = try XCTUnwrap(try outbox.nextLine(at: second.end))
    XCTAssertEqual(String(decoding: third.bytes, as: UTF8.self), "{\"c\":3}")
    XCTAssertEqual(try outbox.completeLines(after: second.end), 1)
  }

  /// A line longer than one read (an attached image) comes whole.
  func testALongLineIsReadWhole() throws {
    let path = folder.appendingPathComponent("results.jsonl").path
    let long = String(repeating: "x", count: ResultsOutbox.chunkSize * 2 + 17)
    try Data((long + "\nnext\n").utf8).write(to: URL(fileURLWithPath: path))
    let line = try XCTUnwrap(try ResultsOutbox(path: path).nextLine(at: .start))
    XCTAssertEqual(line.bytes.count, long.utf8.count)
    XCTAssertEqual(line.end.offset, UInt64(long.utf8.count + 1))
  }

  /// A file moved away and created again (log rotation), or cut short, is
  /// read from its start: nothing in the new file is skipped.
  func testAReplacedOrShortenedFileIsReadFromItsStart() throws {
    let path = folder.appendingPathComponent("results.jsonl").path
    let outbox = ResultsOutbox(path: path)
    try Data("one\ntwo\n".utf8).write(to: URL(fileURLWithPath: path))
    let first = try XCTUnwrap(try outbox.nextLine(at: .start))
    let second = try XCTUnwrap(try outbox.nextLine(at: first.end))

    try FileManager.default.moveItem(atPath: path, toPath: path + ".1")
    try Data("three\nfour\nfive\n".utf8).write(to: URL(fileURLWithPath: path))
    let afterRotation = try XCTUnwrap(try outbox.nextLine(at: second.end))
    XCTAssertEqual(String(decoding: afterRotation.bytes, as: UTF8.self), "three")
    XCTAssertEqual(afterRotation.start.offset, 0)
    XCTAssertNotEqual(afterRotation.start, second.end)

    let far = OutboxPosition(inode: afterRotation.start.inode, offset: 1000)
    XCTAssertEqual(try outbox.nextLine(at: far)?.start.offset, 0, "cut short")
    XCTAssertEqual(try outbox.completeLines(after: far), 3)
  }

  /// A file cut short and written again in place (copytruncate keeps the
  /// inode) is read from its start when the saved position no longer
  /// follows a line break, never from the middle of a line.
  func testAPositionInsideALineOfTheSameFileReadsFromItsStart() throws {
    let path = folder.appendingPathComponent("results.jsonl").path
    let outbox = ResultsOutbox(path: path)
    try Data("first line\n".utf8).write(to: URL(fileURLWithPath: path))
    let first = try XCTUnwrap(try outbox.nextLine(at: .start))
    XCTAssertEqual(first.end.offset, 11)

    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: Data("a longer new line\nnext\n".utf8))
    try handle.close()
    let resumed = try XCTUnwrap(try outbox.nextLine(at: first.end))
    XCTAssertEqual(resumed.start.inode, first.end.inode, "the same file")
    XCTAssertEqual(String(decoding: resumed.bytes, as: UTF8.self), "a longer new line")
    XCTAssertEqual(resumed.start.offset, 0)
  }

  // MARK: - OutboxCursor

  func testCursorIsSavedAndReadBack() throws {
    let outboxPath = folder.appendingPathComponent("results.jsonl").path
    let cursor = OutboxCursor(outboxPath: outboxPath)
    XCTAssertEqual(cursor.path, outboxPath + ".cursor")
    XCTAssertEqual(try cursor.read(), .start, "no cursor: from the start")
    try cursor.write(OutboxPosition(inode: 42, offset: 748))
    XCTAssertEqual(try cursor.read(), OutboxPosition(inode: 42, offset: 748))
    XCTAssertEqual(try String(contentsOfFile: cursor.path, encoding: .utf8), "748 42\n")
    try cursor.write(OutboxPosition(inode: 42, offset: 1496))
    XCTAssertEqual(try cursor.read().offset, 1496)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    XCTAssertEqual(names, ["results.jsonl.cursor"], "no temporary file left behind")
    let mode = try FileManager.default.attributesOfItem(atPath: cursor.path)[.posixPermissions]
    XCTAssertEqual((mode as? NSNumber)?.intValue, 0o600)
  }

  /// The cursor is replaced by a rename: a reader never sees a mix of the
  /// old and the new text, whatever moment it reads at.
  func testCursorUpdateIsAtomic() throws {
    let cursor = OutboxCursor(outboxPath: folder.appendingPathComponent("results.jsonl").path)
    try cursor.write(OutboxPosition(inode: 7, offset: 1))
    let writer = Thread {
      for offset in 2...100 { try? cursor.write(OutboxPosition(inode: 7, offset: UInt64(offset))) }
    }
    writer.start()
    var last: UInt64 = 1
    // Each write waits for two fsyncs: a second or so here.
    let deadline = Date().addingTimeInterval(20)
    while last < 100 && Date() < deadline {
      let position = try cursor.read()
      XCTAssertEqual(position.inode, 7)
      XCTAssertGreaterThanOrEqual(position.offset, last, "the cursor never goes back")
      last = position.offset
    }
    XCTAssertEqual(last, 100)
  }

  func testDamagedCursorIsAnError() throws {
    let cursor = OutboxCursor(outboxPath: folder.appendingPathComponent("results.jsonl").path)
    for text in ["", "12", "12 x\n", "-1 3\n", "12 3"] {
      try Data(text.utf8).write(to: URL(fileURLWithPath: cursor.path))
      XCTAssertThrowsError(try cursor.read(), text) { error in
        XCTAssertTrue("\(error)".contains("not a cursor"), "\(error)")
      }
    }
  }

  // MARK: - MQTTDestination

  func testDestinationIsParsed() throws {
    XCTAssertEqual(
      try MQTTDestination(parsing: "mqtt://broker.example/docscan/desk-7"),
      MQTTDestination(host: "broker.example", port: 1883, topic: "docscan/desk-7"))
    XCTAssertEqual(
      try MQTTDestination(parsing: "mqtt://10.0.0.5:8883/results"),
      MQTTDestination(host: "10.0.0.5", port: 8883, topic: "results"))
    XCTAssertEqual(
      try MQTTDestination(parsing: "mqtt://[::1]:1884/a/b/"),
      MQTTDestination(host: "::1", port: 1884, topic: "a/b/"))
    XCTAssertEqual(
      try MQTTDestination(parsing: "MQTT://host/t").description, "mqtt://host:1883/t")
    XCTAssertEqual(
      try MQTTDestination(parsing: "mqtt://[::1]/t").description, "mqtt://[::1]:1883/t")
  }

  func testBadDestinationsSayWhy() {
    let cases = [
      ("mqtt://user:secret@host/t", "credentials do not belong on the command line"),
      ("mqtt://user@host/t", "credentials do not belong on the command line"),
      ("mqtt://host/", "empty TOPIC"),
      ("mqtt://host", "no TOPIC"),
      ("mqtt:///t", "no HOST"),
      ("mqtt://host:0/t", "PORT '0'"),
      ("mqtt://host:70000/t", "PORT '70000'"),
      ("mqtt://host:x/t", "PORT 'x'"),
      ("mqtt://host/a/+/c", "wildcard"),
      ("mqtt://host/a/#", "wildcard"),
      ("mqtts://host/t", "TLS (mqtts://) is not supported"),
      ("http://host/t", "not mqtt://"),
      ("mqtt://[::1/t", "no ']'"),
    ]
    for (url, expected) in cases {
      XCTAssertThrowsError(try MQTTDestination(parsing: url), url) { error in
        let message = (error as? MQTTDestination.ParseError)?.message ?? ""
        XCTAssertTrue(message.contains(expected), "\(url): \(message)")
        XCTAssertTrue(message.contains("mqtt://HOST[:PORT]/TOPIC"), message)
      }
    }
  }
}
