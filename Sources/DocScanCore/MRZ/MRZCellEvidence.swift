/// What the two readers said about one MRZ character cell, and how that
/// becomes votes.
///
/// OCR-B glyph matching and Tesseract fail differently: Tesseract's LSTM
/// reads letters and digits well but often takes the `<` filler for `K`;
/// matching the cell against OCR-B's own glyphs tells `<` from letters
/// reliably but mixes up `0`/`O` and `E`/`F` on worn prints. So the
/// matcher decides filler-or-not and Tesseract, when it saw the cell,
/// decides which character. Where a check digit covers the cell, the glyphs
/// may outvote Tesseract when they leave no doubt (`votes(glyphsMayDecide:)`):
/// on small prints Tesseract reads `9` as `I`, `8` as `B` where the matcher
/// is sure, and the check digit catches the matcher's own mistakes. Where
/// no check looks (names), Tesseract keeps the last word: it tells `E` from
/// `F` better, and a mistake there would pass unseen.
public struct MRZCellEvidence: Sendable, Equatable {
  /// Glyph-matching scores (normalised correlation, -1...1), best first.
  public var glyphScores: [(character: Character, score: Double)]
  /// Tesseract's character for this cell and its confidence (0...1).
  public var ocr: (character: Character, confidence: Double)?

  /// The matcher must beat its runner-up by this much to call a filler.
  public static let fillerMargin = 0.05
  /// ... and match at least this well.
  public static let fillerScore = 0.5
  /// A best glyph this far ahead of its runner-up outvotes Tesseract.
  public static let decisiveMargin = 0.1
  /// Where no check looks, a best glyph this far ahead that Tesseract
  /// contradicts makes the cell contested: both get the same say, and
  /// `MRZFusion` withholds an MRZ with a contested unchecked cell. On the
  /// specimen scans such cells went either way (the glyphs took `E` for `F`
  /// with margins up to 0.13, Tesseract took `D` for `O` where the glyphs
  /// were 0.041 and 0.067 ahead), and a margin set between them (0.06)
  /// returned a visa's `VO` for `VD` when the templates changed slightly.
  /// So the margin is low: a withheld result is the price, never a wrong
  /// one. One disagreement is no contest: two letters where Tesseract reads
  /// the glyphs' own runner-up. On the specimen scans the glyphs took `E`
  /// for `F` and `B` for `D` 15 times by margins up to 0.13, each time with
  /// the true letter second and Tesseract reading it; where the glyphs were
  /// right against Tesseract (`D` read `O`, `J` read `I`), Tesseract's letter
  /// ranked third or lower. A letter scoring within `contestingMargin` of
  /// the runner-up ties it: Spain's names read `O` where the glyphs ranked
  /// `D`, then `Q` 0.002 ahead of `O`.
  public static let contestingMargin = 0.03
  /// Tesseract settles the glyphs' near tie only when at least this sure.
  /// On the specimen scans, where Tesseract named the glyphs' runner-up (or
  /// tied it) it was right in 19 cells with confidences 0.96–0.99 (`E`/`F`,
  /// `B`/`D`, `O`/`D`, `I`/`T`) and wrong twice, reading `I` as `T` with
  /// 0.90 and 0.91 (a card's first letter, and Qatar's stamped names).
  public static let settlingConfidence = 0.95
  /// Where no check looks, Tesseract's character whose glyph scores this
  /// much below the best glyph contests the cell even when the glyphs' own
  /// top two are close. A stamp across Qatar's names made Tesseract read
  /// `K` as `R` and `L` as `T` (0.32 and 0.47 below the glyphs' `K` and `L`,
  /// which led their runner-ups by only 0.02); where Tesseract was right
  /// against unsure glyphs its letter was at most 0.22 behind (Japan's `G`).
  /// Where a check covers the cell, such a misfit is only a doubt: the
  /// glyphs lead even when their own top two are close. On the specimen
  /// scans Tesseract read checked cells 0.25 or more below the best glyph
  /// 36 times (`9` read `I`, `1` read `9`, `8` read `E`, `4` read `G`) and
  /// was right none of them; where it was right against the glyphs its
  /// character was at most 0.19 behind (`8` read `B` where the glyphs took
  /// `A`). If the glyphs are wrong too, the check fails, and the doubt never
  /// becomes the reading (`MRZVoteResolver`).
  public static let misfitGap = 0.25
  /// A misfit's weight in a checked cell: below `MRZVoteResolver`'s
  /// `runnerUpRatio` of any glyph lead (which weighs at least 0.5).
  static let misfitWeight = 0.1

