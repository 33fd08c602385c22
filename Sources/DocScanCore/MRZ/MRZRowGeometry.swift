/// Where one MRZ line lies in an image: a row of character cells (OCR-B in
/// an MRZ is monospaced at 10 characters per inch), possibly slanted, and
/// seen in perspective.
///
/// A page turned away from the camera about a vertical axis shows the line's
/// far end smaller: the pitch changes along the line (by 10-15 % at the
/// tilts the detector accepts, a cell and more at the ends of a 44-cell
/// line), and the characters' height with it. Cell centres are therefore a
/// quadratic in the cell number, and the capital height follows the square
/// root of the local pitch (in a plane's perspective image, sizes across a
/// line scale with the inverse depth, sizes along it with its square).
public struct MRZRowGeometry: Sendable, Equatable {
  /// Characters in the line: 30, 36 or 44.
  public var cellCount: Int
  /// Centre of the first cell, in image pixels.
  public var firstCenterX: Double
  /// Distance between cell centres at the first cell.
  public var pitch: Double
  /// Vertical drift per pixel to the right (a slanted line).
  public var slope: Double
  /// Top and bottom of the capital letters at `firstCenterX`.
  public var top: Double
  public var bottom: Double
  /// Perspective: cell `k`'s centre is `firstCenterX + pitch * k +
  /// curvature * k * k`; 0 for a line seen square on.
  public var curvature: Double

  public init(
    cellCount: Int, firstCenterX: Double, pitch: Double, slope: Double, top: Double,
    bottom: Double, curvature: Double = 0
  ) {
    self.cellCount = cellCount
    self.firstCenterX = firstCenterX
    self.pitch = pitch
    self.slope = slope
    self.top = top
    self.bottom = bottom
    self.curvature = curvature
  }

  /// Capital height at the first cell.
  public var capHeight: Double { bottom - top }

  /// The x of cell `cell`'s centre (fractional cells give positions between).
  public func centerX(ofCell cell: Double) -> Double {
    firstCenterX + pitch * cell + curvature * cell * cell
  }

  /// The distance between cell centres around cell `cell`.
  public func pitch(atCell cell: Double) -> Double {
    pitch + 2 * curvature * cell
  }

  /// How much larger characters are around cell `cell` than at the first.
  public func sizeScale(atCell cell: Double) -> Double {
    (max(pitch(atCell: cell), 0.1 * pitch) / pitch).squareRoot()
  }

  /// Capital height around cell `cell`.
  public func capHeight(atCell cell: Double) -> Double {
    capHeight * sizeScale(atCell: cell)
  }

  /// The fractional cell number of an x position (in image pixels).
  public func cellPosition(atX x: Double) -> Double {
    let offset = x - firstCenterX
    let discriminant = pitch * pitch + 4 * curvature * offset
    // Beyond the parabola's vertex no cell lies there: the vertex is nearest.
    guard discriminant >= 0 else { return -pitch / (2 * curvature) }
    // The root of `curvature k² + pitch k - offset` near `offset / pitch`,
    // in the form that stays exact as the curvature goes to 0.
    return 2 * offset / (pitch + discriminant.squareRoot())
  }

  /// Which cell an x position (in image pixels) falls into, if any.
  public func cell(atX x: Double) -> Int? {
    let index = Int(cellPosition(atX: x).rounded())
    return (0..<cellCount).contains(index) ? index : nil
  }

  /// The y of the capitals' middle at cell `cell`.
  public func middleY(atCell cell: Double) -> Double {
    (top + bottom) / 2 + slope * (centerX(ofCell: cell) - firstCenterX)
  }

  /// The corners (upper-left, upper-right, lower-right, lower-left) of the
  /// cells `range`, widened by `marginX` cells and `marginY` cap heights.
  public func corners(cells range: Range<Int>, marginX: Double, marginY: Double) -> [Point] {
    let first = Double(range.lowerBound) - 0.5 - marginX
    let last = Double(range.upperBound) - 0.5 + marginX
    return [(first, -1.0), (last, -1.0), (last, 1.0), (first, 1.0)].map { cell, side in
      let half = (0.5 + marginY) * capHeight(atCell: cell)
      return Point(x: centerX(ofCell: cell), y: middleY(atCell: cell) + side * half)
    }
  }

  /// The `count` cells starting at cell `start` of this row (which may lie
  /// before its first cell or beyond its last) as a row of their own.
  /// The same line of print cut into as many cells, its first centred
  /// where cell `first` is and its last where cell `last` is (cells
  /// counted as now): a row whose cells are set a cell off at one end
  /// only (a character missed there, or one too many taken in) placed
  /// anew.
  public func spanning(fromCell first: Double, toCell last: Double) -> MRZRowGeometry {
    // Old cell c = first + step c' for new cell c'; the quadratic in c
    // written out in c'.
    let step = cellCount > 1 ? (last - first) / Double(cellCount - 1) : 1
    let middle = middleY(atCell: first)
    let height = capHeight(atCell: first)
    return MRZRowGeometry(
      cellCount: cellCount, firstCenterX: centerX(ofCell: first),
      pitch: (pitch + 2 * curvature * first) * step, slope: slope, top: middle - height / 2,
      bottom: middle + height / 2, curvature: curvature * step * step)
  }

  public func cells(from start: Int, count: Int) -> MRZRowGeometry {
    let cell = Double(start)
    let middle = middleY(atCell: cell)
    let height = capHeight(atCell: cell)
    return MRZRowGeometry(
      cellCount: count, firstCenterX: centerX(ofCell: cell), pitch: pitch(atCell: cell),
      slope: slope, top: middle - height / 2, bottom: middle + height / 2, curvature: curvature)
  }
}

extension MRZRowGeometry {
  /// The same row moved by `dx`, `dy` image pixels.
  public func moved(dx: Double, dy: Double) -> MRZRowGeometry {
    var row = self
    row.firstCenterX += dx
    row.top += dy
    row.bottom += dy
    return row
  }
}
