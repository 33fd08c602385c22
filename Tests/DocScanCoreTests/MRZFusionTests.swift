import DocScanCore
import XCTest

/// Fusion of per-frame MRZ readings: votes, stability, check digits.
final class MRZFusionTests: XCTestCase {
  let today = MRZDate(year: 2025, month: 6, day: 15)
  let passport = [
    "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
    "L898902C36UTO7408122F1204159ZE184226B<<<<<10",
  ]
  /// As printed: the composite check digit is wrong (1 instead of 0).
  let misprinted = [
    "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
    "L898902C36UTO7408122F1204159ZE184226B<<<<<11",
  ]
  let idCard = [
    "I<UTOD231458907<<<<<<<<<<<<<<<",
    "7408122F1204159UTO<<<<<<<<<<<6",
    "ERIKSSON<<ANNA<MARIA<<<<<<<<<<",
  ]

  /// A reading of `lines` where the characters at `errors` were misread:
  /// the wrong character is believed 0.6, the true one 0.3.
  func reading(_ lines: [String], errors: [(line: Int, column: Int, as: Character)] = [])
    -> MRZReading
  {
    var votes = lines.map { $0.map { MRZCharacterVotes([($0, 0.9)]) } }
    for error in errors {
      let truth = Array(lines[error.line])[error.column]
      votes[error.line][error.column] = MRZCharacterVotes([(error.as, 0.6), (truth, 0.3)])
    }
    let best = MRZReading(lines: votes).bestLines
    return MRZReading(
      lines: votes,
      opinions: [
        MRZOpinion(source: "first", lines: best), MRZOpinion(source: "second", lines: best),
      ])
  }

  func testStableValidReadingsAreAcceptedOnTheThirdAgreement() {
    var fusion = MRZFusion()
    XCTAssertEqual(fusion.add(reading(passport), today: today), .collecting)
    XCTAssertEqual(fusion.add(reading(passport), today: today), .collecting)
    guard case .accepted(let record) = fusion.add(reading(passport), today: today) else {
      return XCTFail("three agreeing readings are accepted")
    }
    XCTAssertEqual(record.lines, passport)
    XCTAssertTrue(record.isValid)
    XCTAssertEqual(record.documentNumber, "L898902C3")
  }

  func testNoisyReadingsAreFusedToTheTruth() {
    // Every reading misreads 4 random characters (as random MRZ characters),
    // none of them alone passes the check digits.
    var random = SplitMix64(state: 42)
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<")
    var fusion = MRZFusion()
    var states: [MRZFusion.State] = []
    for _ in 0..<10 {
      var errors: [(line: Int, column: Int, as: Character)] = []
      while errors.count < 4 {
        let line = random.int(0...1)
        let column = random.int(0...43)
        let truth = Array(passport[line])[column]
        let wrong = random.pick(alphabet)
        if wrong != truth && !errors.contains(where: { $0.line == line && $0.column == column }) {
          errors.append((line, column, wrong))
        }
      }
      states.append(fusion.add(reading(passport, errors: errors), today: today))
    }
    let accepted = states.compactMap { state -> MRZRecord? in
      if case .accepted(let record) = state { return record }
      return nil
    }
    XCTAssertFalse(accepted.isEmpty, "\(states)")
    XCTAssertTrue(accepted.allSatisfy { $0.lines == passport })
    XCTAssertEqual(fusion.fusedLines, passport)
  }

  func testAMinorityOfWrongReadingsIsOutvoted() {
    // `C` read as `0` in the document number, in 3 readings out of 8.
    let wrong = reading(passport, errors: [(1, 7, "0")])
    var fusion = MRZFusion()
    var states: [MRZFusion.State] = []
    for index in 0..<8 {
      let isWrong = [1, 3, 4].contains(index)
      states.append(fusion.add(isWrong ? wrong : reading(passport), today: today))
    }
    XCTAssertEqual(fusion.fusedLines, passport)
    guard case .accepted(let record)? = states.last else {
      return XCTFail("accepted after the majority agreed: \(states)")
    }
    XCTAssertEqual(record.lines, passport)
    for state in states {
      if case .accepted(let record) = state { XCTAssertEqual(record.lines, passport) }
    }
  }

