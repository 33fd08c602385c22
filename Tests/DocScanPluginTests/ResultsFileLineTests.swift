import Foundation
import XCTest

@testable import DocScanElement

/// The results file keeps one result per line even after a line was cut
/// short (a crash or a full disk in the middle of a write).
final class ResultsFileLineTests: XCTestCase {
  func testALineCutShortNeverJoinsTheNextResult() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("docscan-results-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("results.jsonl").path
    let file = ResultsFile(path: path)

    try file.append("{\"n\":1}")
    try file.append("{\"n\":2}")
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "{\"n\":1}\n{\"n\":2}\n")

    let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("{\"n\":3,\"surna".utf8))
    try handle.close()
    try file.append("{\"n\":4}")
    XCTAssertEqual(
      try String(contentsOfFile: path, encoding: .utf8),
      "{\"n\":1}\n{\"n\":2}\n{\"n\":3,\"surna\n{\"n\":4}\n")
  }
}
