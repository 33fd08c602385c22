/// A parsed AAMVA DL/ID payload: the header, every subfile with all its
/// elements, and the fields a document result needs, read from the card
/// subfile (`DL` or `ID`) by the rules in `AAMVAFieldMapping`.
public struct AAMVARecord: Sendable, Equatable {
  /// The AAMVA version, 0 (pre-standard) to 10 (AAMVA DL/ID-2020) and on.
  public var version: Int
  /// The jurisdiction's own version; nil when the header has none (version 0/1).
  public var jurisdictionVersion: Int?
  /// The 6-digit IIN that identifies the issuer.
  public var issuerIdentificationNumber: String
  /// The subfiles in directory order.
  public var subfiles: [AAMVASubfile]
  /// `driver-license` for a `DL` card subfile, `id-card` for an `ID` one.
  public var documentClass: AAMVADocumentClass
  /// `DAQ`, the customer ID (licence or card number).
  public var documentNumber: String?
  public var surname: String?
  /// First and middle names joined with spaces.
  public var givenNames: String?
  /// ISO 8601 `YYYY-MM-DD` (`DBB`); nil when absent or not a date.
  public var dateOfBirth: String?
  /// ISO 8601 `YYYY-MM-DD` (`DBA`); nil when absent or not a date.
  public var dateOfExpiry: String?
  /// ISO 8601 `YYYY-MM-DD` (`DBD`); nil when absent or not a date.
  public var dateOfIssue: String?
  /// `M`, `F` or `X` (`DBC`).
  public var sex: String?
  /// The issuing country as ISO 3166 alpha-3 (`DCG`, else the IIN's country).
  /// AAMVA cards record no nationality; the issuing country is what they say.
  public var nationality: String?
  /// The issuing jurisdiction's code, e.g. `VA` (the IIN's, else `DAJ`).
  public var issuer: String?

  public init(
    version: Int, jurisdictionVersion: Int?, issuerIdentificationNumber: String,
    subfiles: [AAMVASubfile], documentClass: AAMVADocumentClass, documentNumber: String?,
    surname: String?, givenNames: String?, dateOfBirth: String?, dateOfExpiry: String?,
    dateOfIssue: String?, sex: String?, nationality: String?, issuer: String?
  ) {
    self.version = version
    self.jurisdictionVersion = jurisdictionVersion
    self.issuerIdentificationNumber = issuerIdentificationNumber
    self.subfiles = subfiles
    self.documentClass = documentClass
    self.documentNumber = documentNumber
    self.surname = surname
    self.givenNames = givenNames
    self.dateOfBirth = dateOfBirth
    self.dateOfExpiry = dateOfExpiry
    self.dateOfIssue = dateOfIssue
    self.sex = sex
    self.nationality = nationality
    self.issuer = issuer
  }

  /// Every element of every subfile, in payload order.
  public var elements: [AAMVAElement] { subfiles.flatMap(\.elements) }

  /// The value of the first element with this ID in any subfile.
  public func value(of id: String) -> String? {
    for subfile in subfiles {
      if let element = subfile.elements.first(where: { $0.id == id }) { return element.value }
    }
    return nil
  }
}