  func testWrongCheckDigitIsNeverAcceptedAndFlaggedUnverifiable() {
    var fusion = MRZFusion()
    var states: [MRZFusion.State] = []
    for _ in 0..<20 { states.append(fusion.add(reading(misprinted), today: today)) }
    for state in states {
      if case .accepted = state { XCTFail("a wrong composite check digit was accepted") }
    }
    XCTAssertEqual(Array(states.prefix(5)), Array(repeating: MRZFusion.State.collecting, count: 5))
    XCTAssertEqual(states[5], .unverifiable(lines: misprinted))
    XCTAssertEqual(states.last, .unverifiable(lines: misprinted))
    XCTAssertEqual(MRZParser.parse(misprinted, today: today)?.failedChecks, ["composite"])

    // Noisy readings of the misprint are not accepted either.
    var noisy = MRZFusion()
    for index in 0..<20 {
      let state = noisy.add(
        reading(misprinted, errors: index.isMultiple(of: 2) ? [(1, 43, "0")] : []), today: today)
      if case .accepted = state { XCTFail("accepted at reading \(index)") }
    }
  }

  func testStabilityIsRequired() {
    // Valid lines that keep changing are never accepted: two documents
    // taking turns.
    var fusion = MRZFusion(windowSize: 1)
    let documents = [passport, anotherPassport]
    XCTAssertNotNil(MRZCorrector.correct(anotherPassport, format: .td3), "both are valid")
    for index in 0..<10 {
      let state = fusion.add(reading(documents[index % 2]), today: today)
      XCTAssertEqual(state, .collecting, "reading \(index)")
    }
    // An interruption restarts the count.
    var counting = MRZFusion(windowSize: 1)
    _ = counting.add(reading(passport), today: today)
    _ = counting.add(reading(passport), today: today)
    _ = counting.add(reading(misprinted), today: today)
    XCTAssertEqual(counting.add(reading(passport), today: today), .collecting)
    XCTAssertEqual(counting.add(reading(passport), today: today), .collecting)
    guard case .accepted = counting.add(reading(passport), today: today) else {
      return XCTFail("three in a row again")
    }
  }

  /// Another valid passport of the same holder: another document number,
  /// its check digits computed.
  var anotherPassport: [String] {
    let number = "L898902C4"
    let head = number + String(MRZCheckDigit.compute(number)) + "UTO7408122F1204159"
    let body = head + "ZE184226B<<<<<1"
    let checked = body.prefix(10) + body.dropFirst(13).prefix(7) + body.dropFirst(21)
    return [passport[0], body + String(MRZCheckDigit.compute(checked))]
  }

  func testAnotherShapeStartsANewWindow() {
    var fusion = MRZFusion()
    _ = fusion.add(reading(passport), today: today)
    _ = fusion.add(reading(passport), today: today)
    XCTAssertEqual(fusion.count, 2)
    XCTAssertEqual(fusion.add(reading(idCard), today: today), .collecting)
    XCTAssertEqual(fusion.count, 1, "the passport's readings are gone")
    XCTAssertEqual(fusion.fusedLines, idCard)
    _ = fusion.add(reading(idCard), today: today)
    if case .accepted(let record) = fusion.add(reading(idCard), today: today) {
      XCTAssertEqual(record.format, .td1)
    } else {
      XCTFail("the ID card is accepted after three readings of its own")
    }
  }

  func testReadingsOfNoMRZShapeAreIgnoredAndTheWindowIsBounded() {
    var fusion = MRZFusion(windowSize: 4)
    XCTAssertEqual(fusion.add(reading(["ABC", "DEF"]), today: today), .collecting)
    XCTAssertEqual(fusion.count, 0)
    for _ in 0..<6 { _ = fusion.add(reading(passport), today: today) }
    XCTAssertEqual(fusion.count, 4)
    fusion.reset()
    XCTAssertNil(fusion.fusedLines)
  }

