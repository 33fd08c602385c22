/// The century of a two-digit MRZ year.
///
/// Rule: the year is the latest year ending in those two digits whose date
/// is not after a pivot. For a date of birth the pivot is today (nobody is
/// born in the future, and nobody is more than 99 years old). For a date of
/// expiry it is today plus `expiryHorizonYears` (no document is valid for
/// more than 20 years, and an expiry more than 80 years ago is not read):
/// with today 2025-06-15, `450615` expires 2045-06-15 but `450616` expired
/// 1945-06-16.
public enum MRZCentury {
  /// How far in the future an expiry date may lie.
  public static let expiryHorizonYears = 20

  /// The four-digit year for `twoDigitYear` (0–99) of the date `month`/`day`,
  /// the latest one with that date not after `pivot`.
  public static func year(twoDigitYear: Int, month: Int, day: Int, notAfter pivot: MRZDate)
    -> Int
  {
    let yearsBack = ((pivot.year - twoDigitYear) % 100 + 100) % 100
    let year = pivot.year - yearsBack
    return MRZDate(year: year, month: month, day: day) > pivot ? year - 100 : year
  }

  /// The date of birth for these digits: not after `today`.
  public static func birth(twoDigitYear: Int, month: Int, day: Int, today: MRZDate) -> MRZDate {
    let year = year(twoDigitYear: twoDigitYear, month: month, day: day, notAfter: today)
    return MRZDate(year: year, month: month, day: day)
  }

  /// The date of expiry for these digits: not after `today` plus
  /// `expiryHorizonYears`.
  public static func expiry(twoDigitYear: Int, month: Int, day: Int, today: MRZDate) -> MRZDate {
    let pivot = today.adding(years: expiryHorizonYears)
    let year = year(twoDigitYear: twoDigitYear, month: month, day: day, notAfter: pivot)
    return MRZDate(year: year, month: month, day: day)
  }
}
