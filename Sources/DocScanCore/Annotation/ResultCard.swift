/// What the annotation shows of a scanned document: its class, the holder's
/// name, the number, the dates and whether the MRZ verified. With `redact`
/// the personal fields are masked (`Redaction`), so a recording of the desk
/// does not carry them.
public struct ResultCard: Equatable, Sendable {
  public var lines: [String]

  public init(lines: [String]) {
    self.lines = lines
  }

  public init(_ result: ResultMessage, redact: Bool) {
    func personal(_ text: String) -> String { redact ? Redaction.mask(text) : text }
    var lines = [Self.title(of: result.documentClass)]
    let name = [result.surname, result.givenNames].filter { !$0.isEmpty }.map(personal)
      .joined(separator: ", ")
    if !name.isEmpty { lines.append(name) }
    if !result.documentNumber.isEmpty { lines.append("No. " + personal(result.documentNumber)) }
    let dates = [
      result.dateOfBirth.map { "Born " + personal($0) },
      result.dateOfExpiry.map { "expires " + $0 },
    ].compactMap { $0 }
    if !dates.isEmpty { lines.append(dates.joined(separator: ", ")) }
    if result.mrzExtracted { lines.append(result.mrzValid ? "MRZ valid" : "MRZ not valid") }
    self.lines = lines
  }

  static func title(of documentClass: DocumentClass) -> String {
    switch documentClass {
    case .passport: "Passport"
    case .idCard: "ID card"
    case .td2: "TD2 card"
    case .visa: "Visa"
    case .driverLicense: "Driver licence"
    case .barcode: "Barcode"
    case .unknown: "Document"
    }
  }
}
