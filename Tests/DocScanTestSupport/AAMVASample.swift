/// AAMVA DL/ID files for tests: version 10 (DL/ID-2020), one card subfile,
/// the header's directory offset and length exact.
public enum AAMVASample {
  /// A Virginia licence's elements, in payload order.
  public static let licenceElements: [(String, String)] = [
    ("DCA", "C"), ("DCB", "NONE"), ("DCD", "NONE"), ("DBA", "08312030"), ("DCS", "SAMPLE"),
    ("DAC", "JOHN"), ("DAD", "QUINCY"), ("DBD", "08312022"), ("DBB", "01151990"),
    ("DBC", "1"), ("DAY", "BRO"), ("DAU", "069 IN"), ("DAG", "123 MAIN ST"),
    ("DAI", "ANYTOWN"), ("DAJ", "VA"), ("DAK", "232190000  "), ("DAQ", "T64235789"),
    ("DCF", "2424244747474786102204"), ("DCG", "USA"), ("DDE", "N"), ("DDF", "N"),
    ("DDG", "N"),
  ]

  /// The file of `elements` in one subfile of `type` (`DL` or `ID`), issued
  /// by IIN 636000 (Virginia).
  public static func payload(
    elements: [(String, String)] = licenceElements, type: String = "DL"
  ) -> String {
    let subfile = type + elements.map { $0.0 + $0.1 }.joined(separator: "\n") + "\r"
    let headerLength = 21 + 10
    func digits(_ value: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: 4 - text.count) + text
    }
    return "@\n\u{1e}\rANSI 636000" + "10" + "00" + "01" + type + digits(headerLength)
      + digits(subfile.utf8.count) + subfile
  }
}
