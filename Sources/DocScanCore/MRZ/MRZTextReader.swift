/// Reads the machine-readable zone of a document image: the OCR stage seen
/// from the core. The GStreamer element reads with Tesseract and OCR-B glyph
/// matching; the core decides what the readings mean (fusion, check digits).
public protocol MRZTextReader: Sendable {
  /// The MRZ found in `image` (a dewarped document, or a whole frame where
  /// the document fills it), or nil when there is none.
  func readMRZ(in image: LumaImage) -> MRZReading?
  /// True when the reader finds an MRZ upside down by itself (rows of
  /// upside-down characters line up too, so "no reading" cannot tell the
  /// caller to turn the image); the session then asks once per image.
  var readsAnyOrientation: Bool { get }
  /// Whether the MRZ in `image` lies upside down, as `readMRZ` would find
  /// it (its `upsideDown`); nil when `readMRZ` would find none. Asked
  /// where only the way up is wanted (a kept frame's picture), so a
  /// reader may skip reading the characters.
  func mrzUpsideDown(in image: LumaImage) -> Bool?
}

extension MRZTextReader {
  public var readsAnyOrientation: Bool { false }

  public func mrzUpsideDown(in image: LumaImage) -> Bool? {
    readMRZ(in: image)?.upsideDown
  }
}

/// One frame's reading of an MRZ: for every line, exactly `lineLength`
/// positions, each with the characters it may be and how much each is
/// believed.
public struct MRZReading: Sendable, Equatable {
  public var lines: [[MRZCharacterVotes]]
  /// The independent readers' own readings behind `lines` (see
  /// `MRZConfirmation`); without them nothing unchecked is ever confirmed.
  public var opinions: [MRZOpinion]
  /// The reader found the MRZ upside down in the image it was given (and
  /// read it turned); false from readers that do not turn images.
  public var upsideDown: Bool

  public init(lines: [[MRZCharacterVotes]], opinions: [MRZOpinion] = [], upsideDown: Bool = false) {
    self.lines = lines
    self.opinions = opinions
    self.upsideDown = upsideDown
  }

  /// The most believed character at every position.
  public var bestLines: [String] {
    lines.map { String($0.map(\.best)) }
  }

  /// The formats this reading's shape fits (lines x characters).
  public var lineShape: (count: Int, length: Int) {
    (lines.count, lines.first?.count ?? 0)
  }
}

/// The candidates for one MRZ position, most believed first. Weights are
/// non-negative (one reading's are at most 1; fused ones are sums) and need
/// not sum to 1.
public struct MRZCharacterVotes: Sendable, Equatable {
  public var candidates: [(character: Character, weight: Double)]

  public init(_ candidates: [(character: Character, weight: Double)]) {
    self.candidates = candidates.sorted { $0.weight > $1.weight }
  }

  public var best: Character { candidates.first?.character ?? "<" }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.candidates.map(\.character) == rhs.candidates.map(\.character)
      && lhs.candidates.map(\.weight) == rhs.candidates.map(\.weight)
  }
}