  func testAnUnknownCountryCodeNeedsEveryViewAndNoRival() {
    // Every check digit holds (no check covers the nationality), but `IPN`
    // is no country: most likely a misread `JPN`.
    var lines = passport
    lines[1] = lines[1].replacingOccurrences(of: "UTO7408", with: "IPN7408")
    func accepts(_ reading: MRZReading) -> Bool {
      var fusion = MRZFusion()
      return (0..<6).contains { _ in
        if case .accepted = fusion.add(reading, today: today) { return true }
        return false
      }
    }
    XCTAssertFalse(
      accepts(reading(lines)), "two views are not enough for a code that does not exist")

    let votes = lines.map { $0.map { MRZCharacterVotes([($0, 0.9)]) } }
    let views = ["one", "two", "three"].map { MRZOpinion(source: $0, lines: lines) }
    XCTAssertTrue(
      accepts(MRZReading(lines: votes, opinions: views)),
      "three views reading it alike, with no rival, vouch for it (a new state, a specimen)")

    var doubted = votes
    doubted[1][10] = MRZCharacterVotes([("I", 0.9), ("J", 0.3)])
    XCTAssertFalse(
      accepts(MRZReading(lines: doubted, opinions: views)), "a rival J in the votes withholds it")

    var dissent = views
    dissent[2].lines[1] = passport[1].replacingOccurrences(of: "UTO7408", with: "JPN7408")
    XCTAssertFalse(accepts(MRZReading(lines: votes, opinions: dissent)), "one view reads JPN")
  }

  func testCheckDigitsChooseBetweenTheReadersWhereTheyDisagree() {
    // The document number's `0` read as `O` by one reader, as `0` by the
    // other: type correction cannot decide (both legal there), the check
    // digit can.
    var votes = passport.map { $0.map { MRZCharacterVotes([($0, 0.9)]) } }
    votes[1][5] = MRZCharacterVotes([("O", 0.6), ("0", 0.4)])
    var misread = passport
    misread[1] = "L8989O2C36UTO7408122F1204159ZE184226B<<<<<10"
    // The check tells `O` from `0`: one reader's `0` is enough there.
    let readers = [
      MRZOpinion(source: "one", lines: misread), MRZOpinion(source: "two", lines: passport),
    ]
    var fusion = MRZFusion()
    var accepted: MRZRecord?
    for _ in 0..<3 {
      let reading = MRZReading(lines: votes, opinions: readers)
      if case .accepted(let record) = fusion.add(reading, today: today) {
        accepted = record
      }
    }
    XCTAssertEqual(accepted?.lines, passport)
    XCTAssertEqual(accepted?.documentNumber, "L898902C3")
  }

  func testANameLetterWithACloseRunnerUpIsTakenWhenEveryViewReadsItAlike() {
    // The model's second choice for the surname's `E` is `F` with 0.85 of
    // its weight, in every frame, but every view's verdict is `E`: the
    // views' agreement (`MRZConfirmation`) is what vouches for a name.
    var votes = passport.map { $0.map { MRZCharacterVotes([($0, 0.9)]) } }
    votes[0][5] = MRZCharacterVotes([("E", 0.5), ("F", 0.425)])
    let views = ["one", "two", "three"].map { MRZOpinion(source: $0, lines: passport) }
    XCTAssertEqual(acceptedLines(MRZReading(lines: votes, opinions: views)), passport)

    // One view whose verdict is `F` withholds it, however often.
    var dissent = views
    dissent[2].lines[0] = "P<UTOFRIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<"
    var fusion = MRZFusion()
    for _ in 0..<12 {
      XCTAssertEqual(
        fusion.add(MRZReading(lines: votes, opinions: dissent), today: today), .collecting)
    }
  }

