/// How a page lies towards the camera along its MRZ rows, told by the rows
/// themselves: ICAO 9303 prints every character at one pitch, and
/// perspective shrinks the print towards the far end, so a page turned
/// about an axis across its rows shows its rows' pitch changing along them
/// as much as the page's sides at their ends differ in length.
extension MRZRow {
  /// Fewest characters in each end third of the row for its pitches there.
  static let fewestCharactersPerThird = 6

  /// The larger over the smaller of the row's pitches in its first and last
  /// thirds (1: seen face-on along its length); nil when the row is too
  /// short to tell.
  public var endPitchRatio: Double? {
    let row = printedCharacters
    guard row.count >= 3 * Self.fewestCharactersPerThird, pitch > 0 else { return nil }
    let centres = row.map {
      Point(x: Double($0.x) + Double($0.width) / 2, y: Double($0.y) + Double($0.height) / 2)
    }
    let (first, last) = (centres.first!, centres.last!)
    let length = first.distance(to: last)
    guard length > 0 else { return nil }
    // Each centre's place along the row, and its cell: counted from its
    // neighbour's, so that a pitch changing along the row (what is looked
    // for) does not shift the count (a gap of two pitches is a cell whose
    // character was not found, a blob closer than half a pitch the same
    // cell's).
    let (dx, dy) = ((last.x - first.x) / length, (last.y - first.y) / length)
    let along = centres.map { centre -> Double in
      let (x, y) = (centre.x - first.x, centre.y - first.y)
      return x * dx + y * dy
    }
    var cells = [0.0]
    for index in along.indices.dropFirst() {
      cells.append(cells[index - 1] + ((along[index] - along[index - 1]) / pitch).rounded())
    }
    let count = cells.last! + 1
    func fittedPitch(of selected: [Int]) -> Double? {
      guard selected.count >= Self.fewestCharactersPerThird else { return nil }
      let n = Double(selected.count)
      let meanCell = selected.map { cells[$0] }.reduce(0, +) / n
      let meanAlong = selected.map { along[$0] }.reduce(0, +) / n
      let spread = selected.map { (cells[$0] - meanCell) * (cells[$0] - meanCell) }.reduce(0, +)
      guard spread > 0 else { return nil }
      let covariance = selected.map { (cells[$0] - meanCell) * (along[$0] - meanAlong) }
        .reduce(0, +)
      return covariance / spread
    }
    let indices = Array(along.indices)
    guard let near = fittedPitch(of: indices.filter { cells[$0] < count / 3 }),
      let far = fittedPitch(of: indices.filter { cells[$0] >= 2 * count / 3 }),
      near > 0, far > 0
    else { return nil }
    return max(near, far) / min(near, far)
  }

  /// The unit vector from the row's first printed character to its last.
  var direction: Point? {
    let row = printedCharacters
    guard let first = row.first, let last = row.last, row.count > 1 else { return nil }
    let dx = Double(last.x + last.width / 2 - first.x - first.width / 2)
    let dy = Double(last.y + last.height / 2 - first.y - first.height / 2)
    let length = (dx * dx + dy * dy).squareRoot()
    return length > 0 ? Point(x: dx / length, y: dy / length) : nil
  }
}

extension Quad {
  /// The longer over the shorter of the two sides most nearly across
  /// `direction` (a unit vector): how unequal the quad's ends along it are.
  func endRatio(along direction: Point) -> Double {
    let sides = (0..<4).map { (corners[$0], corners[($0 + 1) % 4]) }
    // How much a side runs along `direction` (0 across it, 1 along it).
    let alongness = sides.map { a, b -> Double in
      let length = a.distance(to: b)
      guard length > 0 else { return 1 }
      return abs((b.x - a.x) * direction.x + (b.y - a.y) * direction.y) / length
    }
    // Opposite sides pair up: 0 with 2, 1 with 3.
    let pair = alongness[0] + alongness[2] > alongness[1] + alongness[3] ? [1, 3] : [0, 2]
    let lengths = pair.map { sides[$0].0.distance(to: sides[$0].1) }
    return max(lengths[0], lengths[1]) / max(1e-9, min(lengths[0], lengths[1]))
  }
}
