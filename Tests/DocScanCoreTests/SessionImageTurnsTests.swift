import XCTest

@testable import DocScanCore

/// The session reads the MRZ in grey first and in the ink image when grey
/// has not settled it for a turn (`MRZImageTurns`).
final class SessionImageTurnsTests: XCTestCase {
  /// An image's mean level: the ink image of a red frame is far brighter
  /// than its grey.
  static func mean(_ image: LumaImage) -> Double {
    var sum = 0
    for y in stride(from: 0, to: image.height, by: 4) {
      for x in stride(from: 0, to: image.width, by: 4) { sum += Int(image[x, y]) }
    }
    return Double(sum) / Double(((image.height + 3) / 4) * ((image.width + 3) / 4))
  }

  /// A desk whose MRZ the reader reads only in the ink image of a red
  /// stamped page: an image almost white, where the grey page is not.
  func stampedDesk(colour: Bool) -> SessionFlowTests.Desk {
    let reader = ScriptedReader(showing: SessionFlowTests.passport)
    reader.readOnlyImages { Self.mean($0) > 245 }
    let desk = SessionFlowTests.Desk(outline: SessionFlowTests.pageOutline, reader: reader)
    let (width, height) = (SessionFlowTests.frame.width / 2, SessionFlowTests.frame.height / 2)
    desk.colour =
      colour
      ? ChromaImage(
        blueDifference: LumaImage(width: width, height: height, fill: 86),
        redDifference: LumaImage(width: width, height: height, fill: 212)) : nil
    return desk
  }

  func testAnMRZOnlyTheInkImageReadsIsReadAfterGreysTurn() async throws {
    let desk = stampedDesk(colour: true)
    let steps = try await desk.steps(MRZImageTurns.turnLength + 3)
    let results = steps.map { $0.results.count }
    XCTAssertEqual(results.prefix(MRZImageTurns.turnLength).reduce(0, +), 0, "grey's turn")
    XCTAssertEqual(results.last, 1, "three readings in ink: \(results)")
  }

  /// Grey's readings pass their check digits, but its views split on a
  /// name's letter for good (a stamp's stroke across it), so they never
  /// confirm it: after a window of such frames the ink image has its turn,
  /// and reads the page.
  func testReadingsGreyNeverConfirmsPassTheTurnToTheInkImage() async throws {
    let desk = stampedDesk(colour: true)
    let lines = SessionFlowTests.passport
    var split = lines
    split[0] = String(split[0].prefix(10)) + "X" + split[0].dropFirst(11)
    desk.reader.readOtherImages(
      as: MRZReading(
        lines: lines.map { $0.map { MRZCharacterVotes([($0, 0.9)]) } },
        opinions: [
          MRZOpinion(source: "first", lines: lines), MRZOpinion(source: "second", lines: split),
        ]))
    let window = MRZImageTurns.confirmingTurnLength
    let steps = try await desk.steps(window + 3)
    let results = steps.map { $0.results.count }
    XCTAssertEqual(results.prefix(window).reduce(0, +), 0, "grey's turn: \(results)")
    XCTAssertEqual(results.last, 1, "three readings in ink: \(results)")
  }

  func testGreyVideoIsReadInGreyOnly() async throws {
    let desk = stampedDesk(colour: false)
    let steps = try await desk.steps(3 * MRZImageTurns.turnLength)
    XCTAssertTrue(steps.allSatisfy { $0.results.isEmpty })
  }
}
