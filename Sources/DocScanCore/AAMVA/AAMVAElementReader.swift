/// Splits a subfile into its elements: after the 2-byte type code, elements
/// follow each other separated by the data element separator, each a 3-character
/// ID and its value; the segment terminator ends the subfile.
///
/// A terminator directly followed by an element separator is read as a
/// separator, since keyboard-wedge scanners turn LF into CR LF; the subfile then
/// ends at the next subfile's start. Pieces too short for an ID or whose ID is
/// not upper-case letters and digits are skipped.
enum AAMVAElementReader {
  /// The elements of the subfile whose type code is at `start`, reading no
  /// further than `limit`.
  static func elements(in file: [UInt8], from start: Int, to limit: Int, header: AAMVAHeader)
    -> [AAMVAElement]
  {
    let bodyStart = min(start + 2, limit)
    let separator = header.elementSeparator
    let terminator = header.segmentTerminator
    var end = limit
    if terminator != separator {
      for index in bodyStart..<limit where file[index] == terminator {
        if index + 1 < limit, file[index + 1] == separator { continue }
        end = index
        break
      }
    }
    var elements: [AAMVAElement] = []
    var pieceStart = bodyStart
    for index in bodyStart...end where index == end || file[index] == separator {
      if let element = element(file[pieceStart..<index]) {
        elements.append(element)
      }
      pieceStart = index + 1
    }
    return elements
  }

  private static func element(_ piece: ArraySlice<UInt8>) -> AAMVAElement? {
    let text = piece.drop { $0 < 0x20 }
    guard text.count >= 3 else { return nil }
    let id = text.prefix(3)
    guard AAMVAText.isCode(id) else { return nil }
    return AAMVAElement(
      id: String(decoding: id, as: UTF8.self),
      value: AAMVAText.decode(AAMVAText.trimmed(text.dropFirst(3))))
  }
}
