import DocScanCore
import XCTest

/// Disputed letters of the issuer and nationality, settled by the codes that
/// exist (`MRZCodeSettling`), alone and inside `MRZFusion`.
final class MRZCodeSettlingTests: XCTestCase {
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
    let settled = MRZCodeSettling.settle(lines, format: .td3)
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
    XCTAssertEqual(MRZCodeSettling.settle(lines, format: .td3), lines)
  }

  func testNoKnownCodeLeavesTheDisputeStanding() {
    var lines = votes(japan)
    lines[0][2] = MRZCharacterVotes([("Q", 0.9), ("W", 0.9)])
    XCTAssertEqual(MRZCodeSettling.settle(lines, format: .td3), lines)
  }

  func testAWeakRunnerUpIsNoContender() {
    // IPN's I believed three times as much as J: not a dispute to settle
    // (the record is withheld later: IPN is no code, and the J in the
    // votes is a rival to it, `MRZConfirmation`).
    var lines = votes(japan)
    lines[0][2] = MRZCharacterVotes([("I", 0.9), ("J", 0.3)])
    XCTAssertEqual(MRZCodeSettling.settle(lines, format: .td3), lines)
  }

  func testAFillerMayCompleteAShortCode() {
    // Germany is D<<: a contest between < and E in its last cell.
    let germany = [
      "P<D<<MUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<",
      "C01X00T478D<<6408125F2702283<<<<<<<<<<<<<<<4",
    ]
    var lines = votes(germany)
    lines[0][4] = MRZCharacterVotes([("E", 0.9), ("<", 0.9)])
    let settled = MRZCodeSettling.settle(lines, format: .td3)
    XCTAssertEqual(settled[0][4].best, "<")
  }

  func testADocumentCodeStartsAsItsFormatAllows() {
    // A card's I read T by Tesseract (believed more), I by the glyphs.
    let card = [
      "I<UTOD231458907<<<<<<<<<<<<<<<",
      "7408122F1204159UTO<<<<<<<<<<<6",
      "ERIKSSON<<ANNA<MARIA<<<<<<<<<<",
    ]
    var lines = votes(card)
    lines[0][0] = MRZCharacterVotes([("T", 0.95), ("I", 0.27)])
    XCTAssertEqual(
      MRZCodeSettling.settle(lines, format: .td1)[0][0].candidates.map(\.character), ["I"])
    // Nobody voted for a letter a card may start with: nothing to keep.
    lines[0][0] = MRZCharacterVotes([("T", 0.95), ("L", 0.27)])
    XCTAssertEqual(MRZCodeSettling.settle(lines, format: .td1), lines)
    // A passport's code starts with P only.
    var passport = votes(japan)
    passport[0][0] = MRZCharacterVotes([("R", 0.9), ("P", 0.5), ("F", 0.2)])
    XCTAssertEqual(
      MRZCodeSettling.settle(passport, format: .td3)[0][0].candidates.map(\.character), ["P"])
  }

  func testAnUnsettledWrongDocumentCodeIsNeverAccepted() {
    let card = [
      "T<UTOD231458907<<<<<<<<<<<<<<<",
      "7408122F1204159UTO<<<<<<<<<<<6",
      "ERIKSSON<<ANNA<MARIA<<<<<<<<<<",
    ]
    let record = MRZParser.parse(card, format: .td1, today: today)
    XCTAssertEqual(record?.failedChecks, [], "every check digit holds")
    XCTAssertEqual(record?.invalidFields, ["document-code"])
    var fusion = MRZFusion()
    for _ in 0..<(2 * fusion.requiredAgreement) {
      XCTAssertNotEqual(
        fusion.add(MRZReading(agreed: votes(card)), today: today).acceptedRecord?.lines, card)
    }
  }

  func testFusionAcceptsTheSettledCodeAndNotTheMisreadOne() {
    var lines = votes(japan)
    lines[0][2] = MRZCharacterVotes([("I", 0.9), ("J", 0.9)])
    var fusion = MRZFusion()
    var state = MRZFusion.State.collecting
    // The votes tie `I` and `J`; both readers' own readings say `JPN`, so
    // the settled code is also confirmed (MRZConfirmation).
    let readers = [
      MRZOpinion(source: "first", lines: japan), MRZOpinion(source: "second", lines: japan),
    ]
    for _ in 0..<fusion.requiredAgreement {
      state = fusion.add(MRZReading(lines: lines, opinions: readers), today: today)
    }
    guard case .accepted(let record) = state else { return XCTFail("settled: \(state)") }
    XCTAssertEqual(record.lines, japan)
    XCTAssertEqual(record.issuer, "JPN")
  }

  // One reader's own opinion, settled from its own candidates.

  let card = [
    "IDFRAX4RTBPFW46<<<<<<<<<<<<<<<",
    "9007138F3002119FRA<<<<<<<<<<<6",
    "MARTIN<<MAELYS<GAELLE<MARIE<<<",
  ]

  func testAViewAbstainsFromALetterOnlyTheListOfCodesWouldChange() {
    // The view read `PRA`, with `F` close behind: only `FRA` exists, but
    // the view did not read it, so it says nothing there.
    var lines = card
    lines[0] = "IDPRA" + lines[0].dropFirst(5)
    var own = votes(lines)
    own[0][2] = MRZCharacterVotes([("P", 0.8), ("F", 0.6), ("L", 0.2)])
    var abstaining = card
    abstaining[0] = "ID?RA" + card[0].dropFirst(5)
    XCTAssertEqual(MRZCodeSettling.settledOpinion(lines, votes: own), abstaining)
    // A view whose own best letter makes the known code keeps it.
    own[0][2] = MRZCharacterVotes([("F", 0.8), ("P", 0.6)])
    XCTAssertEqual(MRZCodeSettling.settledOpinion(card, votes: own), card)
  }

  func testTheListOfCodesNeverMakesViewsAgreeOnALetterTheyDidNotRead() {
    // The page names `BMB`, no code the list holds; one view reads `M` with
    // `R` close behind (`BRB` exists), another reads `R`. Settled into both
    // opinions, `BRB` was confirmed by two sources and returned.
    var page = japan
    page[1] = String(page[1].prefix(10)) + "BMB" + page[1].dropFirst(13)
    var misread = page
    misread[1] = String(page[1].prefix(10)) + "BRB" + page[1].dropFirst(13)
    var unsure = votes(page)
    unsure[1][11] = MRZCharacterVotes([("M", 0.9), ("R", 0.7)])
    var wrong = votes(misread)
    wrong[1][11] = MRZCharacterVotes([("R", 0.9), ("M", 0.7)])
    let readers = [
      MRZOpinion(source: "first", lines: MRZCodeSettling.settledOpinion(page, votes: unsure)),
      MRZOpinion(source: "second", lines: MRZCodeSettling.settledOpinion(misread, votes: wrong)),
    ]
    var fused = votes(page)
    fused[1][11] = MRZCharacterVotes([("M", 0.9), ("R", 0.8)])
    var fusion = MRZFusion()
    for _ in 0..<(2 * fusion.requiredAgreement) {
      let state = fusion.add(MRZReading(lines: fused, opinions: readers), today: today)
      XCTAssertNotEqual(state.acceptedRecord?.nationality, "BRB")
    }
  }

  func testAViewsDocumentTypeIsItsBestLetterTheShapeAllows() {
    var lines = card
    lines[0] = "Z" + lines[0].dropFirst()
    var own = votes(lines)
    own[0][0] = MRZCharacterVotes([("Z", 0.9), ("I", 0.4), ("X", 0.2)])
    XCTAssertEqual(MRZCodeSettling.settledOpinion(lines, votes: own), card)
    // A passport and a visa share a shape: either letter, whichever the
    // view believed more.
    var page = japan
    page[0] = "D" + page[0].dropFirst()
    var pageVotes = votes(page)
    pageVotes[0][0] = MRZCharacterVotes([("D", 0.8), ("V", 0.3), ("P", 0.2)])
    XCTAssertEqual(
      MRZCodeSettling.settledOpinion(page, votes: pageVotes)[0].first, "V")
  }

  func testAViewsReadingWithoutAKnownChoiceOrUnreadCellsIsLeftAlone() {
    var lines = card
    lines[0] = "IDQRA" + lines[0].dropFirst(5)
    var own = votes(lines)
    own[0][2] = MRZCharacterVotes([("Q", 0.9), ("W", 0.8)])
    XCTAssertEqual(MRZCodeSettling.settledOpinion(lines, votes: own), lines)
    // A cell the view read nothing in stays unread.
    var unread = card
    unread[0] = "?" + unread[0].dropFirst()
    XCTAssertEqual(MRZCodeSettling.settledOpinion(unread, votes: votes(unread)), unread)
  }
}

extension MRZFusion.State {
  fileprivate var acceptedRecord: MRZRecord? {
    if case .accepted(let record) = self { return record }
    return nil
  }
}
