import DocScanCore
import XCTest

/// The check digits choosing between two readers' candidates: worked examples
/// on the ICAO specimens, the refusals, and a simulation that counts how
/// often the choice is right, refused or wrong.
final class MRZVoteResolverTests: XCTestCase {
  let today = MRZDate(year: 2025, month: 6, day: 15)

  let passport = [
    "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
    "L898902C36UTO7408122F1204159ZE184226B<<<<<10",
  ]
  let identityCard = [
    "I<UTOD231458907<<<<<<<<<<<<<<<",
    "7408122F1204159UTO<<<<<<<<<<<6",
    "ERIKSSON<<ANNA<MARIA<<<<<<<<<<",
  ]
  let td2 = [
    "I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<",
    "D231458907UTO7408122F1204159<<<<<<<6",
  ]

  /// Every character read alike by both readers (weight 1), except at the
  /// positions given, which get those candidates.
  func votes(
    _ lines: [String], _ disagreements: [MRZPosition: [(Character, Double)]] = [:]
  ) -> [[MRZCharacterVotes]] {
    lines.enumerated().map { line, text in
      text.enumerated().map { column, character in
        let position = MRZPosition(line: line, column: column)
        let candidates = disagreements[position] ?? [(character, 1)]
        return MRZCharacterVotes(candidates.map { (character: $0.0, weight: $0.1) })
      }
    }
  }

  func at(_ line: Int, _ column: Int) -> MRZPosition {
    MRZPosition(line: line, column: column)
  }

  /// What the best vote and the corrector make of the votes (the path before
  /// the resolver).
  func bestThenCorrected(_ votes: [[MRZCharacterVotes]], _ format: MRZFormat) -> [String]? {
    MRZCorrector.correct(MRZReading(lines: votes).bestLines, format: format)
  }

  // MARK: - Specimens

  func testTD3DisagreementsInNumberAndDateAreResolved() {
    // `0` of L898902C3 best read `O`; the birth year's `7` best read `1`.
    let read = votes(
      passport,
      [
        at(1, 5): [("O", 0.9), ("0", 0.6)],
        at(1, 13): [("1", 0.8), ("7", 0.5)],
      ])
    XCTAssertNil(bestThenCorrected(read, .td3), "the best vote alone fails its checks")
    XCTAssertEqual(MRZVoteResolver.resolve(read, format: .td3, today: today), passport)
  }

  func testTD1DisagreementsInNumberAndDateAreResolved() {
    // D231458907: `D` best read `0`, the last `0` best read `O`; the expiry's
    // `1` (120415) best read `7`.
    let read = votes(
      identityCard,
      [
        at(0, 5): [("0", 0.9), ("D", 0.7)],
        at(0, 13): [("O", 0.8), ("0", 0.7)],
        at(1, 12): [("7", 0.9), ("1", 0.4)],
      ])
    XCTAssertNil(bestThenCorrected(read, .td1))
    XCTAssertEqual(MRZVoteResolver.resolve(read, format: .td1, today: today), identityCard)
  }

  func testTD2DisagreementsInNumberAndDateAreResolved() {
    // As TD1, and the birth day's `1` (740812) best read `T` (a `7` by kind).
    let read = votes(
      td2,
      [
        at(1, 0): [("0", 0.9), ("D", 0.5)],
        at(1, 8): [("O", 0.7), ("0", 0.6)],
        at(1, 17): [("T", 0.8), ("1", 0.5)],
      ])
    XCTAssertNil(bestThenCorrected(read, .td2))
    XCTAssertEqual(MRZVoteResolver.resolve(read, format: .td2, today: today), td2)
  }

