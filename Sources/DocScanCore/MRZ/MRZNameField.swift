/// The holder's name as written in the zone: primary identifier (surname),
/// `<<`, secondary identifier (given names), `<` between name parts, fillers
/// to the end (Doc 9303 part 3).
struct MRZNameField: Equatable {
  var surname: String
  var givenNames: String

  /// Splits on the first `<<`; a field without one is all surname. Within each
  /// part every run of `<` becomes one space and fillers at the ends go.
  init<S: StringProtocol>(_ field: S) {
    let text = String(field)
    if let separator = text.range(of: "<<") {
      surname = Self.words(text[..<separator.lowerBound])
      givenNames = Self.words(text[separator.upperBound...])
    } else {
      surname = Self.words(Substring(text))
      givenNames = ""
    }
  }

  private static func words(_ part: Substring) -> String {
    part.split(separator: "<").joined(separator: " ")
  }
}

extension StringProtocol {
  /// `range(of:)` without Foundation: the first occurrence of `needle`.
  fileprivate func range(of needle: String) -> Range<Index>? {
    var start = startIndex
    while start != endIndex {
      if self[start...].hasPrefix(needle) {
        return start..<index(start, offsetBy: needle.count)
      }
      start = index(after: start)
    }
    return nil
  }
}
