import DocScanCore
import Synchronization
import XCTest

/// The MRZ is read from the document cut out of the frame at the video's
/// own size when that is larger than the analysis copy (a 1080p frame's
/// small print keeps its detail); everything else uses the analysis copy.
final class SourceResolutionReadingTests: XCTestCase {
  /// Reads nothing; notes the mean level of every image it is given.
  final class LevelReader: MRZTextReader {
    let levels = Mutex<[Double]>([])

    func readMRZ(in image: LumaImage) -> MRZReading? {
      let mean = Double(image.pixels.reduce(0) { $0 + Int($1) }) / Double(image.pixels.count)
      levels.withLock { $0.append(mean) }
      return nil
    }
  }

  func firstLevelRead(sourceLuma: LumaImage?) async throws -> Double {
    let reader = LevelReader()
    let session = ScanSession(
      vision: ScriptedVision(outline: SessionFlowTests.cardOutline), mrzReader: reader,
      today: { SessionFlowTests.today })
    // The analysis copy and the video's own frame differ in level only, so
    // the level tells which one the document was cut out of.
    let frame = AnalysisFrame(
      luma: LumaImage(width: 1280, height: 720, fill: 100), sourceWidth: 1920,
      sourceHeight: 1080, times: StreamTimes(timestamp: 0, streamTime: 0, runningTime: 0),
      sourceLuma: sourceLuma)
    _ = await session.analyze(frame, settings: SessionSettings())
    return try XCTUnwrap(reader.levels.withLock { $0.first }, "the document was read")
  }

  func testTheDocumentIsReadAtTheVideosOwnSizeWhenThatIsLarger() async throws {
    let source = LumaImage(width: 1920, height: 1080, fill: 200)
    let sharp = try await firstLevelRead(sourceLuma: source)
    XCTAssertEqual(sharp, 200, accuracy: 1)
    let analysed = try await firstLevelRead(sourceLuma: nil)
    XCTAssertEqual(analysed, 100, accuracy: 1)
  }
}
