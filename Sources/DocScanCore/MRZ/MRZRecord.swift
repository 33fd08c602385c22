/// What an MRZ says, read field by field, and which of its checks fail.
public struct MRZRecord: Sendable, Equatable {
  public var format: MRZFormat
  /// The lines as given to the parser.
  public var lines: [String]
  /// e.g. `P`, `I`, `ID`, `V`, `AC` (trailing fillers removed).
  public var documentCode: String
  /// Issuing state or organisation, fillers removed (`D` for Germany's `D<<`).
  public var issuer: String
  /// Fillers removed, like `issuer`.
  public var nationality: String
  /// Fillers removed; a TD1 long document number (Doc 9303-5 4.2.4) is
  /// joined from its two parts.
  public var documentNumber: String
  /// Name parts separated by single spaces, e.g. `ANNA MARIA`.
  public var surname: String
  public var givenNames: String
  /// `M`, `F` or `X` (`<`, unspecified, reads as `X`).
  public var sex: String
  /// nil when the field is not a calendar date or (birth only) is unknown.
  public var dateOfBirth: MRZDate?
  public var dateOfExpiry: MRZDate?
  /// Optional data with fillers trimmed at both ends (fillers inside stay `<`).
  /// TD3: the personal number. TD1: the line-1 optional data (after the long
  /// document number, if any) and the line-2 optional data, joined by one
  /// space when both are present. TD2, MRV-A, MRV-B: the optional data.
  public var optionalData: String
  /// Names of the checks that do not hold (see `MRZCheck.name`); empty when
  /// every check digit is right.
  public var failedChecks: [String]
  /// Names of the fields holding characters their kind does not allow, and
  /// `date-of-birth` / `date-of-expiry` when the field is not a date (an
  /// unknown date of birth written with fillers is allowed).
  public var invalidFields: [String]

  public init(
    format: MRZFormat, lines: [String], documentCode: String, issuer: String,
    nationality: String, documentNumber: String, surname: String, givenNames: String,
    sex: String, dateOfBirth: MRZDate?, dateOfExpiry: MRZDate?, optionalData: String,
    failedChecks: [String], invalidFields: [String]
  ) {
    self.format = format
    self.lines = lines
    self.documentCode = documentCode
    self.issuer = issuer
    self.nationality = nationality
    self.documentNumber = documentNumber
    self.surname = surname
    self.givenNames = givenNames
    self.sex = sex
    self.dateOfBirth = dateOfBirth
    self.dateOfExpiry = dateOfExpiry
    self.optionalData = optionalData
    self.failedChecks = failedChecks
    self.invalidFields = invalidFields
  }

  /// Every check digit holds, every field respects its kind and the dates
  /// are dates. Says nothing about whether the document has expired.
  public var isValid: Bool { failedChecks.isEmpty && invalidFields.isEmpty }

  /// `passport` (TD3 with a `P` document code), `id-card` (TD1), `td2`,
  /// `visa` (MRV-A, MRV-B), otherwise `unknown`.
  public var documentClass: String {
    switch format {
    case .td3: documentCode.hasPrefix("P") ? "passport" : "unknown"
    case .td1: "id-card"
    case .td2: "td2"
    case .mrvA, .mrvB: "visa"
    }
  }
}
