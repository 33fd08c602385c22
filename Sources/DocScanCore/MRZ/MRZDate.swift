/// A calendar date read from an MRZ (proleptic Gregorian, no time zone), with
/// the four-digit year chosen by `MRZCentury`.
public struct MRZDate: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var year: Int
  public var month: Int
  public var day: Int

  public init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// `YYYY-MM-DD`.
  public var iso8601: String {
    func padded(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
  }

  public var description: String { iso8601 }

  /// Whether the month exists and the day exists in it.
  public var isValid: Bool {
    (1...12).contains(month) && day >= 1 && day <= Self.days(inMonth: month, year: year)
  }

  /// The same month and day `years` later (Feb 29 may become a date that
  /// does not exist; comparisons still order it correctly).
  public func adding(years: Int) -> MRZDate {
    MRZDate(year: year + years, month: month, day: day)
  }

  public static func < (lhs: MRZDate, rhs: MRZDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  static func days(inMonth month: Int, year: Int) -> Int {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  static func isLeap(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }
}
