extension MRZRow {
  /// The proportions (long over short side) the document holding `rows`
  /// (whole MRZ rows in view) may have, or nil when they tell nothing.
  /// Three rows are an ID-1 card's (ICAO stacks three on no other
  /// document). A row seen in part shows fewer characters than its
  /// format's, never more, so a row nearer 36 or 44 characters than the
  /// next shorter format's leaves only the formats at least that long
  /// (`MRZPrint.smallestByRowLength`, and a TD3 page, which prints 44 as
  /// an MRV-A visa does); a row of 30 may be any format's.
  public static func documentProportions(of rows: [MRZRow]) -> [Double]? {
    if rows.count == 3 { return [DocumentShape.id1.aspectRatio] }
    guard let longest = rows.map(\.characters.count).max() else { return nil }
    let sizes = MRZPrint.smallestByRowLength
    let nearest = zip(sizes, sizes.dropFirst()).first { longer, shorter in
      2 * longest > longer.rowLength + shorter.rowLength
    }
    guard let (shortestPossible, _) = nearest else { return nil }
    return [DocumentShape.td3.aspectRatio]
      + sizes.filter { $0.rowLength >= shortestPossible.rowLength }.map { $0.along / $0.across }
  }
}
