/// What a `YYMMDD` field says.
public enum MRZDateReading: Sendable, Equatable {
  /// A calendar date, century chosen by `MRZCentury`.
  case date(MRZDate)
  /// A date that is (partly) unknown, written with fillers as ICAO allows
  /// for a date of birth: `<<<<<<`, `YY<<<<` or `YYMM<<` (Doc 9303 part
  /// 3). Expiry dates are read the same way: the check digits vouch for
  /// the fillers as for digits, and a reader that refused them would give
  /// no result for a document whose every check holds.
  case unknown
  /// Not a date: a character that is not a digit, or a month or day that
  /// does not exist (e.g. `741332`, `010229`).
  case invalid

  /// The date, when the field holds a whole one.
  public var date: MRZDate? {
    if case .date(let date) = self { return date }
    return nil
  }

  /// Reads a date of birth; unknown parts are allowed.
  public static func birth<S: StringProtocol>(_ field: S, today: MRZDate) -> MRZDateReading {
    guard let parts = digitPairs(field) else { return .invalid }
    if isUnknownPattern(parts) { return .unknown }
    guard let year = parts[0], let month = parts[1], let day = parts[2] else { return .invalid }
    let date = MRZCentury.birth(twoDigitYear: year, month: month, day: day, today: today)
    return date.isValid ? .date(date) : .invalid
  }

  /// Reads a date of expiry; unknown parts are allowed as in a birth date.
  public static func expiry<S: StringProtocol>(_ field: S, today: MRZDate) -> MRZDateReading {
    guard let parts = digitPairs(field) else { return .invalid }
    if isUnknownPattern(parts) { return .unknown }
    guard let year = parts[0], let month = parts[1], let day = parts[2] else { return .invalid }
    let date = MRZCentury.expiry(twoDigitYear: year, month: month, day: day, today: today)
    return date.isValid ? .date(date) : .invalid
  }

  /// Whether a birth-date field can be a date in some century: a known month
  /// and day (29 February only in years ending in a multiple of 4), or an
  /// allowed unknown pattern. The corrector uses it, having no `today`.
  static func isPlausibleBirth<S: StringProtocol>(_ field: S) -> Bool {
    guard let parts = digitPairs(field) else { return false }
    return isUnknownPattern(parts) || isPlausibleDate(parts)
  }

  /// Whether an expiry field can be a date in some century, or an allowed
  /// unknown pattern.
  static func isPlausibleExpiry<S: StringProtocol>(_ field: S) -> Bool {
    guard let parts = digitPairs(field) else { return false }
    return isUnknownPattern(parts) || isPlausibleDate(parts)
  }

  private static func isPlausibleDate(_ parts: [Int?]) -> Bool {
    guard let year = parts[0], let month = parts[1], let day = parts[2] else { return false }
    // Years ending in 00 are leap in 2000, so any multiple of 4 may be.
    return MRZDate(year: 2000 + year, month: month, day: day).isValid
  }

  private static func isUnknownPattern(_ parts: [Int?]) -> Bool {
    switch (parts[0], parts[1], parts[2]) {
    case (nil, nil, nil), (.some, nil, nil), (.some, .some, nil): true
    default: false
    }
  }

  /// The three two-character parts: a number for two digits, nil for `<<`;
  /// nil overall for anything else or a field that is not six characters.
  private static func digitPairs<S: StringProtocol>(_ field: S) -> [Int?]? {
    let characters = Array(field)
    guard characters.count == 6 else { return nil }
    var parts: [Int?] = []
    for start in stride(from: 0, to: 6, by: 2) {
      let pair = characters[start...start + 1]
      if pair.allSatisfy({ $0 == "<" }) {
        parts.append(nil)
      } else if pair.allSatisfy({ $0.isASCII && $0.isNumber }) {
        parts.append(Int(String(pair)))
      } else {
        return nil
      }
    }
    return parts
  }
}