  func testACheckThatTwoReadingsOfTheVotesPassVouchesForNeither() {
    // The document number L898902C3 read with its `9` and `0` best, `P` and
    // `O` close behind: P for 9 adds 16 at weight 1, O for 0 adds 24 at
    // weight 1, 40 in all, so `L8P89O2C3` passes the check digit (and the
    // composite) as well. Neither reading is vouched for.
    var votes = passport.map { $0.map { MRZCharacterVotes([($0, 0.9)]) } }
    votes[1][2] = MRZCharacterVotes([("9", 0.9), ("P", 0.5)])
    votes[1][5] = MRZCharacterVotes([("0", 0.9), ("O", 0.5)])
    let views = ["one", "two", "three"].map { MRZOpinion(source: $0, lines: passport) }
    var rival = passport
    rival[1] = "L8P89O2C36UTO7408122F1204159ZE184226B<<<<<10"
    XCTAssertNotNil(
      MRZParser.parse(rival, format: .td3, today: today).flatMap { $0.isValid ? $0 : nil },
      "the premise: the rival passes every check")
    var fusion = MRZFusion()
    for _ in 0..<12 {
      XCTAssertEqual(
        fusion.add(MRZReading(lines: votes, opinions: views), today: today), .collecting)
    }

    // With no `P` in the votes, `O` alone does not pass: the check settles it.
    votes[1][2] = MRZCharacterVotes([("9", 0.9)])
    XCTAssertEqual(acceptedLines(MRZReading(lines: votes, opinions: views)), passport)
  }

  /// The lines a fusion accepts from `reading` given three times; nil when
  /// it does not.
  func testTheCheckDigitOfAnEmptyPersonalNumberMustBeReadAsAccepted() {
    // An empty personal number's check digit may be printed `<` or `0`;
    // both are worth 0, so neither its own check nor the composite tells
    // them apart. A view that read the other one withholds the record.
    let zero = [passport[0], "L898902C36UTO7408122F1204159<<<<<<<<<<<<<<08"]
    let filler = [passport[0], "L898902C36UTO7408122F1204159<<<<<<<<<<<<<<<8"]
    let votes = zero.map { $0.map { MRZCharacterVotes([($0, 0.9)]) } }
    let agreeing = ["one", "two", "three"].map { MRZOpinion(source: $0, lines: zero) }
    XCTAssertEqual(acceptedLines(MRZReading(lines: votes, opinions: agreeing)), zero)

    var split = agreeing
    split[2].lines = filler
    var fusion = MRZFusion()
    for _ in 0..<12 {
      XCTAssertEqual(
        fusion.add(MRZReading(lines: votes, opinions: split), today: today), .collecting)
    }
    let fillerVotes = filler.map { $0.map { MRZCharacterVotes([($0, 0.9)]) } }
    var readFiller = split
    readFiller[0].lines = filler
    XCTAssertNil(acceptedLines(MRZReading(lines: votes, opinions: [readFiller[0], split[1]])))
    XCTAssertEqual(
      acceptedLines(
        MRZReading(
          lines: fillerVotes,
          opinions: ["one", "two"].map { MRZOpinion(source: $0, lines: filler) })), filler)
  }

  func acceptedLines(_ reading: MRZReading) -> [String]? {
    var fusion = MRZFusion()
    var accepted: [String]?
    for _ in 0..<3 {
      if case .accepted(let record) = fusion.add(reading, today: today) { accepted = record.lines }
    }
    return accepted
  }

  func testTheSamePixelsReadAgainNeverConfirmAnUncheckedField() {
    // One reader misreads the surname (no check digit covers it) in every
    // frame, as a still frame gives the same misreading every time.
    var misread = passport
    misread[0] = "P<UTOERIKSSEN<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<"
    var fusion = MRZFusion()
    let votes = misread.map { $0.map { MRZCharacterVotes([($0, 0.9)]) } }
    let alone = MRZReading(lines: votes, opinions: [MRZOpinion(source: "one", lines: misread)])
    for _ in 0..<12 { XCTAssertEqual(fusion.add(alone, today: today), .collecting) }

    // A second, independent reader that reads the name otherwise.
    fusion.reset()
    let disputed = MRZReading(
      lines: votes,
      opinions: [
        MRZOpinion(source: "one", lines: misread), MRZOpinion(source: "two", lines: passport),
      ])
    for _ in 0..<12 { XCTAssertEqual(fusion.add(disputed, today: today), .collecting) }
  }

