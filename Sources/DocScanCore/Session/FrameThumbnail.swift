/// A frame seen coarsely: the mean level of each square cell of a grid.
///
/// Two thumbnails tell whether the picture changed where a document lay,
/// whatever the detector made of either frame: a card lifted, turned over
/// or slid away changes the cells it covered; a card the detector lost on
/// a pale desk, lying where it was, changes none.
struct FrameThumbnail: Sendable {
  /// A cell's side, in the analysed frame's pixels.
  static let cellSize = 16

  let columns: Int
  let rows: Int
  /// Row by row, each cell's mean level.
  let means: [Float]
  private let cellWidth: Double
  private let cellHeight: Double

  init(_ luma: LumaImage) {
    let columns = max(1, luma.width / Self.cellSize)
    let rows = max(1, luma.height / Self.cellSize)
    let cellWidth = luma.width / columns
    let cellHeight = luma.height / rows
    var sums = [Int](repeating: 0, count: columns * rows)
    luma.pixels.withUnsafeBufferPointer { pixels in
      for y in 0..<rows * cellHeight {
        let row = y * luma.stride
        let cellRow = y / cellHeight * columns
        for x in 0..<columns * cellWidth {
          sums[cellRow + x / cellWidth] += Int(pixels[row + x])
        }
      }
    }
    let area = Float(cellWidth * cellHeight)
    self.columns = columns
    self.rows = rows
    means = sums.map { Float($0) / area }
    self.cellWidth = Double(cellWidth)
    self.cellHeight = Double(cellHeight)
  }

  /// The share of the cells whose centre lies inside `quad` (in the
  /// frame's pixels; every cell when nil) whose level moved by more than
  /// `levels` since `earlier`, once the whole picture's move (the median
  /// over every cell: a camera's exposure) is taken off. nil when the two
  /// thumbnails differ in size or no cell lies inside.
  func changedShare(since earlier: FrameThumbnail, inside quad: Quad?, levels: Float) -> Double? {
    guard earlier.columns == columns, earlier.rows == rows else { return nil }
    let moves = zip(means, earlier.means).map { $0 - $1 }
    let shift = moves.sorted()[moves.count / 2]
    var inside = 0
    var changed = 0
    for row in 0..<rows {
      for column in 0..<columns {
        let centre = Point(
          x: (Double(column) + 0.5) * cellWidth, y: (Double(row) + 0.5) * cellHeight)
        guard quad?.contains(centre) ?? true else { continue }
        inside += 1
        if abs(moves[row * columns + column] - shift) > levels { changed += 1 }
      }
    }
    return inside == 0 ? nil : Double(changed) / Double(inside)
  }
}
