/// Why a payload is not a readable AAMVA DL/ID record. The caller then treats the
/// payload as plain barcode data; the message says what was wrong, for logs.
public enum AAMVAError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The payload ends before the header is complete.
  case truncatedHeader(length: Int)
  /// The payload does not start with the compliance indicator `@`.
  case missingComplianceIndicator
  /// No separator bytes follow `@`.
  case missingSeparators
  /// The file type is neither `ANSI ` nor `AAMVA`.
  case unknownFileType(String)
  /// The issuer identification number is not 6 digits.
  case invalidIssuerIdentificationNumber(String)
  /// The AAMVA version is not 2 digits.
  case invalidVersion(String)
  /// The jurisdiction version is not 2 digits.
  case invalidJurisdictionVersion(String)
  /// The number of entries is not 2 digits, or is zero.
  case invalidEntryCount(String)
  /// The payload ends inside the subfile directory.
  case truncatedDirectory(entries: Int, payloadLength: Int)
  /// A directory entry is not a type code, a 4-digit offset and a 4-digit length.
  case invalidDirectoryEntry(index: Int, text: String)
  /// A DL or ID subfile is neither at its offset nor anywhere else in the payload.
  case subfileNotFound(type: String, offset: Int)
  /// A DL or ID subfile runs past the end of the payload.
  case subfileOutOfBounds(type: String, offset: Int, length: Int, payloadLength: Int)
  /// The directory lists no DL or ID subfile that could be found.
  case noCardSubfile
  /// The DL or ID subfile holds no elements.
  case emptyCardSubfile(type: String)

  public var description: String {
    switch self {
    case .truncatedHeader(let length):
      return "AAMVA header truncated: the payload has only \(length) bytes"
    case .missingComplianceIndicator:
      return "not an AAMVA payload: it does not start with the compliance indicator '@'"
    case .missingSeparators:
      return "AAMVA header has no separator bytes after '@'"
    case .unknownFileType(let text):
      return "AAMVA file type is '\(text)', expected 'ANSI ' or 'AAMVA'"
    case .invalidIssuerIdentificationNumber(let text):
      return "AAMVA issuer identification number '\(text)' is not 6 digits"
    case .invalidVersion(let text):
      return "AAMVA version '\(text)' is not 2 digits"
    case .invalidJurisdictionVersion(let text):
      return "AAMVA jurisdiction version '\(text)' is not 2 digits"
    case .invalidEntryCount(let text):
      return "AAMVA number of entries '\(text)' is not 2 digits above zero"
    case .truncatedDirectory(let entries, let payloadLength):
      return "AAMVA directory of \(entries) entries does not fit in \(payloadLength) bytes"
    case .invalidDirectoryEntry(let index, let text):
      return "AAMVA directory entry \(index) '\(text)' is not a type, offset and length"
    case .subfileNotFound(let type, let offset):
      return "AAMVA subfile \(type) is not at offset \(offset) nor anywhere else"
    case .subfileOutOfBounds(let type, let offset, let length, let payloadLength):
      return
        "AAMVA subfile \(type) at \(offset) of length \(length) runs past the payload's "
        + "\(payloadLength) bytes"
    case .noCardSubfile:
      return "AAMVA payload has no DL or ID subfile"
    case .emptyCardSubfile(let type):
      return "AAMVA subfile \(type) holds no elements"
    }
  }
}
