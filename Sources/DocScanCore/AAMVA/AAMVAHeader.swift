/// The header and subfile directory at the start of a payload, with the
/// separators the payload declares (bytes 1 to 3) rather than assumed ones.
///
/// Layout from `@`: compliance indicator, data element separator, record
/// separator, segment terminator, file type `ANSI ` (5 bytes), IIN (6 digits),
/// AAMVA version (2), jurisdiction version (2, from version 2 on), number of
/// entries (2), then per entry a type code (2), offset (4) and length (4).
///
/// Deviations tolerated: the file type `AAMVA` of pre-standard cards and `ANSI`
/// without its space; separators lost by keyboard-wedge scanners (at least one
/// must remain); version 0/1 files with a jurisdiction version and version 2+
/// files without one (the layout whose first directory entry reads as a type
/// code wins).
struct AAMVAHeader: Sendable {
  struct DirectoryEntry: Sendable {
    var type: String
    var offset: Int
    var length: Int
  }

  var elementSeparator: UInt8
  var recordSeparator: UInt8
  var segmentTerminator: UInt8
  var issuerIdentificationNumber: String
  var version: Int
  var jurisdictionVersion: Int?
  var directory: [DirectoryEntry]
  /// The index just past the directory, where subfile data may begin.
  var directoryEnd: Int
  /// How many bytes shorter this header is than the standard layout the
  /// offsets were computed for (lost separators, `ANSI` without a space).
  var offsetShift: Int

  /// The element separator, record separator and segment terminator.
  var separators: [UInt8] { [elementSeparator, recordSeparator, segmentTerminator] }

  static let standardSeparators: [UInt8] = [0x0A, 0x1E, 0x0D]

  /// Reads the header of `file`, whose byte 0 is the `@`.
  static func read(_ file: [UInt8]) throws(AAMVAError) -> AAMVAHeader {
    guard let first = file.first else { throw .truncatedHeader(length: 0) }
    guard first == UInt8(ascii: "@") else { throw .missingComplianceIndicator }
    var position = 1
    var separators: [UInt8] = []
    while position < file.count, separators.count < 3, !AAMVAText.isAlphanumeric(file[position]) {
      separators.append(file[position])
      position += 1
    }
    guard position < file.count else { throw .truncatedHeader(length: file.count) }
    guard !separators.isEmpty else { throw .missingSeparators }
    var offsetShift = 3 - separators.count
    separators += standardSeparators.dropFirst(separators.count)

    let fileType = try field(file, at: position, count: 5)
    if fileType.elementsEqual("ANSI ".utf8) || fileType.elementsEqual("AAMVA".utf8) {
      position += 5
    } else if fileType.prefix(4).elementsEqual("ANSI".utf8), AAMVAText.isDigit(fileType.last!) {
      position += 4
      offsetShift += 1
    } else {
      throw .unknownFileType(AAMVAText.escaped(fileType))
    }

    let iin = try field(file, at: position, count: 6)
    guard iin.allSatisfy(AAMVAText.isDigit) else {
      throw .invalidIssuerIdentificationNumber(AAMVAText.escaped(iin))
    }
    position += 6
    let versionText = try field(file, at: position, count: 2)
    guard let version = AAMVAText.number(versionText) else {
      throw .invalidVersion(AAMVAText.escaped(versionText))
    }
    position += 2

    let hasJurisdictionVersion = hasJurisdictionVersion(file, at: position, version: version)
    var jurisdictionVersion: Int?
    if hasJurisdictionVersion {
      let text = try field(file, at: position, count: 2)
      guard let number = AAMVAText.number(text) else {
        throw .invalidJurisdictionVersion(AAMVAText.escaped(text))
      }
      jurisdictionVersion = number
      position += 2
    }
    let countText = try field(file, at: position, count: 2)
    guard let entryCount = AAMVAText.number(countText), entryCount > 0 else {
      throw .invalidEntryCount(AAMVAText.escaped(countText))
    }
    position += 2

    let directoryEnd = position + 10 * entryCount
    guard directoryEnd <= file.count else {
      throw .truncatedDirectory(entries: entryCount, payloadLength: file.count)
    }
    var directory: [DirectoryEntry] = []
    for index in 0..<entryCount {
      let start = position + 10 * index
      let entry = file[start..<start + 10]
      guard AAMVAText.isCode(entry.prefix(2)),
        let offset = AAMVAText.number(file[start + 2..<start + 6]),
        let length = AAMVAText.number(file[start + 6..<start + 10])
      else {
        throw .invalidDirectoryEntry(index: index, text: AAMVAText.escaped(entry))
      }
      let type = String(decoding: entry.prefix(2), as: UTF8.self)
      directory.append(DirectoryEntry(type: type, offset: offset, length: length))
    }

    return AAMVAHeader(
      elementSeparator: separators[0], recordSeparator: separators[1],
      segmentTerminator: separators[2],
      issuerIdentificationNumber: String(decoding: iin, as: UTF8.self), version: version,
      jurisdictionVersion: jurisdictionVersion, directory: directory, directoryEnd: directoryEnd,
      offsetShift: offsetShift)
  }

  private static func field(_ file: [UInt8], at position: Int, count: Int) throws(AAMVAError)
    -> ArraySlice<UInt8>
  {
    guard position + count <= file.count else { throw .truncatedHeader(length: file.count) }
    return file[position..<position + count]
  }

  /// Whether a jurisdiction version follows the AAMVA version at `position`.
  /// The standard has one from version 2 on; when that layout does not read as
  /// an entry count and a type code but the other layout does, the other wins.
  private static func hasJurisdictionVersion(_ file: [UInt8], at position: Int, version: Int)
    -> Bool
  {
    func reads(withJurisdictionVersion: Bool) -> Bool {
      let countAt = withJurisdictionVersion ? position + 2 : position
      guard countAt + 4 <= file.count, let count = AAMVAText.number(file[countAt..<countAt + 2])
      else { return false }
      if withJurisdictionVersion, AAMVAText.number(file[position..<position + 2]) == nil {
        return false
      }
      return count > 0 && AAMVAText.isCode(file[countAt + 2..<countAt + 4])
    }
    let standard = version >= 2
    return reads(withJurisdictionVersion: standard) || !reads(withJurisdictionVersion: !standard)
      ? standard : !standard
  }
}
