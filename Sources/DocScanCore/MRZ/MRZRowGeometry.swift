/// Where one MRZ line lies in an image: a row of equally spaced character
/// cells (OCR-B in an MRZ is monospaced at 10 characters per inch), possibly
/// slightly slanted.
public struct MRZRowGeometry: Sendable, Equatable {
  /// Characters in the line: 30, 36 or 44.
  public var cellCount: Int
  /// Centre of the first cell, in image pixels.
  public var firstCenterX: Double
  /// Distance between neighbouring cell centres.
  public var pitch: Double
  /// Vertical drift per pixel to the right (a slanted line).
  public var slope: Double
  /// Top and bottom of the capital letters at `firstCenterX`.
  public var top: Double
  public var bottom: Double

  public init(
    cellCount: Int, firstCenterX: Double, pitch: Double, slope: Double, top: Double,
    bottom: Double
  ) {
    self.cellCount = cellCount
    self.firstCenterX = firstCenterX
    self.pitch = pitch
    self.slope = slope
    self.top = top
    self.bottom = bottom
  }

  public var capHeight: Double { bottom - top }

  /// The corners (upper-left, upper-right, lower-right, lower-left) of the
  /// cells `range`, widened by `marginX` cells and `marginY` cap heights.
  public func corners(cells range: Range<Int>, marginX: Double, marginY: Double) -> [Point] {
    let left = firstCenterX + (Double(range.lowerBound) - 0.5 - marginX) * pitch
    let right = firstCenterX + (Double(range.upperBound) - 0.5 + marginX) * pitch
    let up = top - marginY * capHeight
    let down = bottom + marginY * capHeight
    func drift(_ x: Double) -> Double { slope * (x - firstCenterX) }
    return [
      Point(x: left, y: up + drift(left)), Point(x: right, y: up + drift(right)),
      Point(x: right, y: down + drift(right)), Point(x: left, y: down + drift(left)),
    ]
  }

  /// Which cell an x position (in image pixels) falls into, if any.
  public func cell(atX x: Double) -> Int? {
    let index = Int(((x - firstCenterX) / pitch).rounded())
    return (0..<cellCount).contains(index) ? index : nil
  }
}
