/// The machine-readable-zone formats of ICAO Doc 9303: the shape of the zone
/// (lines × characters) and, where two formats share a shape, the document code
/// tells them apart (visas start with `V`).
public enum MRZFormat: String, Sendable, CaseIterable {
  /// ID-card size, 3 lines of 30 (Doc 9303 part 5).
  case td1 = "TD1"
  /// 2 lines of 36 (Doc 9303 part 6).
  case td2 = "TD2"
  /// Passport, 2 lines of 44 (Doc 9303 part 4).
  case td3 = "TD3"
  /// Full-size visa, 2 lines of 44 (Doc 9303 part 7).
  case mrvA = "MRVA"
  /// Small visa, 2 lines of 36 (Doc 9303 part 7).
  case mrvB = "MRVB"

  public var lineCount: Int { self == .td1 ? 3 : 2 }

  public var lineLength: Int {
    switch self {
    case .td1: 30
    case .td2, .mrvB: 36
    case .td3, .mrvA: 44
    }
  }

  /// Format from the line shape and the document code: 2×44 starting with `V`
  /// is MRV-A, 2×36 starting with `V` is MRV-B, 3×30 is TD1, other 2×44 are
  /// TD3 and other 2×36 are TD2. nil when the lines have no MRZ shape (line
  /// count, or lines of different lengths).
  public static func detect(lines: [String]) -> MRZFormat? {
    guard let length = lines.first?.count, lines.allSatisfy({ $0.count == length }) else {
      return nil
    }
    let shapes = candidates(lineCount: lines.count, lineLength: length)
    guard shapes.count > 1 else { return shapes.first }
    let isVisa = lines[0].first == "V"
    return shapes.first { ($0 == .mrvA || $0 == .mrvB) == isVisa }
  }

  /// Every format with this shape, ICAO travel documents before visas (the
  /// document code decides between them, see `detect(lines:)`).
  public static func candidates(lineCount: Int, lineLength: Int) -> [MRZFormat] {
    allCases.filter { $0.lineCount == lineCount && $0.lineLength == lineLength }
  }
}
