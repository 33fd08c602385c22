/// Lets the check digits choose between the characters the OCR readers
/// disagree on, and only there.
///
/// The reader's views often disagree on exactly the characters that matter
/// (`0`/`O`/`D` in a document number, `1`/`7` in a date). Taking the best vote and forcing look-alikes by kind
/// (`MRZCorrector`) then fails a check and loses the reading, although the
/// right character was among the votes. Here a check decides between the
/// voted candidates of the characters it covers, under rules that keep it
/// from making a reading up:
/// - a character is chosen only when a reader voted for it (after the
///   kind's look-alike mapping, as in the corrector) with at least
///   `runnerUpRatio` of the best weight at its position. A weaker runner-up
///   is a doubt: never chosen, but a combination it makes fit (one doubt at
///   a time) counts against uniqueness, because the check's failure may lie
///   there;
/// - a check is in doubt when it fails with the best votes, or when it
///   holds but covers a disputed position with evidence: two misreadings
///   under one check can make up each other's difference and pass, so a
///   check that holds settles nothing when another combination of the votes
///   passes too;
/// - at most `maximumUncertainPositions` positions with evidence per check
///   in doubt: a check digit is one decimal digit, and the more combinations
///   it is asked to choose from, the likelier a wrong one fits by accident;
/// - exactly one combination may make every check hold, and the result must
///   parse valid.
///
/// Check digits are read, never chosen, even when their own votes are split:
/// a check digit is its field's only witness, and choosing it would fit the
/// witness to the field instead of testing the field. A document printed (or
/// altered) with a wrong check digit would be "repaired" whenever a reader
/// proposed the digit that fits, and a misread field with an uncertain check
/// digit would get two chances in ten, not one, to pass by accident. A frame
/// with a misread check digit stays unresolved; the next frames read it again.
///
/// What stays out of reach (see `MRZCheckDigit`): a runner-up whose value
/// differs from the best's by a multiple of 10 (`1`/`L`, `6`/`G`, `<`/`0`)
/// cannot be told apart by any check, so it is not tried and the best vote
/// stands, as it does everywhere no check covers (names, issuer,
/// nationality, sex, document code). And a character both readers misread
/// alike has no vote for the truth: when a disagreement elsewhere under the
/// same check makes up the difference, the only fit is wrong, and nothing in
/// the votes tells it from a right one (`MRZVoteResolverTests` counts it).
public enum MRZVoteResolver {
  /// A runner-up can be chosen when its weight is at least this fraction of
  /// the best one's. Two views that disagree give weights of the same order
  /// (the model's confidences, 0.5–1); a far weaker candidate is a doubt,
  /// not an opinion.
  public static let runnerUpRatio = 0.3

  /// More positions with evidence than this under one check in doubt → nil.
  public static let maximumUncertainPositions = 3

  /// Bound on the combinations tried jointly; beyond it the answer would
  /// hardly be unique, and the work is not spent.
  static let maximumCombinations = 100_000

  /// The lines the votes mean once the check digits have chosen between the
  /// candidates they can tell apart; nil when a position has no candidate its
  /// kind allows, when a check in doubt has more than
  /// `maximumUncertainPositions` positions with evidence, when no
  /// combination or more than one makes every check hold, or when the result
  /// does not parse valid. Dates are read against today's date.
  public static func resolve(_ votes: [[MRZCharacterVotes]], format: MRZFormat) -> [String]? {
    resolve(votes, format: format, today: MRZDate.today())
  }

