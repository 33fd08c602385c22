/// What the annotation shows of a scanned document: its class, the holder's
/// name, the number, the dates, whether the MRZ verified and what the
/// barcode was. With `redact` the personal fields are masked (`Redaction`),
/// so a recording of the desk does not carry them.
public struct ResultCard: Equatable, Sendable {
  public var lines: [String]

  public init(lines: [String]) {
    self.lines = lines
  }

  /// A barcode's payload shown in full up to this many characters.
  static let payloadCharacters = 32

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
    lines += Self.barcodeLines(result, personal: personal)
    self.lines = lines
  }

  /// The barcode: an AAMVA card's (its fields are the lines above when
  /// there is no MRZ; beside an MRZ, whether they agree and the barcode's
  /// values that differ), or any other's type and payload.
  static func barcodeLines(_ result: ResultMessage, personal: (String) -> String) -> [String] {
    guard let type = result.barcodeType else { return [] }
    let kind = symbologyName(type)
    guard let data = result.barcodeData else { return [kind] }
    guard let bytes = data.bytes, let card = try? AAMVAParser.parse(bytes) else {
      if data.isBase64 { return ["\(kind): \(bytes(of: data)) bytes"] }
      let text =
        data.text.count > payloadCharacters
        ? String(data.text.prefix(payloadCharacters)) + "..." : data.text
      return ["\(kind): " + personal(text)]
    }
    let aamva = "\(kind) AAMVA \(card.issuer ?? card.issuerIdentificationNumber)"
    guard result.mrzExtracted else { return [aamva] }
    switch result.dataMatch {
    case .match: return [aamva + ", matches the MRZ"]
    case .notAvailable: return [aamva]
    case .mismatch: break
    }
    var lines = [aamva + " differs from the MRZ:"]
    for field in result.mismatchedFields {
      let value: String? =
        switch field {
        case "document-number": card.documentNumber.map { "No. " + personal($0) }
        case "surname": card.surname.map(personal)
        case "given-names": card.givenNames.map(personal)
        case "date-of-birth": card.dateOfBirth.map { "Born " + personal($0) }
        case "date-of-expiry": card.dateOfExpiry.map { "expires " + $0 }
        default: nil
        }
      if let value { lines.append("  " + value) }
    }
    return lines
  }

  private static func bytes(of data: BarcodeData) -> Int { data.bytes?.count ?? 0 }

  /// How a `barcode-types` name is written for people.
  public static func symbologyName(_ type: String) -> String {
    switch type {
    case "pdf417": "PDF417"
    case "qrcode": "QR code"
    case "datamatrix": "Data Matrix"
    case "aztec": "Aztec"
    case "code128": "Code 128"
    case "code39": "Code 39"
    case "code93": "Code 93"
    case "ean13": "EAN-13"
    case "ean8": "EAN-8"
    case "upca": "UPC-A"
    case "upce": "UPC-E"
    case "itf": "ITF"
    case "codabar": "Codabar"
    default: type
    }
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
