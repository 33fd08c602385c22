/// Fuses the MRZ readings of consecutive frames into one MRZ, and decides
/// when it can be believed.
///
/// One frame's OCR misreads a few characters, rarely the same ones twice:
/// every position is voted on by the last `windowSize` readings, each
/// candidate character weighted by how much its reading believed it. The
/// fused lines go through `MRZCorrector` (look-alikes forced by field kind,
/// every check digit must hold) and `MRZParser`. A record is accepted only
/// when it is valid and the same corrected lines came out for
/// `requiredAgreement` readings in a row, so one lucky frame is not enough.
///
/// Positions no check digit covers must also be read alike by independent
/// readers (`MRZConfirmation`): until they are, the state stays
/// `collecting`, however often the same pixels are read.
///
/// Fused lines that stay the same and keep failing their check digits are
/// what a document printed with a wrong check digit (or altered) looks
/// like: after `unverifiableAfter` such readings the state is
/// `unverifiable`. It is never accepted; the state clears only when the
/// readings change.
public struct MRZFusion: Sendable {
  /// What the readings so far amount to.
  public enum State: Sendable, Equatable {
    /// Not (yet) an MRZ to believe.
    case collecting
    /// Valid, and stable over `requiredAgreement` readings.
    case accepted(MRZRecord)
    /// The same fused lines failed their checks `unverifiableAfter` times
    /// in a row: as printed, this MRZ does not verify.
    case unverifiable(lines: [String])
  }

  public var windowSize: Int
  public var requiredAgreement: Int
  public var unverifiableAfter: Int

  private var window: [MRZReading] = []
  private var agreedLines: [String]?
  private var agreeing = 0
  private var failedLines: [String]?
  private var failing = 0

  /// Whether the last reading's fused lines passed every check (accepted,
  /// or waiting for agreement and confirmation): the readings are getting
  /// somewhere.
  public private(set) var passesChecks = false

  public init(windowSize: Int = 8, requiredAgreement: Int = 3, unverifiableAfter: Int = 6) {
    precondition(windowSize > 0 && requiredAgreement > 0 && unverifiableAfter > 0)
    self.windowSize = windowSize
    self.requiredAgreement = requiredAgreement
    self.unverifiableAfter = unverifiableAfter
  }

  /// How many readings are being fused.
  public var count: Int { window.count }

  /// The best character at every position over the window; nil when empty.
  public var fusedLines: [String]? {
    window.isEmpty ? nil : Self.fuse(window)
  }

  /// Adds one frame's reading; `today` chooses the centuries of the dates.
  /// A reading whose shape fits no MRZ format is ignored; one whose shape
  /// differs from the window's starts a new window (another document).
  public mutating func add(_ reading: MRZReading, today: MRZDate) -> State {
    passesChecks = false
    let shape = reading.lineShape
    guard !MRZFormat.candidates(lineCount: shape.count, lineLength: shape.length).isEmpty,
      reading.lines.allSatisfy({ $0.count == shape.length })
    else { return .collecting }
    if let first = window.first, first.lineShape != shape { reset() }
    window.append(reading)
    if window.count > windowSize { window.removeFirst(window.count - windowSize) }

    var fused = Self.fuse(window)
    var votes = Self.fusedVotes(window)
    if let format = MRZFormat.detect(lines: fused) {
      (fused, votes) = Self.settlingCodes(fused, votes, format: format)
    }
    if let record = Self.verified(fused, votes: votes, today: today) {
      passesChecks = true
      failedLines = nil
      failing = 0
      agreeing = record.lines == agreedLines ? agreeing + 1 : 1
      agreedLines = record.lines
      let confirmed = MRZConfirmation.unconfirmed(
        record.lines, format: record.format, opinions: window.flatMap(\.opinions), votes: votes
      ).isEmpty
      return agreeing >= requiredAgreement && confirmed ? .accepted(record) : .collecting
    }
    agreedLines = nil
    agreeing = 0
    if Self.verified(fused, today: today) != nil {
      // The best reading passes its checks, but so does another reading of
      // the votes: not an MRZ that fails its checks (which "cannot be
      // verified" would say), just not one to believe yet.
      failedLines = nil
      failing = 0
      return .collecting
    }
    failing = fused == failedLines ? failing + 1 : 1
    failedLines = fused
    return failing >= unverifiableAfter ? .unverifiable(lines: fused) : .collecting
  }