  /// `resolve(_:format:)` with the date the centuries are chosen against.
  public static func resolve(
    _ votes: [[MRZCharacterVotes]], format: MRZFormat, today: MRZDate
  ) -> [String]? {
    let layout = MRZLayout.of(format)
    let kinds = layout.kinds
    guard let options = options(votes, format: format) else { return nil }
    let best = MRZGrid(
      options.map { row in String(decoding: row.map { $0[0].byte }, as: UTF8.self) })
    let failing = layout.checks.filter { !$0.holds(in: best) }

    // Check digits (the TD1 long number's too) are never tried.
    let digits = Set(
      layout.checks.flatMap { [$0.digit, $0.resolved(in: best)?.digit ?? $0.digit] })
    func positions(_ spans: [MRZSpan]) -> [MRZPosition] {
      spans.flatMap { span in span.range.map { MRZPosition(line: span.line, column: $0) } }
    }
    /// The disputed positions of `spans` (but those in `excluded`), and how
    /// many of them have a runner-up with evidence.
    func disputed(_ spans: [MRZSpan], excluding excluded: Set<MRZPosition> = [])
      -> (positions: [MRZPosition], uncertain: Int)
    {
      let disputed = positions(spans).filter { position in
        kinds[position.line][position.column] != .checkDigit && !digits.contains(position)
          && !excluded.contains(position) && options[position.line][position.column].count > 1
      }
      let uncertain = disputed.filter { position in
        options[position.line][position.column].contains { !$0.isDoubt }
      }
      return (disputed, uncertain.count)
    }
    func combinations(_ positions: [MRZPosition]) -> [[Substitution]]? {
      withAtMostOneDoubt(
        positions.map { position in
          options[position.line][position.column].dropFirst().map {
            Substitution(position: position, byte: $0.byte, isDoubt: $0.isDoubt)
          }
        })
    }

    // Each field check in doubt: the combinations of its disputed positions
    // that make it hold.
    var groups: [[[Substitution]]] = []
    var fieldCovered = Set<MRZPosition>()
    for check in layout.checks where check.name != "composite" {
      let spans = readSpans(check, in: best)
      fieldCovered.formUnion(positions(spans))
      let (disputed, uncertain) = disputed(spans)
      guard failing.contains(check) || uncertain > 0 else { continue }
      guard uncertain <= maximumUncertainPositions else { return nil }
      guard let tried = combinations(disputed) else { return nil }
      let fitting = tried.filter { check.holds(in: applying($0, to: best)) }
      guard !fitting.isEmpty else { return nil }
      groups.append(fitting)
    }
    // The composite decides the positions no field check covers (TD1 and TD2
    // optional data) itself; positions a field check covers are that check's
    // to decide, and there the composite only chooses between its fits.
    if let composite = layout.checks.first(where: { $0.name == "composite" }) {
      let (disputed, uncertain) = disputed(composite.spans, excluding: fieldCovered)
      if failing.contains(composite) || uncertain > 0 {
        guard uncertain <= maximumUncertainPositions, let tried = combinations(disputed) else {
          return nil
        }
        groups.append(tried)
      }
    }
    let size = groups.reduce(1) { total, group in
      min(total * group.count, maximumCombinations + 1)
    }
    guard size <= maximumCombinations else { return nil }

    // Every combination that makes every check hold: exactly one, and not
    // one that needs a doubt.
    var found: MRZGrid?
    var ambiguous = false
    forEachCombination(of: groups) { choice in
      let substitutions = choice.joined()
      let doubts = substitutions.filter(\.isDoubt).count
      guard doubts <= 1 else { return true }
      let trial = applying(substitutions, to: best)
      guard layout.checks.allSatisfy({ $0.holds(in: trial) }) else { return true }
      if found != nil || doubts > 0 {
        ambiguous = true
        return false
      }
      found = trial
      return true
    }
    guard !ambiguous, let found else { return nil }
    return valid(found, format: format, today: today)
  }

  /// Whether another combination of the candidates with evidence (at least
  /// `runnerUpRatio` of their position's best weight) than the best one
  /// makes every check hold too: then a check that holds with the best
  /// characters vouches for neither reading. Fields with more than
  /// `maximumUncertainPositions` such positions are not searched.
  public static func hasRivalFit(_ votes: [[MRZCharacterVotes]], format: MRZFormat) -> Bool {
    let layout = MRZLayout.of(format)
    let kinds = layout.kinds
    guard
      let options = options(votes, format: format)?.map({ row in
        row.map { cell in cell.filter { !$0.isDoubt } }
      })
    else { return false }
    let best = MRZGrid(
      options.map { row in String(decoding: row.map { $0[0].byte }, as: UTF8.self) })
    let digits = Set(layout.checks.map(\.digit))
    for check in layout.checks where check.name != "composite" {
      let rivals = readSpans(check, in: best).flatMap { span in
        span.range.map { MRZPosition(line: span.line, column: $0) }
      }.filter { position in
        kinds[position.line][position.column] != .checkDigit && !digits.contains(position)
          && options[position.line][position.column].count > 1
      }
      guard !rivals.isEmpty, rivals.count <= maximumUncertainPositions else { continue }
      let choices = rivals.map { position in
        options[position.line][position.column].dropFirst().map {
          Substitution(position: position, byte: $0.byte, isDoubt: false)
        }
      }
      var found = false
      forEachCombination(of: choices.map { [[]] + $0.map { [$0] } }) { choice in
        let substitutions = choice.joined()
        guard !substitutions.isEmpty else { return true }
        let trial = applying(Array(substitutions), to: best)
        found = layout.checks.allSatisfy { $0.holds(in: trial) }
        return !found
      }
      if found { return true }
    }
    return false
  }

  /// Per cell, the best candidate its kind allows, then the runner-ups
  /// (`choosable`); nil when the votes do not have the format's shape or a
  /// cell has no candidate its kind allows.
  private static func options(_ votes: [[MRZCharacterVotes]], format: MRZFormat)
    -> [[[Option]]]?
  {
    guard votes.count == format.lineCount,
      votes.allSatisfy({ $0.count == format.lineLength })
    else { return nil }
    let kinds = MRZLayout.of(format).kinds
    var options: [[[Option]]] = []
    for (line, positions) in votes.enumerated() {
      var row: [[Option]] = []
      for (column, votes) in positions.enumerated() {
        let candidates = legalCandidates(votes, kind: kinds[line][column])
        guard !candidates.isEmpty else { return nil }
        row.append(choosable(candidates))
      }
      options.append(row)
    }
    return options
  }

