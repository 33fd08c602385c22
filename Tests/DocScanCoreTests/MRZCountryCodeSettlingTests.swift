import DocScanCore
import XCTest

/// Disputed letters of the issuer and nationality, settled by the codes that
/// exist (`MRZCountryCodeSettling`), alone and inside `MRZFusion`.
final class MRZCountryCodeSettlingTests: XCTestCase {
  let today = MRZDate(year: 2025, month: 6, day: 15)
  let japan = [
    "P<JPNGAIMU<<SAKURA<<<<<<<<<<<<<<<<<<<<<<<<<<",
    "XS12345673JPN7902206F1603202<<<<<<<<<<<<<<02",
  ]

  func votes(_ lines: [String]) -> [[MRZCharacterVotes]] {
    lines.map { $0.map { MRZCharacterVotes([($0, 0.9)]) } }
  }

  func testTheOnlyKnownCodeAmongTheContendersIsTaken() {
    // The glyphs say J, Tesseract I, with the same say: only JPN exists.
    var lines = votes(japan)
    lines[0][2] = MRZCharacterVotes([("I", 0.9), ("J", 0.9)])
    lines[1][10] = MRZCharacterVotes([("I", 0.9), ("J", 0.85), ("T", 0.1)])
    let settled = MRZCountryCodeSettling.settle(lines, format: .td3)
    XCTAssertEqual(settled[0][2].candidates.map(\.character), ["J"])
    XCTAssertEqual(settled[1][10].candidates.map(\.character), ["J", "T"], "a weak vote stays")
    XCTAssertEqual(settled[0][3], lines[0][3], "undisputed cells are left alone")
  }

  func testTwoKnownCodesLeaveTheDisputeStanding() {
    // AUT and AUS both exist: nothing can choose.
    var lines = votes(japan)
    lines[0][2...4] = [
      MRZCharacterVotes([("A", 0.9)]), MRZCharacterVotes([("U", 0.9)]),
      MRZCharacterVotes([("T", 0.9), ("S", 0.8)]),
    ]
    XCTAssertEqual(MRZCountryCodeSettling.settle(lines, format: .td3), lines)
  }

  func testNoKnownCodeLeavesTheDisputeStanding() {
    var lines = votes(japan)
    lines[0][2] = MRZCharacterVotes([("Q", 0.9), ("W", 0.9)])
    XCTAssertEqual(MRZCountryCodeSettling.settle(lines, format: .td3), lines)
  }

  func testAWeakRunnerUpIsNoContender() {
    // IPN's I believed three times as much as J: not a dispute to settle
    // (the record is refused later because IPN is no code).
    var lines = votes(japan)
    lines[0][2] = MRZCharacterVotes([("I", 0.9), ("J", 0.3)])
    XCTAssertEqual(MRZCountryCodeSettling.settle(lines, format: .td3), lines)
  }

  func testAFillerMayCompleteAShortCode() {
    // Germany is D<<: a contest between < and E in its last cell.
    let germany = [
      "P<D<<MUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<",
      "C01X00T478D<<6408125F2702283<<<<<<<<<<<<<<<4",
    ]
    var lines = votes(germany)
    lines[0][4] = MRZCharacterVotes([("E", 0.9), ("<", 0.9)])
    let settled = MRZCountryCodeSettling.settle(lines, format: .td3)
    XCTAssertEqual(settled[0][4].best, "<")
  }

  func testFusionAcceptsTheSettledCodeAndNotTheMisreadOne() {
    var lines = votes(japan)
    lines[0][2] = MRZCharacterVotes([("I", 0.9), ("J", 0.9)])
    var fusion = MRZFusion()
    var state = MRZFusion.State.collecting
    for _ in 0..<fusion.requiredAgreement {
      state = fusion.add(MRZReading(lines: lines), today: today)
    }
    guard case .accepted(let record) = state else { return XCTFail("settled: \(state)") }
    XCTAssertEqual(record.lines, japan)
    XCTAssertEqual(record.issuer, "JPN")
  }
}
