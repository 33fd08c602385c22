/// What kind of card the payload describes, from its card subfile's type code.
public enum AAMVADocumentClass: String, Sendable, Equatable, CaseIterable {
  /// A `DL` subfile: a driver licence.
  case driverLicense = "driver-license"
  /// An `ID` subfile: an identification card.
  case idCard = "id-card"

  /// The class a subfile type code stands for; nil for any other type.
  public init?(subfileType: String) {
    switch subfileType {
    case "DL": self = .driverLicense
    case "ID": self = .idCard
    default: return nil
    }
  }
}
