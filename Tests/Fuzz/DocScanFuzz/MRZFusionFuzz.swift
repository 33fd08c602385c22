import DocScanCore

/// A run of frames' readings, each cell's candidates and weights and the
/// views' opinions drawn from the bytes, fused frame by frame. Whatever
/// fusion accepts must pass its check digits.
enum MRZFusionFuzz {
  /// The MRZ's characters and a few it must survive.
  static let characters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<") + ["?", " ", "é", "\u{0}"]

  static func run(_ bytes: [UInt8]) {
    var input = ByteReader(bytes)
    var fusion = MRZFusion()
    let frames = 1 + Int(input.next()) % 12
    let shape = Self.shape(&input)
    for _ in 0..<frames {
      let lines = (0..<shape.count).map { _ in
        (0..<shape.length).map { _ in votes(&input) }
      }
      var reading = MRZReading(lines: lines)
      let opinions = Int(input.next()) % 4
      reading.opinions = (0..<opinions).map { index in
        MRZOpinion(
          source: ["grey-24", "grey-20", "grey-16"][index % 3],
          lines: reading.bestLines.map { line in
            // Some opinions hold a line cut short or a cell unread.
            let cut = Int(input.next()) % (line.count + 4)
            return cut < line.count ? String(line.prefix(cut)) + "?" : line
          })
      }
      if case .accepted(let record) = fusion.add(reading, today: FuzzTarget.today) {
        precondition(record.failedChecks.isEmpty, "accepted with failed checks: \(record.lines)")
      }
    }
  }

  /// Mostly an MRZ format's shape; now and then any shape at all.
  static func shape(_ input: inout ByteReader) -> (count: Int, length: Int) {
    let choice = Int(input.next())
    let formats = MRZFormat.allCases
    guard choice % 8 != 0 else { return (Int(input.next()) % 4, Int(input.next()) % 50) }
    let format = formats[choice % formats.count]
    return (format == .td1 ? 3 : 2, format.lineLength)
  }

  /// One cell: one to three candidates with weights from 0 to 1.
  static func votes(_ input: inout ByteReader) -> MRZCharacterVotes {
    let count = 1 + Int(input.next()) % 3
    return MRZCharacterVotes(
      (0..<count).map { _ in
        (characters[Int(input.next()) % characters.count], Double(input.next()) / 255)
      })
  }
}

/// The input's bytes one after the other, then zeros.
struct ByteReader {
  private let bytes: [UInt8]
  private var index = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  mutating func next() -> UInt8 {
    defer { index += 1 }
    return index < bytes.count ? bytes[index] : 0
  }
}