  /// The case that started it: German passport number `ZE000509`, read
  /// `ZEOODSO9` by one reader.
  func testZeroesReadAsLettersAreResolvedUpToTheLimit() throws {
    let number = "ZE000509<"
    let birth = "640812"
    let expiry = "270228"
    let personal = String(repeating: "<", count: 14)
    func check(_ text: String) -> String { String(MRZCheckDigit.compute(text)) }
    let numberPart = number + check(number)
    XCTAssertEqual(numberPart, "ZE000509<9")
    let birthPart = birth + check(birth)
    let expiryPart = expiry + check(expiry)
    let composite = check(numberPart + birthPart + expiryPart + personal + "<")
    let truth = [
      "P<D<<MUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<",
      numberPart + "D<<" + birthPart + "F" + expiryPart + personal + "<" + composite,
    ]
    XCTAssertEqual(try XCTUnwrap(MRZParser.parse(truth, today: today)).isValid, true)

    // Three of the zeroes disputed: one combination of the three fits.
    let three: [MRZPosition: [(Character, Double)]] = [
      at(1, 2): [("O", 0.9), ("0", 0.5)],
      at(1, 4): [("D", 0.8), ("0", 0.6)],
      at(1, 5): [("S", 0.7), ("5", 0.4)],
    ]
    XCTAssertNil(bestThenCorrected(votes(truth, three), .td3))
    XCTAssertEqual(MRZVoteResolver.resolve(votes(truth, three), format: .td3, today: today), truth)

    // `ZEOODSO9`: five disputed positions under one check is more than the
    // check digit can decide.
    var five = three
    five[at(1, 3)] = [("O", 0.9), ("0", 0.8)]
    five[at(1, 6)] = [("O", 0.9), ("0", 0.8)]
    XCTAssertEqual(MRZReading(lines: votes(truth, five)).bestLines[1].prefix(10), "ZEOODSO9<9")
    XCTAssertNil(MRZVoteResolver.resolve(votes(truth, five), format: .td3, today: today))
  }

  /// TD1 optional data: no field check covers it, the composite decides.
  func testCompositeDecidesOptionalData() throws {
    func check(_ text: String) -> String { String(MRZCheckDigit.compute(text)) }
    let first = "I<UTOD231458907" + "AB0C12<<<<<<<<<"
    let second = "7408122F1204159UTO<<<<<<<<<<<"
    let truth = [
      first, second + check(String(first.dropFirst(5)) + "7408122" + "1204159" + "<<<<<<<<<<<"),
      "ERIKSSON<<ANNA<MARIA<<<<<<<<<<",
    ]
    XCTAssertEqual(try XCTUnwrap(MRZParser.parse(truth, today: today)).isValid, true)
    let read = votes(truth, [at(0, 17): [("O", 0.9), ("0", 0.5)]])
    XCTAssertNil(bestThenCorrected(read, .td1))
    XCTAssertEqual(MRZVoteResolver.resolve(read, format: .td1, today: today), truth)
  }

  /// TD1 long document number (Doc 9303-5 4.2.4): the disputed character is
  /// in the part continued in the optional data.
  func testLongDocumentNumberContinuationIsResolved() throws {
    func check(_ text: String) -> String { String(MRZCheckDigit.compute(text)) }
    let number = "D23145890123"
    let first = "I<UTO" + number.prefix(9) + "<" + number.dropFirst(9) + check(number) + "<"
    let padded = first + String(repeating: "<", count: 30 - first.count)
    let second = "7408122F1204159UTO<<<<<<<<<<<"
    let truth = [
      padded, second + check(String(padded.dropFirst(5)) + "7408122" + "1204159" + "<<<<<<<<<<<"),
      "ERIKSSON<<ANNA<MARIA<<<<<<<<<<",
    ]
    let record = try XCTUnwrap(MRZParser.parse(truth, today: today))
    XCTAssertTrue(record.isValid)
    XCTAssertEqual(record.documentNumber, number)
    let read = votes(truth, [at(0, 15): [("I", 0.9), ("1", 0.5)]])
    XCTAssertNil(bestThenCorrected(read, .td1))
    XCTAssertEqual(MRZVoteResolver.resolve(read, format: .td1, today: today), truth)
    // Its check digit, at the end of the continuation, is read, never chosen.
    let digit = Array(padded)[18]
    let other = Character(String((Int(String(digit))! + 1) % 10))
    let split = votes(truth, [at(0, 18): [(other, 0.9), (digit, 0.8)]])
    XCTAssertNil(MRZVoteResolver.resolve(split, format: .td1, today: today))
  }

  // MARK: - Refusals

  func testTwoFittingCombinationsAreRejected() {
    // `0`→`O` at column 5 (weight 1) adds 24, `9`→`5` at column 2 (weight 1)
    // takes 4 away: L8589O2C3 has the same check digit as L898902C3.
    XCTAssertEqual(MRZCheckDigit.compute("L8589O2C3"), MRZCheckDigit.compute("L898902C3"))
    let ambiguous = votes(
      passport,
      [
        at(1, 5): [("O", 0.9), ("0", 0.6)],
        at(1, 2): [("9", 0.8), ("5", 0.5)],
      ])
    XCTAssertNil(MRZVoteResolver.resolve(ambiguous, format: .td3, today: today))
    // Without the second opinion on column 2 the choice is the truth.
    let single = votes(passport, [at(1, 5): [("O", 0.9), ("0", 0.6)]])
    XCTAssertEqual(MRZVoteResolver.resolve(single, format: .td3, today: today), passport)
  }

