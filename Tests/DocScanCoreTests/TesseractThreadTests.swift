import DocScanCore
import DocScanTestSupport
import Foundation
import Synchronization
import XCTest

@testable import DocScanOCR

/// Tesseract runs on OpenMP. When a library loaded before the plugin (as
/// libav's decoders in a `decodebin ! docscan` pipeline) has loaded libgomp
/// already, OMP_THREAD_LIMIT comes too late, and each line would be read
/// by a team of four spinning threads (measured: 454 ms instead of 66 ms
/// MRZ stage per 1080p frame on two cores). A thread that reads then
/// allows OpenMP no parallel level itself.
final class TesseractThreadTests: XCTestCase {
  /// Set in the child process this test starts.
  static let childFlag = "DOCSCAN_TEST_LIBGOMP_FIRST"

  func testReadsOnOneThreadWhenLibgompWasLoadedFirst() throws {
    if ProcessInfo.processInfo.environment[Self.childFlag] != nil {
      return try readAsTheChild()
    }
    // This process loaded libgomp after setting the limit (or will): a
    // fresh one loads it first, as a pipeline with libav would.
    var environment = ProcessInfo.processInfo.environment
    environment["OMP_THREAD_LIMIT"] = nil
    environment[Self.childFlag] = "1"
    // A child that hangs is ended after ChildProcess's 30 s, so the run goes on.
    let child = try ChildProcess.run(
      [
        URL(fileURLWithPath: CommandLine.arguments[0]).path,
        "DocScanCoreTests.TesseractThreadTests/" + #function.dropLast(2),
      ], environment: environment)
    let text = child.stdout + child.stderr
    XCTAssertFalse(child.timedOut, "still running after \(ChildProcess.defaultTimeout) s: killed")
    XCTAssertEqual(child.status, 0, text)
    XCTAssertTrue(text.contains("Executed 1 test, with 0 failures"), text)
  }

  private func readAsTheChild() throws {
    let gomp = try XCTUnwrap(dlopen("libgomp.so.1", RTLD_NOW), "libgomp loads")
    typealias Query = @convention(c) () -> Int32
    let threadLimit = unsafeBitCast(dlsym(gomp, "omp_get_thread_limit"), to: Query.self)
    XCTAssertGreaterThan(threadLimit(), 1, "libgomp came first, without a thread limit")

    let engine = try TesseractEngine(tessdata: MRZModelFolder.path, language: "mrz")
    var fixture = DocumentFixture(
      frameWidth: 720, frameHeight: 507, page: PixelRect(x: 0, y: 0, width: 720, height: 507))
    fixture.mrz = MRZReaderFixtureTests.passportTD3
    let page = fixture.render()
    // The bottom of the page, where the MRZ lies, as tightly packed rows.
    let (width, top, height) = (page.width, page.height - 90, 80)
    let pixels = (top..<top + height).flatMap { row in
      page.pixels[row * page.stride..<row * page.stride + width]
    }
    let seen = Mutex<(after: Int, symbols: Int)>((0, 0))
    let done = expectation(description: "read")
    // A thread of its own, as each element's analysis worker.
    let thread = Thread {
      let symbols = engine.readLine(pixels: pixels, width: width, height: height)
      seen.withLock { $0 = (TesseractEngine.threadsPerRead, symbols.count) }
      done.fulfill()
    }
    thread.stackSize = 8 << 20
    thread.start()
    wait(for: [done], timeout: 30)
    let result = seen.withLock { $0 }
    XCTAssertGreaterThan(result.symbols, 0, "the line was read")
    XCTAssertEqual(result.after, 1, "threads a read may use")
  }
}
