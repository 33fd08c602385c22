/// One cell of an MRZ as a reader saw it: the character it read there and
/// the cell's print, sampled at a few horizontal offsets (a character's
/// place in its cell wanders a little along a row).
public struct MRZGlyph: Sendable {
  public var character: Character
  /// The cell's print sampled at each offset, every sample the same size,
  /// with its mean taken off and scaled to unit length (so that the dot
  /// product of two samples is their normalised cross-correlation).
  public var samples: [[Float]]

  public init(character: Character, samples: [[Float]]) {
    self.character = character
    self.samples = samples
  }

  /// `pixels` with the mean taken off, scaled to unit length; nil when it
  /// is flat (no print).
  public static func normalised(_ pixels: [Float]) -> [Float]? {
    guard !pixels.isEmpty else { return nil }
    let mean = pixels.reduce(0, +) / Float(pixels.count)
    let centred = pixels.map { $0 - mean }
    let length = centred.reduce(0) { $0 + $1 * $1 }.squareRoot()
    guard length > 1e-3 else { return nil }
    return centred.map { $0 / length }
  }

  /// How alike two cells' print is: the best normalised cross-correlation
  /// of this cell's samples with the other's middle one (1: the same print).
  func likeness(to other: MRZGlyph) -> Float {
    guard !other.samples.isEmpty else { return -1 }
    let reference = other.samples[other.samples.count / 2]
    return samples.map { sample in
      zip(sample, reference).reduce(0) { $0 + $1.0 * $1.1 }
    }.max() ?? -1
  }
}

/// Whether a letter a reader read agrees with the zone's own print.
///
/// An MRZ is printed in one font by one printer, so the instances of a
/// letter in it look alike. A cell whose print is nearly the same as
/// another letter's in the zone, and clearly less like the zone's other
/// instances of the letter read, was misread alike by the model in every
/// view where no check digit looks: the first `E` of a Spanish card's
/// surname (phone photo of the specimen) read `F` by all three views,
/// 0.98 alike to the surname's other `E` and 0.89 to the sex field's `F`.
/// The reader then abstains on that cell, and `MRZConfirmation` withholds
/// a name nobody vouched for.
public enum MRZPrintConsistency {
  /// How alike (normalised cross-correlation) a cell must be to another
  /// letter's print to be doubted: as alike as two instances of one letter
  /// of clean print. Pages with a guilloche under their MRZ measure 0.6 to
  /// 0.85 between instances of one letter, and are never doubted.
  public static let sameCharacter: Float = 0.95
  /// How much more alike it must be to that letter than to its own.
  public static let margin: Float = 0.05

  /// The cells (line, column of `glyphs`) whose letter is doubtful: its
  /// print is at least `sameCharacter` like another letter's, more so by
  /// `margin` than like any other instance of its own, and the reader's
  /// model also had that letter among its candidates there (`candidates`,
  /// by line and column). A letter with no other instance in the zone is
  /// never doubted (nothing shows how its own print looks), nor is a cell
  /// that holds no glyph or a glyph of no letter.
  public static func doubtful(_ glyphs: [[MRZGlyph?]], candidates: [[Set<Character>]])
    -> Set<MRZPosition>
  {
    let letters = glyphs.enumerated().flatMap { line, row in
      row.enumerated().compactMap { column, glyph -> (MRZPosition, MRZGlyph)? in
        guard let glyph, glyph.character.isMRZLetter else { return nil }
        return (MRZPosition(line: line, column: column), glyph)
      }
    }
    var doubtful: Set<MRZPosition> = []
    for (position, glyph) in letters {
      guard position.line < candidates.count, position.column < candidates[position.line].count
      else { continue }
      let considered = candidates[position.line][position.column]
      var own: Float = -1
      var rival: Float = -1
      for (place, instance) in letters where place != position {
        let likeness = glyph.likeness(to: instance)
        if instance.character == glyph.character {
          own = max(own, likeness)
        } else if considered.contains(instance.character) {
          rival = max(rival, likeness)
        }
      }
      if own > -1, rival >= sameCharacter, rival - own > margin {
        doubtful.insert(position)
      }
    }
    return doubtful
  }
}

extension Character {
  /// `A`–`Z`.
  fileprivate var isMRZLetter: Bool {
    guard let ascii = asciiValue else { return false }
    return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(ascii)
  }
}