  /// Two misreadings under one check that make up each other's difference
  /// pass with the best votes; the path before the resolver accepts them.
  /// As the right characters were voted for too, the check settles nothing.
  func testCompensatingMisreadingsThatPassAreRejected() {
    var wrong = passport
    wrong[1] = "L8589O2C36UTO7408122F1204159ZE184226B<<<<<10"
    let read = votes(
      passport,
      [
        at(1, 5): [("O", 0.9), ("0", 0.6)],
        at(1, 2): [("5", 0.8), ("9", 0.5)],
      ])
    XCTAssertEqual(bestThenCorrected(read, .td3), wrong)
    XCTAssertNil(MRZVoteResolver.resolve(read, format: .td3, today: today))
  }

  /// A runner-up too weak to be chosen still casts doubt: here the right `0`
  /// is only a weak vote, and the one fit among the strong votes is wrong.
  func testWeakRunnerUpsCastDoubt() {
    let doubtful = votes(
      passport,
      [
        at(1, 5): [("O", 1), ("0", 0.2)],
        at(1, 2): [("9", 0.8), ("5", 0.5)],
      ])
    XCTAssertNil(MRZVoteResolver.resolve(doubtful, format: .td3, today: today))
    // A weak runner-up is never chosen, even when it alone fits.
    let weakOnly = votes(passport, [at(1, 5): [("O", 1), ("0", 0.2)]])
    XCTAssertNil(MRZVoteResolver.resolve(weakOnly, format: .td3, today: today))
  }

  func testRunnerUpsBelowTheRatioAreNotEvidence() {
    let ratio = MRZVoteResolver.runnerUpRatio
    XCTAssertEqual(ratio, 0.3)
    let weak = votes(passport, [at(1, 5): [("O", 1), ("0", ratio - 0.01)]])
    XCTAssertNil(MRZVoteResolver.resolve(weak, format: .td3, today: today))
    let enough = votes(passport, [at(1, 5): [("O", 1), ("0", ratio)]])
    XCTAssertEqual(MRZVoteResolver.resolve(enough, format: .td3, today: today), passport)
  }

  func testCheckDigitsAreReadNeverChosen() {
    // The document-number check digit `6` best read `5`: even with `6` as a
    // strong runner-up it is not chosen to fit.
    let split = votes(passport, [at(1, 9): [("5", 0.9), ("6", 0.8)]])
    XCTAssertNil(MRZVoteResolver.resolve(split, format: .td3, today: today))
    // A look-alike letter is still its digit by kind.
    let letter = votes(passport, [at(1, 9): [("G", 0.9), ("5", 0.8)]])
    XCTAssertEqual(MRZVoteResolver.resolve(letter, format: .td3, today: today), passport)
  }

  func testMissingLegalCandidateOrWrongShapeIsRejected() {
    // `H` in a date has no look-alike digit, and no other vote.
    let illegal = votes(passport, [at(1, 14): [("H", 1)]])
    XCTAssertNil(MRZVoteResolver.resolve(illegal, format: .td3, today: today))
    // An empty position, and a position with only zero-weight votes.
    XCTAssertNil(
      MRZVoteResolver.resolve(votes(passport, [at(1, 30): []]), format: .td3, today: today))
    XCTAssertNil(
      MRZVoteResolver.resolve(
        votes(passport, [at(1, 30): [("<", 0)]]), format: .td3, today: today))
    XCTAssertNil(MRZVoteResolver.resolve(votes(passport), format: .td2, today: today))
    XCTAssertNil(
      MRZVoteResolver.resolve(Array(votes(passport).prefix(1)), format: .td3, today: today))
    XCTAssertEqual(MRZVoteResolver.resolve(votes(passport), format: .td3, today: today), passport)
  }

