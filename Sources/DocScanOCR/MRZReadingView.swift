/// One way `MRZModelReader` looks at the MRZ's rows: a model, the capital
/// height the row strip is scaled to, and whether it is binarised first.
/// Every view is a source of its own for `MRZConfirmation`.
public struct MRZReadingView: Sendable, Equatable {
  /// The Tesseract model's language name (`NAME.traineddata`).
  public var model: String
  public var capitalHeight: Double
  public var binarized: Bool

  public init(model: String, capitalHeight: Double, binarized: Bool = false) {
    self.model = model
    self.capitalHeight = capitalHeight
    self.binarized = binarized
  }

  /// The view's name as a source of opinions: `grey-32`, or with another
  /// model than docscan's first, `mrz_wide/grey-32`.
  public var source: String {
    let look = "\(binarized ? "binarized" : "grey")-\(Int(capitalHeight))"
    return model == MRZModelReader.language ? look : "\(model)/\(look)"
  }

  /// A view written as its source name (`grey-24`, `binarized-32`,
  /// `mrz_wide/grey-32`); nil when the name is not one.
  public init?(source: String) {
    let parts = source.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard (1...2).contains(parts.count) else { return nil }
    let look = parts.last!.split(separator: "-", omittingEmptySubsequences: false)
    // Whole pixels only: `source` names a view by its whole capital height.
    guard look.count == 2, let height = Int(look[1]), (8...96).contains(height),
      look[0] == "grey" || look[0] == "binarized", parts.allSatisfy({ !$0.isEmpty })
    else { return nil }
    self.init(
      model: parts.count == 2 ? parts[0] : MRZModelReader.language,
      capitalHeight: Double(height), binarized: look[0] == "binarized")
  }
}
