#if canImport(Glibc)
  import Glibc
#endif

extension MRZDate {
  /// Today's date on this machine's calendar (local time): what the centuries
  /// of an MRZ's two-digit years are chosen against.
  public static func today() -> MRZDate {
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    return MRZDate(
      year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
  }
}
