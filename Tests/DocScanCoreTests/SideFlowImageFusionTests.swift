import DocScanTestSupport
import XCTest

@testable import DocScanCore

/// `SideFlow` fuses the grey image's readings and the ink image's apart
/// (`MRZImageTurns`), and keeps each while the other has its turn.
final class SideFlowImageFusionTests: XCTestCase {
  let today = MRZDate(year: 2025, month: 6, day: 15)
  let passport = MRZReading(exact: DocumentFixture.mrz)
  /// Grey's reading of a stamped MRZ: the stamp breaks a character, so its
  /// lines fail their checks.
  var stampedInGrey: MRZReading {
    var lines = DocumentFixture.mrz
    lines[1] = "X" + lines[1].dropFirst()
    return MRZReading(exact: lines)
  }

  func sighting(_ reading: MRZReading, inInk: Bool) -> SideFlow.Sighting {
    SideFlow.Sighting(mrz: reading, mrzInInk: inInk)
  }

  func testInkReadingsAreKeptWhileGreyHasItsTurn() {
    var flow = SideFlow()
    for _ in 0..<2 {
      XCTAssertEqual(flow.observe(sighting(passport, inInk: true), mode: .mrz, today: today), [])
    }
    for _ in 0..<3 {
      XCTAssertEqual(
        flow.observe(sighting(stampedInGrey, inInk: false), mode: .mrz, today: today), [])
    }
    let third = flow.observe(sighting(passport, inInk: true), mode: .mrz, today: today)
    XCTAssertTrue(third.contains { if case .document = $0 { true } else { false } }, "\(third)")
  }

  func testOneImagesReadingsAreNotTheOthers() {
    var flow = SideFlow()
    _ = flow.observe(sighting(passport, inInk: true), mode: .mrz, today: today)
    _ = flow.observe(sighting(passport, inInk: true), mode: .mrz, today: today)
    let grey = flow.observe(sighting(passport, inInk: false), mode: .mrz, today: today)
    XCTAssertEqual(grey, [], "grey's first reading agrees with nothing yet")
  }

  func testForgettingClearsBothImages() {
    var flow = SideFlow()
    for inInk in [true, true, false, false] {
      _ = flow.observe(sighting(passport, inInk: inInk), mode: .mrz, today: today)
    }
    flow.forgetReadings()
    XCTAssertEqual(flow.observe(sighting(passport, inInk: true), mode: .mrz, today: today), [])
    XCTAssertEqual(flow.observe(sighting(passport, inInk: false), mode: .mrz, today: today), [])
  }
}
