/// The authority that issued a card, known from the issuer identification number
/// (IIN) in the header. The IIN names the issuer itself, whereas `DAJ` is the
/// jurisdiction of the holder's address, and it tells a Canadian card (dates
/// written CCYYMMDD) from a US one when `DCG` is missing.
public struct AAMVAJurisdiction: Sendable, Equatable, Hashable {
  /// The postal abbreviation, e.g. `VA`, `ON`.
  public var code: String
  /// The ISO 3166 alpha-3 country code, `USA` or `CAN`.
  public var country: String

  public init(code: String, country: String) {
    self.code = code
    self.country = country
  }

  /// The jurisdiction an IIN was assigned to; nil for an IIN not in the table.
  public static func issuing(iin: String) -> AAMVAJurisdiction? {
    table[iin]
  }

  private static func us(_ code: String) -> AAMVAJurisdiction {
    AAMVAJurisdiction(code: code, country: "USA")
  }

  private static func canada(_ code: String) -> AAMVAJurisdiction {
    AAMVAJurisdiction(code: code, country: "CAN")
  }

  /// AAMVA's IIN assignments for US states, districts and territories and for
  /// Canadian provinces and territories.
  private static let table: [String: AAMVAJurisdiction] = [
    "636000": us("VA"), "636001": us("NY"), "636002": us("MA"), "636003": us("MD"),
    "636004": us("NC"), "636005": us("SC"), "636006": us("CT"), "636007": us("LA"),
    "636008": us("MT"), "636009": us("NM"), "636010": us("FL"), "636011": us("DE"),
    "636014": us("CA"), "636015": us("TX"), "636018": us("IA"), "636019": us("GU"),
    "636020": us("CO"), "636021": us("AR"), "636022": us("KS"), "636023": us("OH"),
    "636024": us("VT"), "636025": us("PA"), "636026": us("AZ"), "636029": us("OR"),
    "636030": us("MO"), "636031": us("WI"), "636032": us("MI"), "636033": us("AL"),
    "636034": us("ND"), "636035": us("IL"), "636036": us("NJ"), "636037": us("IN"),
    "636038": us("MN"), "636039": us("NH"), "636040": us("UT"), "636041": us("ME"),
    "636042": us("SD"), "636043": us("DC"), "636045": us("WA"), "636046": us("KY"),
    "636047": us("HI"), "636049": us("NV"), "636050": us("ID"), "636051": us("MS"),
    "636052": us("RI"), "636053": us("TN"), "636054": us("NE"), "636055": us("GA"),
    "636058": us("OK"), "636059": us("AK"), "636060": us("WY"), "636061": us("WV"),
    "636062": us("VI"), "604427": us("AS"), "604430": us("MP"), "604431": us("PR"),
    "604426": canada("PE"), "604428": canada("QC"), "604429": canada("YT"),
    "604432": canada("AB"), "990876": canada("AB"), "604433": canada("NU"),
    "604434": canada("NT"), "636012": canada("ON"), "636013": canada("NS"),
    "636016": canada("NL"), "636017": canada("NB"), "636028": canada("BC"),
    "636044": canada("SK"), "636048": canada("MB"),
  ]
}