  /// The specimen printed with a wrong composite check digit (`1`, should be
  /// `0`). With the check digits read as printed it can never verify,
  /// whatever the readers say about the other characters: every weight is
  /// odd, so once every field check holds, the composite's parity is fixed by
  /// the field check digits, and in TD3 every other character the composite
  /// reads is under a field check. A `0` proposed for the composite itself is
  /// not chosen (check digits are never chosen).
  func testPrintedWrongCheckDigitIsNeverResolved() {
    let printed = [
      "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
      "L898902C36UTO7408122F1204159ZE184226B<<<<<11",
    ]
    let kinds = MRZLayout.of(.td3).kinds
    let composite = at(1, 43)
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<")
    XCTAssertNil(MRZVoteResolver.resolve(votes(printed), format: .td3, today: today))
    XCTAssertNil(
      MRZVoteResolver.resolve(
        votes(printed, [composite: [("1", 0.9), ("0", 0.9)]]), format: .td3, today: today))

    // One disputed character anywhere, either way round, with any character.
    var tried = 0
    for (line, text) in printed.enumerated() {
      for (column, character) in text.enumerated() where kinds[line][column] != .checkDigit {
        for other in alphabet where other != character {
          for candidates in [[(character, 1.0), (other, 0.9)], [(other, 1.0), (character, 0.9)]] {
            let read = votes(
              printed,
              [at(line, column): candidates, composite: [("1", 1), ("0", 0.9)]])
            XCTAssertNil(
              MRZVoteResolver.resolve(read, format: .td3, today: today),
              "\(at(line, column)) \(candidates)")
            tried += 1
          }
        }
      }
    }
    // Up to six disputed characters at once, arbitrary candidates.
    var random = SplitMix64(state: 0xBAD_C0DE)
    for _ in 0..<3000 {
      var disputes: [MRZPosition: [(Character, Double)]] = [composite: [("1", 1), ("0", 0.9)]]
      for _ in 0..<random.int(1...6) {
        let line = random.int(0...1)
        let column = random.int(0...43)
        guard kinds[line][column] != .checkDigit else { continue }
        disputes[at(line, column)] = (0..<random.int(1...3)).map { _ in
          (random.pick(alphabet), random.double(0.1...1))
        }
      }
      XCTAssertNil(
        MRZVoteResolver.resolve(votes(printed, disputes), format: .td3, today: today),
        "\(disputes)")
      tried += 1
    }
    XCTAssertGreaterThan(tried, 8000)
  }

  // MARK: - Simulation

  /// How the simulated readers misread.
  enum Noise: String, CaseIterable {
    /// Only the confusions of `MRZLookAlike`'s table; characters without a
    /// look-alike are read right.
    case lookAlike = "look-alike only"
    /// The table's confusions 80% of the time (always a random character
    /// where there is no look-alike), a random character otherwise.
    case mixed = "look-alike and random"
  }

  /// What the resolver (or the baseline) did with one document.
  struct Counts {
    var correct = 0
    var rejected = 0
    /// Accepted, wrong where a check can see it, and a reader had voted for
    /// the right character at every wrong position: a wrong choice.
    var wrong = 0
    /// Accepted, wrong where a check can see it, at a position no reader
    /// read right (both misread): no choice among the votes was right there.
    var wrongUnvoted = 0
    /// Accepted, wrong only where no check digit can see it (names and
    /// other unchecked fields, or a difference of a multiple of 10): the
    /// best vote's error.
    var wrongUnseeable = 0

    var total: Int { correct + rejected + wrong + wrongUnvoted + wrongUnseeable }
    var wrongSeen: Int { wrong + wrongUnvoted }

    var summary: String {
      "correct \(correct), rejected \(rejected), accepted wrong \(wrongSeen) "
        + "(\(wrongUnvoted) of them where no reader read the character right; "
        + "+\(wrongUnseeable) wrong only where no check can see)"
    }

    mutating func count(
      _ result: [String]?, truth: [String], votes: [[MRZCharacterVotes]],
      layout: MRZLayout
    ) {
      guard let result else {
        rejected += 1
        return
      }
      if result == truth {
        correct += 1
        return
      }
      let checked = Set(layout.checks.flatMap(\.coveredPositions))
      let kinds = layout.kinds
      var seen = false
      var unvoted = false
      for (line, pair) in zip(result, truth).enumerated() {
        for (column, characters) in zip(pair.0, pair.1).enumerated()
        where characters.0 != characters.1 {
          guard checked.contains(MRZPosition(line: line, column: column)),
            let read = MRZCheckDigit.value(of: characters.0),
            let right = MRZCheckDigit.value(of: characters.1),
            (read - right) % 10 != 0
          else { continue }
          seen = true
          let voted = votes[line][column].candidates.contains {
            MRZLookAlike.forced($0.character, kind: kinds[line][column]) == characters.1
          }
          if !voted { unvoted = true }
        }
      }
      if !seen {
        wrongUnseeable += 1
      } else if unvoted {
        wrongUnvoted += 1
      } else {
        wrong += 1
      }
    }
  }