  /// A candidate for one position; a doubt when its weight is below
  /// `runnerUpRatio` of the best.
  private struct Option {
    var byte: UInt8
    var isDoubt: Bool
  }

  /// One candidate put in place of the best.
  private struct Substitution {
    var position: MRZPosition
    var byte: UInt8
    var isDoubt: Bool
  }

  /// The votes mapped to what the kind allows (a letter in a numeric field
  /// becomes its look-alike digit, and so on), weights of the same character
  /// merged, votes without weight and characters without a legal look-alike
  /// dropped; most believed first, ties in vote order.
  static func legalCandidates(_ votes: MRZCharacterVotes, kind: MRZFieldKind)
    -> [(byte: UInt8, weight: Double)]
  {
    var merged: [(byte: UInt8, weight: Double)] = []
    for candidate in votes.candidates where candidate.weight > 0 {
      guard let byte = MRZLookAlike.forced(candidate.character, kind: kind)?.asciiValue else {
        continue
      }
      if let index = merged.firstIndex(where: { $0.byte == byte }) {
        merged[index].weight += candidate.weight
      } else {
        merged.append((byte, candidate.weight))
      }
    }
    return merged.enumerated().sorted { lhs, rhs in
      lhs.element.weight != rhs.element.weight
        ? lhs.element.weight > rhs.element.weight : lhs.offset < rhs.offset
    }.map(\.element)
  }

  /// The best candidate, then the runner-ups whose check value differs from
  /// the best's (a difference of a multiple of 10 no check can see, so trying
  /// it could only make every fit ambiguous), the weak ones as doubts.
  private static func choosable(_ candidates: [(byte: UInt8, weight: Double)]) -> [Option] {
    let best = candidates[0]
    let bestValue = MRZCheckDigit.value(ofByte: best.byte) ?? 0
    return [Option(byte: best.byte, isDoubt: false)]
      + candidates.dropFirst().compactMap { candidate in
        guard let value = MRZCheckDigit.value(ofByte: candidate.byte),
          (value - bestValue) % 10 != 0
        else { return nil }
        return Option(byte: candidate.byte, isDoubt: candidate.weight < runnerUpRatio * best.weight)
      }
  }

  /// The characters a field check reads. A TD1 long document number
  /// (`<` at its check position) reads as far into the optional data as the
  /// first `<`, so every disputed character there can change what it reads.
  private static func readSpans(_ check: MRZCheck, in grid: MRZGrid) -> [MRZSpan] {
    if case .longDocumentNumber(let continuation) = check.rule,
      grid[check.digit] == UInt8(ascii: "<")
    {
      return check.spans + [continuation]
    }
    return check.resolved(in: grid)?.spans ?? check.spans
  }

  /// Every way to substitute at these positions (each position: keep the
  /// best or take one of its alternatives) with at most one doubt; nil when
  /// there are more than `maximumCombinations` (a partial list could hide a
  /// second fit).
  private static func withAtMostOneDoubt(_ alternatives: [[Substitution]]) -> [[Substitution]]? {
    var result: [[Substitution]] = []
    var chosen: [Substitution] = []
    func extend(_ index: Int, doubtUsed: Bool) {
      guard result.count <= maximumCombinations else { return }
      guard index < alternatives.count else {
        result.append(chosen)
        return
      }
      extend(index + 1, doubtUsed: doubtUsed)
      for substitution in alternatives[index] where !(doubtUsed && substitution.isDoubt) {
        chosen.append(substitution)
        extend(index + 1, doubtUsed: doubtUsed || substitution.isDoubt)
        chosen.removeLast()
      }
    }
    extend(0, doubtUsed: false)
    return result.count <= maximumCombinations ? result : nil
  }

  /// Calls `body` with one element of every group, in every combination,
  /// until it returns false.
  private static func forEachCombination<T>(of groups: [[T]], _ body: ([T]) -> Bool) {
    var chosen: [T] = []
    chosen.reserveCapacity(groups.count)
    func extend(_ index: Int) -> Bool {
      guard index < groups.count else { return body(chosen) }
      for element in groups[index] {
        chosen.append(element)
        defer { chosen.removeLast() }
        guard extend(index + 1) else { return false }
      }
      return true
    }
    _ = extend(0)
  }

  private static func applying<S: Sequence<Substitution>>(_ substitutions: S, to grid: MRZGrid)
    -> MRZGrid
  {
    var grid = grid
    for substitution in substitutions { grid[substitution.position] = substitution.byte }
    return grid
  }

  private static func valid(_ grid: MRZGrid, format: MRZFormat, today: MRZDate) -> [String]? {
    let lines = grid.lines
    guard let record = MRZParser.parse(lines, format: format, today: today), record.isValid
    else { return nil }
    return lines
  }
}