  /// Forgets every reading (a new session, another document).
  public mutating func reset() {
    window.removeAll()
    passesChecks = false
    agreedLines = nil
    agreeing = 0
    failedLines = nil
    failing = 0
  }

  /// The corrected lines' record when every check holds and every field is
  /// legal; nil otherwise. The best characters are corrected by type first;
  /// when that fails, the check digits may choose between characters the
  /// readers disagreed on (`MRZVoteResolver`: only among voted candidates,
  /// only when exactly one choice holds). When the best characters pass,
  /// the votes must not hold another choice that passes too: two
  /// misreadings under one check can make up each other's difference (a
  /// document number's `O` and `G` both read `0`: 24 + 16 = 40, and the
  /// check digit holds), and then the check vouches for neither.
  static func verified(_ lines: [String], votes: [[MRZCharacterVotes]]? = nil, today: MRZDate)
    -> MRZRecord?
  {
    guard let format = MRZFormat.detect(lines: lines) else { return nil }
    let corrected: [String]?
    if let best = MRZCorrector.correct(lines, format: format) {
      corrected = votes.map { MRZVoteResolver.hasRivalFit($0, format: format) } == true ? nil : best
    } else {
      corrected = votes.flatMap { MRZVoteResolver.resolve($0, format: format, today: today) }
    }
    // Issuer and nationality are under no check digit. A code that does
    // not exist is not refused here (new states, specimens, renders use
    // them) but must be read alike by every view (`MRZConfirmation`).
    guard let corrected,
      let record = MRZParser.parse(corrected, format: format, today: today), record.isValid
    else { return nil }
    return record
  }

  /// The fused lines and votes with the issuer's and nationality's
  /// disputes settled by the codes that exist (`MRZCodeSettling`).
  static func settlingCodes(
    _ lines: [String], _ votes: [[MRZCharacterVotes]], format: MRZFormat
  ) -> ([String], [[MRZCharacterVotes]]) {
    let settled = MRZCodeSettling.settle(votes, format: format)
    let lines = zip(lines, zip(votes, settled)).map { line, pair in
      String(
        zip(line, zip(pair.0, pair.1)).map { character, cell in
          cell.0 == cell.1 ? character : cell.1.best
        })
    }
    return (lines, settled)
  }

  /// Per position, every character's weight summed over the readings.
  static func fusedVotes(_ readings: [MRZReading]) -> [[MRZCharacterVotes]] {
    guard let first = readings.first else { return [] }
    return first.lines.indices.map { line in
      first.lines[line].indices.map { column in
        var totals: [Character: Double] = [:]
        for reading in readings {
          for candidate in reading.lines[line][column].candidates {
            totals[candidate.character, default: 0] += candidate.weight
          }
        }
        return MRZCharacterVotes(totals.map { ($0.key, $0.value) })
      }
    }
  }

  /// Per position, the character with the largest summed weight (ties go
  /// to the character seen first, so the result does not depend on hashing).
  static func fuse(_ readings: [MRZReading]) -> [String] {
    guard let first = readings.first else { return [] }
    return first.lines.indices.map { line in
      String(
        first.lines[line].indices.map { column -> Character in
          var totals: [(character: Character, weight: Double)] = []
          for reading in readings {
            for candidate in reading.lines[line][column].candidates {
              if let index = totals.firstIndex(where: { $0.character == candidate.character }) {
                totals[index].weight += candidate.weight
              } else {
                totals.append(candidate)
              }
            }
          }
          var best = totals.first ?? (character: "<", weight: 0)
          for total in totals.dropFirst() where total.weight > best.weight { best = total }
          return best.character
        })
    }
  }
}
