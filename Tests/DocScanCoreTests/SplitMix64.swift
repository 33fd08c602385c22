/// SplitMix64 (Steele, Lea, Flood 2014): a tiny seeded generator, so every
/// run of a property test, simulation or fuzz test draws the same documents,
/// misreadings and bytes.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform in 0..<1.
  mutating func unit() -> Double {
    Double(next() >> 11) / Double(1 << 53)
  }

  mutating func double(_ range: ClosedRange<Double>) -> Double {
    range.lowerBound + unit() * (range.upperBound - range.lowerBound)
  }

  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }

  mutating func chance(_ probability: Double) -> Bool {
    unit() < probability
  }

  mutating func pick<C: Collection>(_ collection: C) -> C.Element {
    collection[collection.index(collection.startIndex, offsetBy: int(0...collection.count - 1))]
  }

  mutating func string(_ alphabet: String, count: Int) -> String {
    String((0..<count).map { _ in pick(alphabet) })
  }
}
