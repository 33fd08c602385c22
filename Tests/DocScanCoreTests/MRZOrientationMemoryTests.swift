import DocScanCore
import XCTest

/// A verdict on which way up an image's MRZ rows lie is reused only for
/// the same rows in images of the same size read by the same view, and
/// only for a few images.
final class MRZOrientationMemoryTests: XCTestCase {
  static let key = MRZOrientationMemory.Key(width: 720, height: 507, view: "grey-24")

  static func rows(movedBy dx: Double = 0, _ dy: Double = 0, cap: Double = 14)
    -> [MRZRowGeometry]
  {
    [420.0, 446.0].map { top in
      MRZRowGeometry(
        cellCount: 44, firstCenterX: 30 + dx, pitch: 15, slope: 0, top: top + dy,
        bottom: top + dy + cap)
    }
  }

  static let verdict = MRZOrientationMemory.Verdict(
    rows: rows(), upsideDown: true, winningConfidence: 0.95, losingConfidence: 0.85)

  func testTheSameRowsBarelyMovedKeepTheVerdict() {
    var memory = MRZOrientationMemory()
    XCTAssertNil(memory.verdict(for: Self.rows(), Self.key))
    memory.remember(Self.verdict, Self.key)
    XCTAssertEqual(memory.verdict(for: Self.rows(movedBy: 8, 5), Self.key)?.upsideDown, true)
  }

  /// A page turned over shows its MRZ at the other edge; a page moved
  /// or brought nearer shows it elsewhere or larger.
  func testRowsElsewhereOrOfAnotherSizeAreTestedAgain() {
    var memory = MRZOrientationMemory()
    memory.remember(Self.verdict, Self.key)
    XCTAssertNil(memory.verdict(for: Self.rows(movedBy: 0, -380), Self.key))
    XCTAssertNil(memory.verdict(for: Self.rows(movedBy: 20, 0), Self.key))
    XCTAssertNil(memory.verdict(for: Self.rows(cap: 19), Self.key))
    XCTAssertNil(memory.verdict(for: Array(Self.rows().prefix(1)), Self.key))
    var shorter = Self.rows()
    shorter[1].cellCount = 36
    XCTAssertNil(memory.verdict(for: shorter, Self.key))
  }

  func testAnotherImageSizeOrViewIsTestedAgain() {
    var memory = MRZOrientationMemory()
    memory.remember(Self.verdict, Self.key)
    var other = Self.key
    other.view = "grey-16"
    XCTAssertNil(memory.verdict(for: Self.rows(), other))
    other = Self.key
    other.width = 1280
    XCTAssertNil(memory.verdict(for: Self.rows(), other))
  }

  func testAVerdictServesAFewImagesThenIsTestedAgain() {
    var memory = MRZOrientationMemory()
    memory.remember(Self.verdict, Self.key)
    for _ in 0..<MRZOrientationMemory.maxReuses {
      XCTAssertNotNil(memory.verdict(for: Self.rows(), Self.key))
      memory.reused(Self.key)
    }
    XCTAssertNil(memory.verdict(for: Self.rows(), Self.key))
    memory.remember(Self.verdict, Self.key)
    XCTAssertNotNil(memory.verdict(for: Self.rows(), Self.key))
    memory.forget(Self.key)
    XCTAssertNil(memory.verdict(for: Self.rows(), Self.key))
  }

  /// The kept way must still read nearly as confidently as it did.
  func testAVerdictIsUpheldOnlyByAConfidentReading() {
    XCTAssertTrue(Self.verdict.isStillUpheld(byConfidence: 0.97))
    XCTAssertTrue(Self.verdict.isStillUpheld(byConfidence: 0.93))
    XCTAssertFalse(Self.verdict.isStillUpheld(byConfidence: 0.92))
    XCTAssertFalse(Self.verdict.isStillUpheld(byConfidence: 0.88))
  }
}