  public init(
    glyphScores: [(character: Character, score: Double)],
    ocr: (character: Character, confidence: Double)?
  ) {
    self.glyphScores = glyphScores.sorted { $0.score > $1.score }
    self.ocr = ocr
  }

  /// Tesseract leads (see the type's comment).
  public var votes: MRZCharacterVotes { votes(glyphsMayDecide: false) }

  /// With `glyphsMayDecide`, a best glyph `decisiveMargin` ahead of its
  /// runner-up outvotes Tesseract, and any best glyph outvotes a Tesseract
  /// character `misfitGap` below it.
  public func votes(glyphsMayDecide: Bool) -> MRZCharacterVotes {
    guard let first = glyphScores.first else {
      return MRZCharacterVotes(ocr.map { [($0.character, $0.confidence)] } ?? [])
    }
    let runnerUp = glyphScores.dropFirst().first?.score ?? -1
    let clearFiller =
      first.character == "<" && first.score >= Self.fillerScore
      && first.score - runnerUp >= Self.fillerMargin
    var weights: [Character: Double] = [:]
    if clearFiller {
      weights["<"] = 1
    } else if let ocr, ocr.character != "<" || first.character == "<" {
      let margin = first.score - runnerUp
      // Tesseract's character does not fit the pixels at all (a stamp or a
      // smudge on the cell, or a misread on a small print).
      // A character the matcher did not score fits no better than -1.
      let ocrScore = glyphScores.first { $0.character == ocr.character }?.score
      let misfit = first.score - (ocrScore ?? -1) >= Self.misfitGap
      if glyphsMayDecide && (margin >= Self.decisiveMargin || misfit) && first.character != "<" {
        weights[first.character, default: 0] += 0.5 + 0.5 * max(0, first.score)
        weights[ocr.character, default: 0] +=
          (misfit ? Self.misfitWeight : 0.4) * ocr.confidence
        return MRZCharacterVotes(weights.map { ($0.key, min(1, $0.value)) })
      }
      // Tesseract, sure of itself, names the glyphs' second-best letter (or
      // one tied with it): a near tie the glyphs lose on faint prints (see
      // `contestingMargin`).
      let runnerUpNamed =
        glyphScores.count > 1 && (ocrScore ?? -1) >= runnerUp - Self.contestingMargin
        && ocr.confidence >= Self.settlingConfidence
        && ocr.character.isLetter && first.character.isLetter
      // Where no check looks, a misfit contests even a glyph near tie.
      if !glyphsMayDecide && (margin >= Self.contestingMargin || misfit)
        && first.character != "<" && ocr.character != first.character && !runnerUpNamed
      {
        let say = 0.5 + 0.5 * min(ocr.confidence, max(0, first.score))
        return MRZCharacterVotes([(ocr.character, say), (first.character, say)])
      }
      weights[ocr.character, default: 0] += 0.5 + 0.5 * ocr.confidence
      weights[first.character, default: 0] += 0.4 * max(0, first.score)
    } else {
      // No OCR opinion (or an OCR filler the glyphs do not see): the glyphs.
      weights[first.character, default: 0] += max(0.01, first.score)
      if let second = glyphScores.dropFirst().first {
        weights[second.character, default: 0] += 0.5 * max(0, second.score)
      }
    }
    return MRZCharacterVotes(weights.map { ($0.key, min(1, $0.value)) })
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.glyphScores.map(\.character) == rhs.glyphScores.map(\.character)
      && lhs.glyphScores.map(\.score) == rhs.glyphScores.map(\.score)
      && lhs.ocr?.character == rhs.ocr?.character && lhs.ocr?.confidence == rhs.ocr?.confidence
  }
}
