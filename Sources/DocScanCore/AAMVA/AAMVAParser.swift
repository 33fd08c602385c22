/// Reads the payload of the PDF417 barcode on North American driver licences
/// and ID cards (AAMVA DL/ID Card Design Standard, versions 0 to 10). Pure
/// Swift and total: any byte sequence gives a record or an `AAMVAError`, never a
/// trap, and the work is linear in the payload per directory entry.
public enum AAMVAParser {
  /// Whether the payload starts like an AAMVA file (`@`, separators, `ANSI` or
  /// `AAMVA`); cheap, for choosing a parser. `parse` may still reject it.
  public static func looksLikeAAMVA(_ payload: [UInt8]) -> Bool {
    let file = fileBytes(payload)
    guard file.first == UInt8(ascii: "@") else { return false }
    let rest = file.dropFirst().drop { !AAMVAText.isAlphanumeric($0) }
    let skipped = file.count - 1 - rest.count
    guard (1...3).contains(skipped) else { return false }
    return rest.starts(with: "ANSI".utf8) || rest.starts(with: "AAMVA".utf8)
  }

  /// Parses a payload as decoded from the barcode.
  ///
  /// The subfiles are located as `AAMVASubfileLocator` describes; a jurisdiction
  /// subfile that cannot be found or runs past the payload is kept with no
  /// offset and no elements, while for a `DL` or `ID` subfile that is an error.
  public static func parse(_ payload: [UInt8]) throws(AAMVAError) -> AAMVARecord {
    let file = fileBytes(payload)
    let header = try AAMVAHeader.read(file)
    let locator = AAMVASubfileLocator(file: file, header: header)
    var starts: [Int?] = []
    var claimed = Set<Int>()
    for entry in header.directory {
      let isCardData = AAMVADocumentClass(subfileType: entry.type) != nil
      guard let start = locator.start(of: entry, excluding: claimed) else {
        if isCardData { throw .subfileNotFound(type: entry.type, offset: entry.offset) }
        starts.append(nil)
        continue
      }
      guard locator.fits(entry, at: start) else {
        if isCardData {
          throw .subfileOutOfBounds(
            type: entry.type, offset: start, length: entry.length, payloadLength: file.count)
        }
        starts.append(nil)
        continue
      }
      claimed.insert(start)
      starts.append(start)
    }

    let sortedStarts = claimed.sorted()
    var subfiles: [AAMVASubfile] = []
    for (entry, start) in zip(header.directory, starts) {
      var elements: [AAMVAElement] = []
      if let start {
        let limit = sortedStarts.first { $0 > start } ?? file.count
        elements = AAMVAElementReader.elements(in: file, from: start, to: limit, header: header)
      }
      subfiles.append(
        AAMVASubfile(
          type: entry.type, declaredOffset: entry.offset, declaredLength: entry.length,
          offset: start, elements: elements))
    }

    let cards = subfiles.filter { $0.isCardData && $0.offset != nil }
    guard let firstCard = cards.first else { throw .noCardSubfile }
    guard let card = cards.first(where: { !$0.elements.isEmpty }) else {
      throw .emptyCardSubfile(type: firstCard.type)
    }
    return AAMVAFieldMapping.record(header: header, subfiles: subfiles, card: card)
  }

  /// The payload from its `@` on: an AIM symbology identifier (`]L` and a
  /// digit, sent by some scanners) and leading whitespace are dropped, since
  /// directory offsets count from the `@`.
  static func fileBytes(_ payload: [UInt8]) -> [UInt8] {
    var bytes = payload[...]
    if bytes.starts(with: "]L".utf8), bytes.count >= 3 {
      bytes = bytes.dropFirst(3)
    }
    return Array(bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
  }
}
