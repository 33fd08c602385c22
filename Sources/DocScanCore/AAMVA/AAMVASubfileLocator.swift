/// Finds where a directory entry's subfile starts. Real cards often declare
/// offsets a few bytes off (a miscounted header, an extra CR LF, separators lost
/// on the way), so the payload is searched for the type code: of the occurrences
/// that look most like the start of a subfile, the one nearest the declared
/// offset (shifted by what the header lacks) wins — the declared offset itself
/// when the type code is there.
struct AAMVASubfileLocator {
  let file: [UInt8]
  let header: AAMVAHeader

  /// How far a subfile may declare to run past the payload's end and still be
  /// read: its trailing terminator dropped on the way.
  static let lengthSlack = 1

  /// The index of the entry's type code in `file`, nil when it is nowhere;
  /// indices in `claimed` already belong to other entries.
  func start(of entry: AAMVAHeader.DirectoryEntry, excluding claimed: Set<Int>) -> Int? {
    let type = Array(entry.type.utf8)
    let expected = entry.offset - header.offsetShift
    var best: (index: Int, rank: Int)?
    for index in stride(from: header.directoryEnd, to: file.count - 1, by: 1)
    where !claimed.contains(index) && hasType(type, at: index) {
      // At the declared offset, a type code counts even in an odd context.
      guard let rank = startRank(index) ?? (index == expected ? 2 : nil) else { continue }
      let distance = abs(index - expected)
      if best.map({ rank < $0.rank || (rank == $0.rank && distance < abs($0.index - expected)) })
        ?? true
      {
        best = (index, rank)
      }
    }
    return best?.index
  }

  /// Whether a subfile found at `start` ends inside the payload by its length.
  func fits(_ entry: AAMVAHeader.DirectoryEntry, at start: Int) -> Bool {
    start + entry.length <= file.count + Self.lengthSlack
  }

  private func hasType(_ type: [UInt8], at index: Int) -> Bool {
    guard index >= 0, index + type.count <= file.count else { return false }
    for (offset, byte) in type.enumerated() where file[index + offset] != byte { return false }
    return true
  }

  /// How much `index` looks like the start of a subfile, lower is better; nil
  /// when not at all. A subfile's type code is followed by a separator or an
  /// element ID. It best follows the directory or a segment terminator (0), else
  /// any separator or control byte (1): a jurisdiction's element IDs begin with
  /// its subfile type (`ZVA` in `ZV`), and they follow element separators.
  private func startRank(_ index: Int) -> Int? {
    let separators = header.separators
    let after = index + 2
    if after < file.count, file[after] >= 0x20, !separators.contains(file[after]) {
      guard after + 3 <= file.count, AAMVAText.isCode(file[after..<after + 3]) else { return nil }
    }
    guard index > header.directoryEnd else { return 0 }
    let before = file[index - 1]
    if before == header.segmentTerminator { return 0 }
    return before < 0x20 || separators.contains(before) ? 1 : nil
  }
}
