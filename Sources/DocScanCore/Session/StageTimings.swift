/// How long each stage of one frame's analysis took, for the debug log
/// (`analysis timings: detect=3.1 ms quality=1.2 ms mrz=123.4 ms ...`):
/// the evaluation and benchmark commands read the MRZ stage's cost from it.
struct StageTimings: Sendable {
  enum Stage: String, CaseIterable, Sendable {
    case detect, quality, mrz, barcode
  }

  private var spent: [Stage: Duration] = [:]
  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant

  init() { start = clock.now }

  /// Runs `body`, adding its time to `stage`.
  mutating func measure<T>(_ stage: Stage, _ body: () throws -> T) rethrows -> T {
    let before = clock.now
    defer { spent[stage, default: .zero] += clock.now - before }
    return try body()
  }

  /// One log line: every stage in a fixed order, then the whole analysis.
  var summary: String {
    let stages = Stage.allCases.map { "\($0.rawValue)=\(Self.milliseconds(spent[$0] ?? .zero))" }
    return "analysis timings: " + stages.joined(separator: " ")
      + " total=\(Self.milliseconds(clock.now - start))"
  }

  private static func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let value = Double(seconds) * 1000 + Double(attoseconds) / 1e15
    return String(Int((value * 10).rounded()) / 10) + "." + String(Int((value * 10).rounded()) % 10)
      + " ms"
  }
}
