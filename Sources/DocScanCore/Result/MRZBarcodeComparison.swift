/// Whether a card's MRZ and its AAMVA barcode say the same about the
/// holder (`data-match`, `mismatched-fields`): document number, surname,
/// given names, dates of birth and expiry, each compared when both sources
/// have it.
///
/// Names and numbers are compared on their letters and digits alone (the
/// MRZ writes hyphens, apostrophes and spaces as fillers). An MRZ name
/// line that is full may have been truncated (ICAO 9303 cuts long names),
/// so there the MRZ's name only has to begin the barcode's.
public enum MRZBarcodeComparison {
  /// The fields that differ, by their result names, in result order; nil
  /// when no field could be compared.
  public static func mismatchedFields(_ mrz: MRZRecord, _ card: AAMVARecord) -> [String]? {
    let nameMayBeCut = mrz.nameLine.last.map { $0 != "<" } ?? false
    let pairs: [(String, String?, String?, Bool)] = [
      ("document-number", mrz.documentNumber, card.documentNumber, false),
      ("surname", mrz.surname, card.surname, nameMayBeCut),
      ("given-names", mrz.givenNames, card.givenNames, nameMayBeCut),
      ("date-of-birth", mrz.dateOfBirth?.iso8601, card.dateOfBirth, false),
      ("date-of-expiry", mrz.dateOfExpiry?.iso8601, card.dateOfExpiry, false),
    ]
    var compared = 0
    var mismatched: [String] = []
    for (name, fromMRZ, fromBarcode, prefixEnough) in pairs {
      guard let fromMRZ = fromMRZ.map(letters), let fromBarcode = fromBarcode.map(letters),
        !fromMRZ.isEmpty, !fromBarcode.isEmpty
      else { continue }
      compared += 1
      let same = fromMRZ == fromBarcode || (prefixEnough && fromBarcode.hasPrefix(fromMRZ))
      if !same { mismatched.append(name) }
    }
    return compared == 0 ? nil : mismatched
  }

  /// Upper-case letters and digits only.
  static func letters(_ text: String) -> String {
    String(
      text.uppercased().unicodeScalars.filter {
        $0.properties.isAlphabetic || ("0"..."9").contains($0)
      }.map(Character.init))
  }
}

extension MRZRecord {
  /// The line that holds the names: the third of a TD1, else the first.
  var nameLine: String {
    let index = format == .td1 ? 2 : 0
    return lines.indices.contains(index) ? lines[index] : ""
  }
}
