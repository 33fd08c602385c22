/// Masks personal data (names, document numbers, dates of birth) for the
/// drawn annotation and the logs: each word keeps its first character and
/// the rest becomes one `*`, so a reader sees that a value is there, and
/// roughly which, without its length.
public enum Redaction {
  /// `ERIKSSON` becomes `E*`, `ANNA MARIA` becomes `A* M*`, `1974-08-12`
  /// becomes `1*`; a one-character word stays (`F`).
  public static func mask(_ text: String) -> String {
    text.split(separator: " ", omittingEmptySubsequences: false).map { word in
      word.count > 1 ? String(word.first!) + "*" : String(word)
    }.joined(separator: " ")
  }

  /// MRZ lines with every character but the filler replaced by `*`: the
  /// shape stays visible, nothing personal does.
  public static func maskMRZ(_ lines: [String]) -> [String] {
    lines.map { String($0.map { $0 == "<" ? "<" : "*" }) }
  }
}
