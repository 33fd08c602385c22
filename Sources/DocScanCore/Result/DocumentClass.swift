/// What kind of document a result is about (SPEC `document-class`).
public enum DocumentClass: String, Sendable, CaseIterable {
  case passport
  case idCard = "id-card"
  case td2
  case visa
  case driverLicense = "driver-license"
  case barcode
  case unknown

  /// The class an MRZ says (`MRZRecord.documentClass`).
  public init(_ record: MRZRecord) {
    self = DocumentClass(rawValue: record.documentClass) ?? .unknown
  }
}
