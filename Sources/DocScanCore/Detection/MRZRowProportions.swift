extension MRZRow {
  /// Documents with an MRZ, by the length of their rows: their long over
  /// short side (ICAO 9303: TD3 125 x 88 mm and MRV-A 120 x 80 print rows of
  /// 44 characters, TD2 and MRV-B 105 x 74 rows of 36, an ID-1 card 85.6 x
  /// 53.98 three rows of 30).
  static let proportionsByRowLength: [(rowLength: Int, proportions: [Double])] = [
    (44, [125.0 / 88.0, 120.0 / 80.0]),
    (36, [105.0 / 74.0]),
    (30, [85.60 / 53.98]),
  ]

  /// The proportions the document holding `rows` (whole MRZ rows in view)
  /// may have, or nil when they tell nothing. Three rows are an ID-1
  /// card's (ICAO stacks three on no other document). A row seen in part
  /// shows fewer characters than its format's, never more, so a row nearer
  /// 36 or 44 characters than the next shorter format's leaves only the
  /// formats at least that long; a row of 30 may be any format's.
  public static func documentProportions(of rows: [MRZRow]) -> [Double]? {
    if rows.count == 3 { return proportionsByRowLength.last?.proportions }
    guard let longest = rows.map(\.characters.count).max() else { return nil }
    let formats = proportionsByRowLength
    let shorterFormat = zip(formats, formats.dropFirst()).first { longer, shorter in
      2 * longest > longer.rowLength + shorter.rowLength
    }
    guard let shorterFormat else { return nil }
    return formats.filter { $0.rowLength >= shorterFormat.0.rowLength }.flatMap(\.proportions)
  }
}
