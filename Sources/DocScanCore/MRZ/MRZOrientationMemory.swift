/// Which way up the MRZ rows of recent images lay, so that a steady
/// document is not tested both ways up on every frame: the test reads a
/// row twice, a third of a passport's line reads.
///
/// A verdict is kept per image size (a frame's dewarped document and the
/// whole frame alternate) and per view (views read with confidences of
/// their own), and reused only
/// - for rows where they were (as many, as long, each within half a capital
///   height across and one pitch along the line): a page turned over moves
///   its MRZ to the other edge;
/// - while the kept way reads the last row nearly as confidently as it did
///   when tested: less than a quarter of the way from the winning way's
///   confidence to the other way's (`isStillUpheld`; the model reads
///   upside-down OCR-B confidently too, so the two ways can differ by
///   only a few hundredths);
/// - for at most `maxReuses` images in a row, then tested again.
public struct MRZOrientationMemory: Sendable {
  /// Images read with a remembered verdict before it is tested again.
  public static let maxReuses = 4

  /// One test's outcome for the rows of an image of one size.
  public struct Verdict: Sendable, Equatable {
    public var rows: [MRZRowGeometry]
    public var upsideDown: Bool
    /// Mean confidence of the last row read the winning way and the other.
    public var winningConfidence: Double
    public var losingConfidence: Double
    /// Images read with it since it was tested.
    public var reuses = 0

    public init(
      rows: [MRZRowGeometry], upsideDown: Bool, winningConfidence: Double,
      losingConfidence: Double
    ) {
      self.rows = rows
      self.upsideDown = upsideDown
      self.winningConfidence = winningConfidence
      self.losingConfidence = losingConfidence
    }

    /// Share of the gap between the two ways' confidences a reading of
    /// the kept way may fall below the winning one.
    public static let confidenceSlack = 0.25

    /// Whether a reading of the last row the kept way, with this mean
    /// confidence, still reads as the winning way did.
    public func isStillUpheld(byConfidence confidence: Double) -> Bool {
      confidence >= winningConfidence - Self.confidenceSlack
        * (winningConfidence - losingConfidence)
    }
  }

  /// Which images a verdict is for: their size and the view reading them.
  public struct Key: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var view: String

    public init(width: Int, height: Int, view: String) {
      self.width = width
      self.height = height
      self.view = view
    }
  }

  private var verdicts: [Key: Verdict] = [:]

  public init() {}

  /// The verdict to reuse for `rows` found in the images of `key`, nil
  /// when the rows must be tested.
  public func verdict(for rows: [MRZRowGeometry], _ key: Key) -> Verdict? {
    guard let verdict = verdicts[key],
      verdict.reuses < Self.maxReuses, Self.sameRows(verdict.rows, rows)
    else { return nil }
    return verdict
  }

  /// Keeps a fresh test's verdict for the images of `key`.
  public mutating func remember(_ verdict: Verdict, _ key: Key) {
    verdicts[key] = verdict
  }

  /// Counts one more image read with the verdict for `key`.
  public mutating func reused(_ key: Key) {
    verdicts[key]?.reuses += 1
  }

  /// Forgets the verdict for `key` (the kept way no longer reads well).
  public mutating func forget(_ key: Key) {
    verdicts[key] = nil
  }

  /// Whether `new` are the rows `old` were, barely moved.
  static func sameRows(_ old: [MRZRowGeometry], _ new: [MRZRowGeometry]) -> Bool {
    guard old.count == new.count else { return false }
    return zip(old, new).allSatisfy { old, new in
      let middle = Double(old.cellCount - 1) / 2
      return old.cellCount == new.cellCount
        && abs(old.middleY(atCell: middle) - new.middleY(atCell: middle)) <= old.capHeight / 2
        && abs(old.centerX(ofCell: middle) - new.centerX(ofCell: middle)) <= old.pitch
        && abs(old.capHeight - new.capHeight) <= old.capHeight / 4
    }
  }
}
