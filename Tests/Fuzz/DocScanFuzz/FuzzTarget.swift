import DocScanCore

/// What docscan-fuzz feeds libFuzzer's inputs to. Each must return, never
/// trap (an index out of range, an overflow, a failed precondition), for
/// any bytes at all; libFuzzer keeps the input that does not.
enum FuzzTarget: String, CaseIterable {
  /// `MRZParser` on the bytes as text, one MRZ line per text line.
  case mrzParser = "mrz-parser"
  /// `MRZFusion` over a run of frames' readings made from the bytes.
  case mrzFusion = "mrz-fusion"
  /// `AAMVAParser` on the bytes as a barcode's payload.
  case aamvaParser = "aamva-parser"

  /// The target named by the first argument.
  static let selected = CommandLine.arguments.dropFirst().first.flatMap(Self.init(rawValue:))

  /// A fixed day, so that a crash repeats from its input alone.
  static let today = MRZDate(year: 2026, month: 1, day: 1)

  func run(_ bytes: [UInt8]) {
    switch self {
    case .mrzParser: MRZParserFuzz.run(bytes)
    case .mrzFusion: MRZFusionFuzz.run(bytes)
    case .aamvaParser: AAMVAParserFuzz.run(bytes)
    }
  }
}
