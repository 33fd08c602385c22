/// Converts AAMVA dates to ISO 8601 `YYYY-MM-DD`.
///
/// US cards write MMDDCCYY, Canadian cards CCYYMMDD, and version 0/1 (AAMVA
/// DL/ID-2000) cards CCYYMMDD whatever their country. The order tried first
/// follows from that: version 0/1 → CCYYMMDD; else `DCG` if present, else the
/// country of the IIN; `CAN` → CCYYMMDD, anything else → MMDDCCYY. A date that
/// is impossible in that order (month above 12, say) is read in the other. Years
/// must lie in 1800...2299, so at most one order gives a date: a card that writes
/// the other order is still read right, and a wrong date cannot come out.
/// Anything else — not 8 digits (after dropping `-` and `/`), a 31 November,
/// `00000000`, `99999999` for "never expires" — gives nil.
enum AAMVADate {
  enum Order: Sendable {
    case monthDayYear
    case yearMonthDay
  }

  static let years = 1800...2299

  static func order(version: Int, country: String?) -> Order {
    if version <= 1 || country == "CAN" { return .yearMonthDay }
    return .monthDayYear
  }

  static func iso(_ value: String, preferring order: Order) -> String? {
    let digits = value.utf8.filter { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: "/") }
    guard digits.count == 8, digits.allSatisfy(AAMVAText.isDigit) else { return nil }
    let other: Order = order == .monthDayYear ? .yearMonthDay : .monthDayYear
    return iso(digits, order: order) ?? iso(digits, order: other)
  }

  private static func iso(_ digits: [UInt8], order: Order) -> String? {
    func number(_ range: Range<Int>) -> Int { AAMVAText.number(digits[range]) ?? 0 }
    let (year, month, day) =
      order == .monthDayYear
      ? (number(4..<8), number(0..<2), number(2..<4))
      : (number(0..<4), number(4..<6), number(6..<8))
    guard years.contains(year), (1...12).contains(month),
      (1...daysInMonth(month, year: year)).contains(day)
    else { return nil }
    return "\(year)-\(padded(month))-\(padded(day))"
  }

  private static func daysInMonth(_ month: Int, year: Int) -> Int {
    switch month {
    case 2:
      let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
      return leap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  private static func padded(_ number: Int) -> String {
    number < 10 ? "0\(number)" : "\(number)"
  }
}
