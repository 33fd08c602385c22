/// Reads the holder's surname and given names, whichever elements the card's
/// version uses.
///
/// - surname: `DCS` (family name, version 2 on), else `DAB` (version 1 last
///   name), else the surname part of `DAA`.
/// - given names: `DAC` and `DAD` (first and middle names, version 1 and version
///   4 on) joined with a space, else `DCT` (versions 2–3 given names, commas read
///   as spaces), else the given-name part of `DAA`.
/// - `DAA` (version 1 full name) is split on commas or `$` as
///   LAST,FIRST,MIDDLE[,SUFFIX]: the first part is the surname, the second and
///   third the given names, a fourth (the suffix) is left out. A `DAA` without a
///   comma or `$` has no reliable order (some write "FIRST MIDDLE LAST", others
///   "LAST FIRST"): it is kept whole as the surname and no given names are
///   guessed.
/// - a name part that is empty, `NONE` or `UNAVL` (placeholders cards write for
///   "no middle name") counts as absent; runs of spaces become one space.
enum AAMVAName {
  static func surname(_ value: (String) -> String?) -> String? {
    cleaned(value("DCS")) ?? cleaned(value("DAB"))
      ?? value("DAA").flatMap { split(fullName: $0).surname }
  }

  static func givenNames(_ value: (String) -> String?) -> String? {
    let parts = [value("DAC"), value("DAD")].compactMap(cleaned)
    if !parts.isEmpty { return parts.joined(separator: " ") }
    if let given = cleaned(value("DCT")?.replacingCommasWithSpaces) { return given }
    return value("DAA").flatMap { split(fullName: $0).givenNames }
  }

  /// The surname and given names in a version 1 full name.
  static func split(fullName: String) -> (surname: String?, givenNames: String?) {
    let parts = fullName.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "," || $0 == "$" })
    guard parts.count > 1 else { return (cleaned(fullName), nil) }
    let given = parts.dropFirst().prefix(2).compactMap { cleaned(String($0)) }
    return (cleaned(String(parts[0])), given.isEmpty ? nil : given.joined(separator: " "))
  }

  static func cleaned(_ name: String?) -> String? {
    guard let name else { return nil }
    let words = name.split(whereSeparator: { $0 == " " || $0 == "\t" })
    let joined = words.joined(separator: " ")
    let placeholders: Set<String> = ["NONE", "UNAVL"]
    guard !joined.isEmpty, !placeholders.contains(joined.uppercased()) else { return nil }
    return joined
  }
}

extension String {
  fileprivate var replacingCommasWithSpaces: String {
    String(map { $0 == "," ? " " : $0 })
  }
}
