/// Places the characters an OCR engine read along an MRZ row into the row's
/// cells.
///
/// Every cell of an MRZ line holds exactly one character (fillers too), in
/// order, so the characters read are matched to the cells in order, each
/// where its box lies best: a character whose box is widened by ink it
/// touches (edge art, a stamp) still takes its own cell, one read twice or
/// a spurious one is left out, and a character the engine missed leaves
/// its cell empty. A dynamic programme over characters and cells (an edit
/// distance whose substitution cost is the box's distance from the cell).
public enum MRZCellAlignment {
  /// The cost, in cells of box displacement, of leaving a character read
  /// out and of leaving a cell empty: a box more than two cells from a cell
  /// is better left out than put there.
  public static let skipCost = 1.0

  /// For each position (a character's box centre in cells along the row,
  /// the first cell's centre at 0, in reading order) the cell it fills, or
  /// nil when it is left out.
  public static func cells(for positions: [Double], cellCount: Int) -> [Int?] {
    let count = positions.count
    guard count > 0, cellCount > 0 else { return Array(repeating: nil, count: count) }
    // cost[i][j]: the best placement of the first i characters in the first j cells.
    var cost = Array(
      repeating: Array(repeating: Double.infinity, count: cellCount + 1), count: count + 1)
    enum Step { case place, skipCharacter, skipCell }
    var step = Array(
      repeating: Array(repeating: Step.place, count: cellCount + 1), count: count + 1)
    for i in 0...count {
      for j in 0...cellCount {
        if i == 0 && j == 0 {
          cost[0][0] = 0
          continue
        }
        if i > 0 && j > 0 {
          let placed = cost[i - 1][j - 1] + abs(positions[i - 1] - Double(j - 1))
          if placed < cost[i][j] { (cost[i][j], step[i][j]) = (placed, .place) }
        }
        if i > 0, cost[i - 1][j] + skipCost < cost[i][j] {
          (cost[i][j], step[i][j]) = (cost[i - 1][j] + skipCost, .skipCharacter)
        }
        if j > 0, cost[i][j - 1] + skipCost < cost[i][j] {
          (cost[i][j], step[i][j]) = (cost[i][j - 1] + skipCost, .skipCell)
        }
      }
    }
    var cells = [Int?](repeating: nil, count: count)
    var (i, j) = (count, cellCount)
    while i > 0 || j > 0 {
      switch step[i][j] {
      case .place:
        cells[i - 1] = j - 1
        (i, j) = (i - 1, j - 1)
      case .skipCharacter: i -= 1
      case .skipCell: j -= 1
      }
    }
    return cells
  }
}