  /// Random valid MRZs of every format, each read by two simulated readers
  /// that misread a character with probability `p`: a confident one
  /// (weight 0.5–1) and a weaker one (0.15–0.6), each now and then adding a look-alike of its own reading
  /// as a weaker second candidate. The counts are printed next to those of
  /// the path before the resolver (best vote, then `MRZCorrector`).
  ///
  /// Asserted: with look-alike noise the resolver never picks a wrong
  /// candidate over a voted right one where a check can see it; with random
  /// characters it does in under 0.5% of the documents; it accepts no more
  /// wrong documents than the best vote does, and reads more right.
  ///
  /// Wrong cannot be zero, and is counted in three kinds. A check digit is
  /// one decimal digit: when a character's wrong reading is the only vote
  /// there (both readers misread it alike), and a disagreement elsewhere
  /// under the same check makes up the difference modulo 10, the only fit is
  /// wrong and nothing in the votes tells it from a right one ("no reader
  /// read the character right"); with random characters a wrong voted
  /// candidate can likewise fit where the right one's vote was too weak to
  /// be chosen. Errors where no check looks (names, issuer, nationality,
  /// sex, visas' optional data) or by a multiple of 10 (`1`/`L`, `6`/`G`)
  /// are the best vote's, reported apart.
  func testSimulatedReadersAreCountedAndNoWorseThanTheBestVote() {
    let documentsPerFormat = 300
    let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<"
    for noise in Noise.allCases {
      for p in [0.02, 0.05, 0.1] {
        var random = SplitMix64(state: 0x9303 &+ UInt64(p * 1000))
        var resolver = Counts()
        var baseline = Counts()
        for format in MRZFormat.allCases {
          let layout = MRZLayout.of(format)
          for _ in 0..<documentsPerFormat {
            let truth = Self.randomMRZ(format, &random)
            guard let record = MRZParser.parse(truth, format: format, today: today),
              record.isValid, MRZFormat.detect(lines: truth) == format
            else {
              XCTFail("generated MRZ is not valid: \(truth)")
              continue
            }
            let read = truth.map { line in
              line.map { character in
                Self.twoReaders(character, p: p, noise: noise, alphabet: alphabet, &random)
              }
            }
            resolver.count(
              MRZVoteResolver.resolve(read, format: format, today: today), truth: truth,
              votes: read, layout: layout)
            let corrected = bestThenCorrected(read, format).flatMap { lines in
              MRZParser.parse(lines, format: format, today: today)?.isValid == true ? lines : nil
            }
            baseline.count(corrected, truth: truth, votes: read, layout: layout)
          }
        }
        print("MRZ vote resolver, \(noise.rawValue), p = \(p): \(resolver.summary)")
        print("  best vote + corrector: \(baseline.summary)")
        let context = "\(noise.rawValue), p = \(p)"
        XCTAssertEqual(resolver.total, documentsPerFormat * MRZFormat.allCases.count)
        XCTAssertGreaterThan(resolver.correct, baseline.correct, context)
        XCTAssertLessThanOrEqual(resolver.wrongSeen, baseline.wrongSeen, context)
        switch noise {
        case .lookAlike:
          XCTAssertEqual(resolver.wrong, 0, context)
        case .mixed:
          XCTAssertLessThan(Double(resolver.wrong) / Double(resolver.total), 0.005, context)
        }
      }
    }
  }

  /// One position as two readers vote on it.
  static func twoReaders(
    _ truth: Character, p: Double, noise: Noise, alphabet: String,
    _ random: inout SplitMix64
  ) -> MRZCharacterVotes {
    var weights: [(character: Character, weight: Double)] = []
    func add(_ character: Character, _ weight: Double) {
      if let index = weights.firstIndex(where: { $0.character == character }) {
        weights[index].weight += weight
      } else {
        weights.append((character, weight))
      }
    }
    for range in [0.5...1.0, 0.15...0.6] {
      var character = truth
      if random.chance(p) {
        let lookAlikes = MRZLookAlike.alternatives(of: truth)
        if !lookAlikes.isEmpty, noise == .lookAlike || random.chance(0.8) {
          character = random.pick(lookAlikes)
        } else if noise == .mixed {
          character = random.pick(alphabet.filter { $0 != truth })
        }
      }
      let weight = random.double(range)
      add(character, weight)
      let lookAlikes = MRZLookAlike.alternatives(of: character)
      if !lookAlikes.isEmpty, random.chance(0.1) {
        add(random.pick(lookAlikes), weight * random.double(0.1...0.6))
      }
    }
    return MRZCharacterVotes(weights.map { ($0.character, min(1, $0.weight)) })
  }

