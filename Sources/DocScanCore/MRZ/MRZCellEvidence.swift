/// What the two readers said about one MRZ character cell, and how that
/// becomes votes.
///
/// OCR-B glyph matching and Tesseract fail differently: Tesseract's LSTM
/// reads letters and digits well but often takes the `<` filler for `K`;
/// matching the cell against OCR-B's own glyphs tells `<` from letters
/// reliably but mixes up `0`/`O` and `E`/`F` on worn prints. So the
/// matcher decides filler-or-not and Tesseract, when it saw the cell,
/// decides which character.
public struct MRZCellEvidence: Sendable, Equatable {
  /// Glyph-matching scores (normalised correlation, -1...1), best first.
  public var glyphScores: [(character: Character, score: Double)]
  /// Tesseract's character for this cell and its confidence (0...1).
  public var ocr: (character: Character, confidence: Double)?

  /// The matcher must beat its runner-up by this much to call a filler.
  public static let fillerMargin = 0.05
  /// ... and match at least this well.
  public static let fillerScore = 0.5

  public init(
    glyphScores: [(character: Character, score: Double)],
    ocr: (character: Character, confidence: Double)?
  ) {
    self.glyphScores = glyphScores.sorted { $0.score > $1.score }
    self.ocr = ocr
  }

  public var votes: MRZCharacterVotes {
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