  func testAReadingNoDocumentHasIsNoRivalAtTheDocumentType() {
    // Two views read a passport's `P`, the third reads `D` (no document
    // starts so): the third has misread, it does not dispute the `P`.
    func accepts(thirdReads first: Character) -> Bool {
      var third = passport
      third[0] = String(first) + passport[0].dropFirst()
      let opinions = [
        MRZOpinion(source: "one", lines: passport), MRZOpinion(source: "two", lines: passport),
        MRZOpinion(source: "three", lines: third),
      ]
      var votes = passport.map { $0.map { MRZCharacterVotes([($0, 0.9)]) } }
      votes[0][0] = MRZCharacterVotes([("P", 1.8), (first, 0.9)])
      var fusion = MRZFusion()
      return (0..<6).contains { _ in
        let reading = MRZReading(lines: votes, opinions: opinions)
        if case .accepted = fusion.add(reading, today: today) { return true }
        return false
      }
    }
    XCTAssertTrue(accepts(thirdReads: "D"))
    // `V` starts a visa: a view reading it disputes the `P`.
    XCTAssertFalse(accepts(thirdReads: "V"))
  }

  func testIndependentReadersConfirmUncheckedFieldsAcrossFrames() {
    // Each reader misses a different cell in one frame; over the window
    // both read every cell.
    var fusion = MRZFusion()
    let votes = passport.map { $0.map { MRZCharacterVotes([($0, 0.9)]) } }
    var holed = passport
    holed[0] = "P<UTOERIKSS?N<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<"
    let first = MRZReading(
      lines: votes,
      opinions: [
        MRZOpinion(source: "one", lines: holed), MRZOpinion(source: "two", lines: passport),
      ])
    let second = MRZReading(
      lines: votes,
      opinions: [
        MRZOpinion(source: "one", lines: passport), MRZOpinion(source: "two", lines: holed),
      ])
    XCTAssertEqual(fusion.add(first, today: today), .collecting)
    XCTAssertEqual(fusion.add(first, today: today), .collecting)
    XCTAssertEqual(fusion.add(first, today: today), .collecting, "the 'O' has one source")
    guard case .accepted(let record) = fusion.add(second, today: today) else {
      return XCTFail("both sources have now read every cell")
    }
    XCTAssertEqual(record.lines, passport)
  }

  func testADatesFillersMustHaveBeenRead() {
    // The visa's expiry day unknown (`1204<<`), every check holding. Its
    // check cannot tell `<` from `0`, nor a day such as 17 gone unread.
    let head = "L8988901C4XXX4009078F1204<<"
    let visa = [
      "V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
      head + String(MRZCheckDigit.compute("1204<<")) + String(repeating: "<", count: 16),
    ]
    XCTAssertEqual(MRZParser.parse(visa, today: today)?.isValid, true)
    let votes = visa.map { $0.map { MRZCharacterVotes([($0, 0.9)]) } }
    func accepts(_ second: String) -> Bool {
      var fusion = MRZFusion()
      var opinion = visa
      opinion[1] = second
      let reading = MRZReading(
        lines: votes,
        opinions: [
          MRZOpinion(source: "one", lines: opinion), MRZOpinion(source: "two", lines: opinion),
        ])
      return (0..<6).contains { _ in
        if case .accepted = fusion.add(reading, today: today) { return true }
        return false
      }
    }
    XCTAssertTrue(accepts(visa[1]), "fillers both views read")
    var unread = Array(visa[1])
    unread[25] = "?"
    unread[26] = "?"
    XCTAssertFalse(accepts(String(unread)), "cells no view read fuse to fillers")
    var zero = Array(visa[1])
    zero[26] = "0"
    XCTAssertFalse(accepts(String(zero)), "a view read 0, which the check cannot tell from <")
  }

  func testACheckDigitBlindMisreadingNeedsASecondReaderToo() {
    // `S` (28) for `8` in the document number leaves its check digit and the
    // composite holding: the checks cannot see it.
    var misread = passport
    misread[1] = "LS98902C36UTO7408122F1204159ZE184226B<<<<<10"
    XCTAssertEqual(MRZParser.parse(misread, today: today)?.isValid, true, "every check holds")
    let votes = misread.map { $0.map { MRZCharacterVotes([($0, 0.9)]) } }
    var fusion = MRZFusion()
    let disputed = MRZReading(
      lines: votes,
      opinions: [
        MRZOpinion(source: "one", lines: misread), MRZOpinion(source: "two", lines: passport),
      ])
    for _ in 0..<12 { XCTAssertEqual(fusion.add(disputed, today: today), .collecting) }
  }

