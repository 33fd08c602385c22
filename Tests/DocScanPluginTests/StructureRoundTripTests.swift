import DocScanCore
import DocScanElement
import XCTest

typealias StructureBridgeAccess = StructureBridge

/// Typed message values survive the trip through a real GstStructure and
/// its text form.
final class StructureRoundTripTests: XCTestCase {
  func testFeedbackRoundTripsThroughGstStructure() throws {
    let message = FeedbackMessage(
      times: StreamTimes(timestamp: 1_000, streamTime: 2_000, runningTime: nil), session: 7,
      side: .back, scanningStatus: .sideScanned, detectionStatus: .cameraTooFar,
      events: [.blur, .requestSideBack], instruction: "Move closer", blur: 0.25, glare: 0.125,
      quad: [1, 2, 3, 4, 5, 6, 7, 8.5])
    let text = StructureBridge.serialize(message.structure)
    XCTAssertTrue(text.hasPrefix("docscan-feedback, timestamp=(guint64)1000"), text)
    XCTAssertTrue(text.contains("running-time=(guint64)18446744073709551615"), "NONE time")
    XCTAssertTrue(text.contains("events=(string)< blur, request-side-back >"), text)
    let parsed = try XCTUnwrap(StructureBridge.parse(text))
    XCTAssertEqual(parsed, message.structure)
    XCTAssertEqual(try FeedbackMessage(structure: parsed), message)
  }

  func testEmptyEventsAndAbsentQuadRoundTrip() throws {
    let message = FeedbackMessage(
      times: .unknown, session: 1, side: .front, scanningStatus: .sideInProgress,
      detectionStatus: .failed, events: [], instruction: "Place the document in view", blur: 0,
      glare: 0)
    let parsed = try XCTUnwrap(StructureBridge.parse(StructureBridge.serialize(message.structure)))
    XCTAssertEqual(try FeedbackMessage(structure: parsed), message)
  }

  func testMalformedStructuresAreRejectedWithTheFieldName() throws {
    var structure = FeedbackMessage(
      times: .unknown, session: 1, side: .front, scanningStatus: .sideInProgress,
      detectionStatus: .failed, events: [], instruction: "x", blur: 0, glare: 0
    ).structure
    structure.fields.removeAll { $0.name == "blur" }
    XCTAssertThrowsError(try FeedbackMessage(structure: structure)) {
      XCTAssertEqual($0 as? MessageDecodingError, MessageDecodingError(field: "blur"))
    }
    XCTAssertNil(StructureBridge.parse("not a structure ,,, ="))
  }
}
