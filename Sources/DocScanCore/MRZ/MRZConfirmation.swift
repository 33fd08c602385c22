/// One independent reader's own reading of an MRZ: another engine, scale or
/// binarisation than the other opinions of the same frame. `lines` hold
/// the reader's best character per position, `?` where it read none.
public struct MRZOpinion: Sendable, Equatable {
  /// What read it (`tesseract`, `glyphs`, ...): opinions from one source
  /// are not independent of each other, however many frames gave them.
  public var source: String
  public var lines: [String]

  public init(source: String, lines: [String]) {
    self.source = source
    self.lines = lines
  }

  /// Where a reader placed no character in a cell. Every cell of an MRZ
  /// line is printed (fillers too), so a cell read empty is a character
  /// the reader missed or a row whose cells ran off the print (a pitch
  /// fitted short puts an empty cell in a name and every later letter a
  /// cell on); such a reading dissents from what others read there
  /// (`MRZConfirmation`), while `?` (a character the reader doubts)
  /// only abstains.
  public static let emptyCell: Character = "_"

  /// `lines` with `emptyCell` where `votes` (the reader's own candidates
  /// per cell) hold none and the line shows `?`.
  public static func markingEmptyCells(_ lines: [String], votes: [[MRZCharacterVotes]])
    -> [String]
  {
    lines.indices.map { index in
      guard index < votes.count else { return lines[index] }
      let cells = votes[index]
      return String(
        lines[index].enumerated().map { column, character in
          character == "?" && column < cells.count && cells[column].candidates.isEmpty
            ? emptyCell : character
        })
    }
  }
}

/// Characters the check digits cannot vouch for are believed only when
/// independent readings agree on them.
///
/// - Where no check looks (names, codes, sex), `requiredSources` different
///   sources must read the accepted character, and none another one: the
///   views of one model share some of its errors (`T` read `I` by two of
///   three), so a dissenting view means the field is not settled. A view
///   that read the cell empty (`MRZOpinion.emptyCell`) dissents too: its
///   row's cells may have run off the print, and the others' letters there
///   may be the neighbour's.
/// - Where a check looks at a field that may hold letters (document number,
///   optional data), the check sees every substitution but those between
///   characters whose values differ by a multiple of 10 (`8`/`S`, `6`/`G`,
///   `<`/`K`, `0`/`U`: `MRZCheckDigit`). So a source must read the accepted
///   character, and none may read one of those blind look-alikes of it, nor
///   may the votes give one `MRZVoteResolver.runnerUpRatio` of its weight
///   (the reader was unsure between two characters no check tells apart).
/// - An issuer or nationality that is no known code (`MRZCountryCode`) is
///   what a misread letter of a real one usually gives (`JPN` read `IPN`),
///   so each of its letters needs every one of `unknownCodeSources` sources,
///   none dissenting, and no rival in the votes with
///   `MRZVoteResolver.runnerUpRatio` of its weight.
/// - Numeric fields (dates, check digits) are left to the checks, but for
///   a date's fillers (an unknown part) and the check digit of an empty
///   personal number (`<` or `0`, both worth 0), which must be read as the
///   letters of a checked field are.
///
/// Reading the same pixels again proves nothing: a still frame held by
/// `imagefreeze` gives the same misreading every time. So agreement counts
/// sources, not readings: each source's verdict at a position is what it
/// read there most often over the fused frames (a passing misreading in a
/// live stream is outvoted within its own source). Characters are compared
/// after the field's kind forces look-alikes, as `MRZCorrector` does.
public enum MRZConfirmation {
  /// A source's verdict that it read no character in the cell
  /// (`MRZOpinion.emptyCell`).
  static let emptyCell = UInt8(ascii: "_")

  /// Distinct sources that must agree on every unchecked position.
  public static let requiredSources = 2

  /// Sources that must all read each letter of a code that does not exist:
  /// the three views of `MRZModelReader`.
  public static let unknownCodeSources = 3

