/// Maps the card subfiles' elements onto the record's fields. Values come from
/// the `DL` and `ID` subfiles only (jurisdiction subfiles use their own IDs); the
/// first non-empty value of an ID wins.
///
/// - sex (`DBC`): `1`/`M` → M, `2`/`F` → F, `9`/`X` → X, anything else nil.
/// - nationality: `DCG` when it is 3 letters, else the IIN's country.
/// - issuer: the IIN's jurisdiction, since the IIN names the issuer and `DAJ`
///   only the address's jurisdiction; `DAJ` when the IIN is not in the table.
/// - dates and names: see `AAMVADate` and `AAMVAName`.
enum AAMVAFieldMapping {
  static func record(header: AAMVAHeader, subfiles: [AAMVASubfile], card: AAMVASubfile)
    -> AAMVARecord
  {
    let cardElements = subfiles.filter(\.isCardData).flatMap(\.elements)
    func value(_ id: String) -> String? {
      cardElements.first { $0.id == id && !$0.value.isEmpty }?.value
    }
    let jurisdiction = AAMVAJurisdiction.issuing(iin: header.issuerIdentificationNumber)
    let nationality = country(value("DCG")) ?? jurisdiction?.country
    let order = AAMVADate.order(version: header.version, country: nationality)
    func date(_ id: String) -> String? {
      value(id).flatMap { AAMVADate.iso($0, preferring: order) }
    }
    return AAMVARecord(
      version: header.version, jurisdictionVersion: header.jurisdictionVersion,
      issuerIdentificationNumber: header.issuerIdentificationNumber, subfiles: subfiles,
      documentClass: AAMVADocumentClass(subfileType: card.type) ?? .driverLicense,
      documentNumber: value("DAQ"), surname: AAMVAName.surname(value),
      givenNames: AAMVAName.givenNames(value), dateOfBirth: date("DBB"),
      dateOfExpiry: date("DBA"), dateOfIssue: date("DBD"), sex: sex(value("DBC")),
      nationality: nationality, issuer: jurisdiction?.code ?? value("DAJ")?.uppercased())
  }

  static func sex(_ value: String?) -> String? {
    switch value?.uppercased() {
    case "1", "M": return "M"
    case "2", "F": return "F"
    case "9", "X": return "X"
    default: return nil
    }
  }

  private static func country(_ value: String?) -> String? {
    guard let value = value?.uppercased(), value.count == 3,
      value.utf8.allSatisfy(AAMVAText.isUppercase)
    else { return nil }
    return value
  }
}