  func testOneDissentingViewKeepsAnUncheckedFieldUnsettled() {
    // Two views of one model read `PAIRICK`, the third `PATRICK`: the
    // views share the model's errors, so the majority proves nothing.
    var misread = passport
    misread[0] = "P<UTOERIKSSON<<ANNA<MAIIA<<<<<<<<<<<<<<<<<<<"
    let votes = misread.map { $0.map { MRZCharacterVotes([($0, 0.9)]) } }
    let reading = MRZReading(
      lines: votes,
      opinions: [
        MRZOpinion(source: "one", lines: misread), MRZOpinion(source: "two", lines: misread),
        MRZOpinion(source: "three", lines: passport),
      ])
    var fusion = MRZFusion()
    for _ in 0..<12 { XCTAssertEqual(fusion.add(reading, today: today), .collecting) }
  }

  func testAViewThatReadACellEmptyKeepsANameUnsettled() {
    // A row whose pitch was fitted short: one view reads `ANNA` with an
    // empty cell before it and every later letter a cell on, two others
    // read it one cell earlier; fused, the name would be `AANNA`.
    var doubled = passport
    doubled[0] = "P<UTOERIKSSON<<AANNA<MARIA<<<<<<<<<<<<<<<<<<"
    var empty = passport
    empty[0] = "P<UTOERIKSSON<<" + String(MRZOpinion.emptyCell) + "ANNA<MARIA<<<<<<<<<<<<<<<<<<"
    let votes = doubled.map { $0.map { MRZCharacterVotes([($0, 0.9)]) } }
    let reading = MRZReading(
      lines: votes,
      opinions: [
        MRZOpinion(source: "one", lines: empty), MRZOpinion(source: "two", lines: doubled),
        MRZOpinion(source: "three", lines: doubled),
      ])
    var fusion = MRZFusion()
    for _ in 0..<12 { XCTAssertEqual(fusion.add(reading, today: today), .collecting) }
    // A doubtful letter (`?`) only abstains: the other two views settle it.
    var doubtful = passport
    doubtful[0] = "P<UTOERIKSSON<<?NNA<MARIA<<<<<<<<<<<<<<<<<<<"
    let settled = MRZReading(
      lines: passport.map { $0.map { MRZCharacterVotes([($0, 0.9)]) } },
      opinions: [
        MRZOpinion(source: "one", lines: doubtful), MRZOpinion(source: "two", lines: passport),
        MRZOpinion(source: "three", lines: passport),
      ])
    fusion.reset()
    XCTAssertEqual(fusion.add(settled, today: today), .collecting)
    XCTAssertEqual(fusion.add(settled, today: today), .collecting)
    XCTAssertEqual(
      fusion.add(settled, today: today), .accepted(MRZParser.parse(passport, today: today)!))
  }

  func testOnlyCellsWithoutCandidatesAreMarkedEmpty() {
    let votes = [[MRZCharacterVotes([("A", 0.9)]), MRZCharacterVotes([]), MRZCharacterVotes([])]]
    XCTAssertEqual(
      MRZOpinion.markingEmptyCells(["A??"], votes: votes),
      ["A" + String(MRZOpinion.emptyCell) + String(MRZOpinion.emptyCell)])
    let read = [[MRZCharacterVotes([("A", 0.9)]), MRZCharacterVotes([("B", 0.4)])]]
    XCTAssertEqual(MRZOpinion.markingEmptyCells(["A?"], votes: read), ["A?"], "a doubted letter")
  }

  func testWhetherTheReadingsPassTheirChecksIsKnownWhileCollecting() {
    var fusion = MRZFusion()
    XCTAssertFalse(fusion.passesChecks)
    XCTAssertEqual(fusion.add(reading(passport), today: today), .collecting)
    XCTAssertTrue(fusion.passesChecks, "valid, waiting for agreement")
    fusion.reset()
    XCTAssertFalse(fusion.passesChecks)
    XCTAssertEqual(fusion.add(reading(misprinted), today: today), .collecting)
    XCTAssertFalse(fusion.passesChecks, "the composite check fails")
  }
}
