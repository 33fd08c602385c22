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

  /// A character whose best cell wins by less than this many cells of box
  /// displacement over its best other placement (another cell, or left
  /// out) sits where a missing or merged character leaves the alignment a
  /// guess: a box centred half way between two cells wins either by
  /// nothing.
  public static let clearMargin = 0.5

  /// Where one character read is placed.
  public struct Placement: Equatable, Sendable {
    /// The cell it fills, nil when it is left out.
    public var cell: Int?
    /// Whether its best placement beats every other by `clearMargin`.
    public var isClear: Bool

    public init(cell: Int?, isClear: Bool) {
      self.cell = cell
      self.isClear = isClear
    }
  }

  /// For each position (a character's box centre in cells along the row,
  /// the first cell's centre at 0, in reading order) the cell it fills, or
  /// nil when it is left out.
  public static func cells(for positions: [Double], cellCount: Int) -> [Int?] {
    guard !positions.isEmpty, cellCount > 0 else {
      return Array(repeating: nil, count: positions.count)
    }
    return Costs(positions, cellCount: cellCount).bestCells()
  }

  /// Each character's placement, and whether the alignment is sure of it:
  /// the best alignment's cost against the best one that places the
  /// character elsewhere or leaves it out (costs before it from the start,
  /// after it from the end of the row).
  public static func placements(for positions: [Double], cellCount: Int) -> [Placement] {
    let count = positions.count
    guard count > 0, cellCount > 0 else {
      return Array(repeating: Placement(cell: nil, isClear: false), count: count)
    }
    let forward = Costs(positions, cellCount: cellCount)
    let backward = Costs(
      positions.reversed().map { Double(cellCount - 1) - $0 }, cellCount: cellCount)
    // The best cost of the characters from `i` on in the cells from `j` on.
    func after(_ i: Int, _ j: Int) -> Double { backward.cost[count - i][cellCount - j] }
    let best = forward.cost[count][cellCount]
    let cells = forward.bestCells()
    return cells.enumerated().map { i, chosen in
      var rival = Double.infinity
      for j in 0...cellCount {
        if chosen != nil {
          rival = min(rival, forward.cost[i][j] + skipCost + after(i + 1, j))
        }
        if j < cellCount, j != chosen {
          rival = min(
            rival, forward.cost[i][j] + abs(positions[i] - Double(j)) + after(i + 1, j + 1))
        }
      }
      return Placement(cell: chosen, isClear: rival - best >= clearMargin)
    }
  }

  /// The edit-distance table over characters and cells, read from the start.
  private struct Costs {
    enum Step { case place, skipCharacter, skipCell }
    /// cost[i][j]: the best placement of the first i characters in the first j cells.
    var cost: [[Double]]
    var step: [[Step]]

    init(_ positions: [Double], cellCount: Int) {
      let count = positions.count
      cost = Array(
        repeating: Array(repeating: Double.infinity, count: cellCount + 1), count: count + 1)
      step = Array(repeating: Array(repeating: Step.place, count: cellCount + 1), count: count + 1)
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
    }

    /// The cell of each character on the best alignment, nil for one left out.
    func bestCells() -> [Int?] {
      var (i, j) = (cost.count - 1, cost[0].count - 1)
      var cells = [Int?](repeating: nil, count: i)
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
}
