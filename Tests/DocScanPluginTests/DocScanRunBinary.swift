import Foundation
import XCTest

/// Where the tests find docscan-run.
enum DocScanRunBinary {
  /// docscan-run from this test's build folder (`swift test` builds it
  /// beside the test bundle); DOCSCAN_RUN names another.
  static func path() throws -> String {
    if let path = ProcessInfo.processInfo.environment["DOCSCAN_RUN"] { return path }
    let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let path = testBinary.deletingLastPathComponent().appendingPathComponent("docscan-run").path
    guard FileManager.default.isExecutableFile(atPath: path) else {
      XCTFail("docscan-run not found at \(path): swift build --product docscan-run")
      throw XCTSkip("docscan-run not built")
    }
    return path
  }
}