  /// A random valid MRZ of `format`; document numbers lean on the
  /// characters readers confuse.
  static func randomMRZ(_ format: MRZFormat, _ random: inout SplitMix64) -> [String] {
    let letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    let digits = "0123456789"
    func padded(_ text: String, _ count: Int) -> String {
      String((text + String(repeating: "<", count: count)).prefix(count))
    }
    func check(_ text: String) -> String { String(MRZCheckDigit.compute(text)) }
    func number(_ count: Int, _ random: inout SplitMix64) -> String {
      let prefix = random.string(letters, count: random.int(0...min(2, count)))
      let rest = (prefix.count..<count).map { _ in
        random.chance(0.2) ? random.pick(letters + "ODQILZASGTB") : random.pick(digits + "000")
      }
      return prefix + String(rest)
    }
    func optional(_ maxCount: Int, _ random: inout SplitMix64) -> String {
      guard maxCount > 0, random.chance(0.5) else { return "" }
      let count = random.int(1...maxCount)
      var characters = Array(random.string(letters + digits + "<<<", count: count))
      characters[0] = random.pick(letters + digits)
      characters[count - 1] = random.pick(letters + digits)
      return String(characters)
    }
    func date(_ random: inout SplitMix64) -> String {
      let month = random.int(1...12)
      let day = random.int(1...[31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1])
      return [random.int(0...99), month, day].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined()
    }
    func code3(_ random: inout SplitMix64) -> String {
      random.chance(0.2) ? "D<<" : random.string(letters, count: 3)
    }
    func names(_ count: Int, _ random: inout SplitMix64) -> String {
      let surname = random.string(letters, count: random.int(2...10))
      let given = (0..<random.int(0...2)).map { _ in
        random.string(letters, count: random.int(2...8))
      }
      let field = given.isEmpty ? surname : surname + "<<" + given.joined(separator: "<")
      return padded(field, count)
    }

    let birth = random.chance(0.05) ? random.pick(["<<<<<<", "74<<<<"]) : date(&random)
    let expiry = date(&random)
    let birthPart = birth + check(birth)
    let expiryPart = expiry + check(expiry)
    let sex = random.pick(["M", "F", "X", "<"])
    let nationality = code3(&random)
    switch format {
    case .td1:
      var first = random.pick(["I<", "ID", "AC"]) + code3(&random)
      if random.chance(0.2) {
        let long = number(random.int(10...14), &random)
        first += long.prefix(9) + "<" + long.dropFirst(9) + check(long) + "<"
      } else {
        let short = padded(number(random.int(6...9), &random), 9)
        first += short + check(short)
      }
      first = padded(first + optional(30 - first.count, &random), 30)
      let optional2 = padded(optional(11, &random), 11)
      let composite = check(String(first.dropFirst(5)) + birthPart + expiryPart + optional2)
      let second = birthPart + sex + expiryPart + nationality + optional2 + composite
      return [first, second, names(30, &random)]
    case .td2, .td3, .mrvA, .mrvB:
      let length = format.lineLength
      let code = format == .td3 ? "P<" : format == .mrvA || format == .mrvB ? "V<" : "I<"
      let first = code + code3(&random) + names(length - 5, &random)
      let short = padded(number(random.int(6...9), &random), 9)
      let numberPart = short + check(short)
      let optionalLength = [MRZFormat.td3: 14, .td2: 7, .mrvA: 16, .mrvB: 8][format]!
      let data = optional(optionalLength, &random)
      var optionalPart = padded(data, optionalLength)
      if format == .td3 {
        optionalPart += data.isEmpty ? random.pick(["<", "0"]) : check(optionalPart)
      }
      var second = numberPart + nationality + birthPart + sex + expiryPart + optionalPart
      if format == .td3 || format == .td2 {
        second += check(numberPart + birthPart + expiryPart + optionalPart)
      }
      return [first, second]
    }
  }
}