  /// The positions whose character is not confirmed; empty when every
  /// one is.
  public static func unconfirmed(
    _ lines: [String], format: MRZFormat, opinions: [MRZOpinion],
    votes: [[MRZCharacterVotes]] = []
  ) -> [MRZPosition] {
    let layout = MRZLayout.of(format)
    let kinds = layout.kinds
    let unchecked = Set(layout.uncheckedPositions)
    let unknownCode = Set(unknownCodePositions(lines, layout: layout))
    let fillerOrZero = Set(fillerOrZeroCheckDigits(lines, layout: layout))
    let target = lines.map { Array($0.utf8) }
    let read = opinions.map { opinion in
      (opinion.source, opinion.lines.map { Array($0.utf8) })
    }
    let positions = (0..<format.lineCount).flatMap { line in
      (0..<format.lineLength).map { MRZPosition(line: line, column: $0) }
    }.filter { position in
      // Numbers are left to the checks, but a filler in a date is not: a
      // cell no view read fuses to `<`, and the check cannot tell `<` from
      // `0` or from a day such as 17 gone unread (3 x 1 + 7 = 10). So a
      // date's filler must have been read, as a checked letter must.
      let kind = kinds[position.line][position.column]
      return !kind.isNumeric
        || (kind == .digitsOrFiller && target[position.line][position.column] == UInt8(ascii: "<"))
        || fillerOrZero.contains(position)
    }
    return positions.filter { position in
      let kind = kinds[position.line][position.column]
      let wanted = target[position.line][position.column]
      // Each source's own verdict: what it read most often here over the
      // window (a source that read one character as often as another has
      // no verdict and dissents).
      var counts: [String: [UInt8: Int]] = [:]
      for (source, rows) in read where position.line < rows.count {
        let row = rows[position.line]
        guard position.column < row.count else { continue }
        if row[position.column] == emptyCell {
          counts[source, default: [:]][emptyCell, default: 0] += 1
          continue
        }
        guard let byte = MRZLookAlike.forced(byte: row[position.column], kind: kind),
          position != MRZDocumentCode.typePosition || MRZDocumentCode.isDocumentType(byte: byte)
        else { continue }
        counts[source, default: [:]][byte, default: 0] += 1
      }
      var agreeing = 0
      var dissenting = false
      var blindRival = false
      for tally in counts.values {
        let ranked = tally.sorted { $0.value > $1.value }
        if ranked.count > 1 && ranked[0].value == ranked[1].value {
          dissenting = true
          continue
        }
        let verdict = ranked[0].key
        if verdict == wanted {
          agreeing += 1
          continue
        }
        dissenting = true
        if let value = MRZCheckDigit.value(ofByte: verdict),
          let accepted = MRZCheckDigit.value(ofByte: wanted), (value - accepted) % 10 == 0
        {
          blindRival = true
        }
      }
      if unknownCode.contains(position) {
        return agreeing < unknownCodeSources || dissenting
          || hasRivalVote(votes, at: position, accepted: wanted, kind: kind)
      }
      if unchecked.contains(position) { return agreeing < requiredSources || dissenting }
      return agreeing == 0 || blindRival
        || hasBlindRivalVote(votes, at: position, accepted: wanted, kind: kind)
    }
  }

  /// Whether the votes at `position` hold a character the checks cannot
  /// tell from `accepted` (values a multiple of 10 apart) with at least
  /// `MRZVoteResolver.runnerUpRatio` of the accepted one's weight.
  static func hasBlindRivalVote(
    _ votes: [[MRZCharacterVotes]], at position: MRZPosition, accepted: UInt8, kind: MRZFieldKind
  ) -> Bool {
    guard position.line < votes.count, position.column < votes[position.line].count,
      let value = MRZCheckDigit.value(ofByte: accepted)
    else { return false }
    var weights: [UInt8: Double] = [:]
    for candidate in votes[position.line][position.column].candidates {
      guard let ascii = candidate.character.asciiValue,
        let byte = MRZLookAlike.forced(byte: ascii, kind: kind)
      else { continue }
      weights[byte, default: 0] += candidate.weight
    }
    let own = weights[accepted] ?? 0
    return weights.contains { byte, weight in
      guard byte != accepted, let rival = MRZCheckDigit.value(ofByte: byte) else { return false }
      return (rival - value) % 10 == 0 && weight >= MRZVoteResolver.runnerUpRatio * own
    }
  }

  /// Whether the votes at `position` hold any other character with at least
  /// `MRZVoteResolver.runnerUpRatio` of the accepted one's weight.
  static func hasRivalVote(
    _ votes: [[MRZCharacterVotes]], at position: MRZPosition, accepted: UInt8, kind: MRZFieldKind
  ) -> Bool {
    guard position.line < votes.count, position.column < votes[position.line].count else {
      return false
    }
    let legal = MRZVoteResolver.legalCandidates(votes[position.line][position.column], kind: kind)
    let own = legal.first { $0.byte == accepted }?.weight ?? 0
    return legal.contains {
      $0.byte != accepted && $0.weight >= MRZVoteResolver.runnerUpRatio * own
    }
  }

  /// The cells of the issuer and nationality fields whose code in `lines`
  /// does not exist.
  static func unknownCodePositions(_ lines: [String], layout: MRZLayout) -> [MRZPosition] {
    MRZCodeSettling.countryFields.compactMap(layout.field).filter { field in
      guard field.line < lines.count else { return false }
      let row = Array(lines[field.line])
      guard field.range.upperBound <= row.count else { return false }
      return !MRZCountryCode.isKnown(MRZCodeSettling.code(Array(row[field.range])))
    }.flatMap { field in field.range.map { MRZPosition(line: field.line, column: $0) } }
  }

  /// The check digits of empty fields (every checked character `<`) that
  /// allow `<` as well as `0` (`MRZCheck.Rule.fillerWhenEmpty`): both are
  /// worth 0, so no check tells which one is printed, and a view that read
  /// the other is a blind rival, as in a checked letter.
  static func fillerOrZeroCheckDigits(_ lines: [String], layout: MRZLayout) -> [MRZPosition] {
    let rows = lines.map { Array($0.utf8) }
    func byte(at position: MRZPosition) -> UInt8? {
      guard position.line < rows.count, position.column < rows[position.line].count else {
        return nil
      }
      return rows[position.line][position.column]
    }
    return layout.checks.filter { check in
      guard check.rule == .fillerWhenEmpty else { return false }
      return check.spans.allSatisfy { span in
        span.range.allSatisfy {
          byte(at: MRZPosition(line: span.line, column: $0)) == UInt8(ascii: "<")
        }
      }
    }.map(\.digit)
  }
}
