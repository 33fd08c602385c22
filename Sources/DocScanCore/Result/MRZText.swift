/// An MRZ as one string: its lines joined with `\n`, as messages carry it.
public enum MRZText {
  public static func joined(_ lines: [String]) -> String {
    lines.joined(separator: "\n")
  }

  public static func lines(of text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}
