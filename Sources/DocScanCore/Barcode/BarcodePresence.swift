/// Whether a dewarped document shows a barcode, read or not: a PDF417 or a
/// linear code is a block of parallel bars, so its picture changes much
/// faster across the bars than along them, over an area larger than any
/// printed word. The session uses it to tell a card's back that carries a
/// barcode it has not decoded yet (too small, out of focus) from a front.
///
/// The image is cut into square cells. A cell is striped when it has
/// contrast and its mean brightness change in one direction is at most
/// `maximumCrossRatio` of the other; striped cells of the same direction
/// that touch form a region, and a region counts when it covers at least
/// `minimumAreaFraction` of the image and spans `minimumSpanFraction` of
/// its width (or height, for bars lying across).
public struct BarcodePresence: Sendable {
  /// Cell side in pixels (a PDF417 module is 2-4 pixels on the 720-pixel
  /// dewarped document, so a cell holds several bars).
  public var cellSize = 12
  /// Mean brightness change per pixel, in the bars' direction of change,
  /// below which a cell is flat paper.
  public var minimumContrast = 14.0
  /// The change along the bars at most this share of the change across them.
  public var maximumCrossRatio = 0.55
  public var minimumAreaFraction = 0.04
  public var minimumSpanFraction = 0.3

  public init() {}

  /// Whether `image` shows a barcode-like block of bars.
  public func isBarcodeLikely(in image: LumaImage) -> Bool {
    largestStripedRegion(in: image) != nil
  }

  /// The largest region of striped cells that counts, in cells; nil when none does.
  func largestStripedRegion(in image: LumaImage) -> PixelRect? {
    let columns = (image.width - 2) / cellSize
    let rows = (image.height - 2) / cellSize
    guard columns > 0, rows > 0 else { return nil }
    // 1: bars standing (change along x), 2: bars lying (change along y).
    var kinds = [UInt8](repeating: 0, count: columns * rows)
    image.pixels.withUnsafeBufferPointer { pixels in
      for row in 0..<rows {
        for column in 0..<columns {
          kinds[row * columns + column] = cellKind(
            pixels, stride: image.stride, left: 1 + column * cellSize, top: 1 + row * cellSize)
        }
      }
    }
    var best: PixelRect?
    var bestArea = 0
    var seen = [Bool](repeating: false, count: kinds.count)
    for start in kinds.indices where kinds[start] != 0 && !seen[start] {
      let region = flood(from: start, kinds: kinds, columns: columns, seen: &seen)
      let spanFraction =
        kinds[start] == 1
        ? Double(region.bounds.width) / Double(columns)
        : Double(region.bounds.height) / Double(rows)
      let areaFraction = Double(region.cells) / Double(kinds.count)
      if areaFraction >= minimumAreaFraction, spanFraction >= minimumSpanFraction,
        region.cells > bestArea
      {
        best = region.bounds
        bestArea = region.cells
      }
    }
    return best
  }

  /// 0 for a flat or unoriented cell, 1 for bars standing, 2 for bars lying.
  private func cellKind(
    _ pixels: UnsafeBufferPointer<UInt8>, stride: Int, left: Int, top: Int
  ) -> UInt8 {
    var acrossX = 0
    var acrossY = 0
    for y in top..<(top + cellSize) {
      let row = y * stride
      for x in left..<(left + cellSize) {
        acrossX += abs(Int(pixels[row + x + 1]) - Int(pixels[row + x - 1]))
        acrossY += abs(Int(pixels[row + stride + x]) - Int(pixels[row - stride + x]))
      }
    }
    let count = Double(cellSize * cellSize)
    let strong = Double(max(acrossX, acrossY)) / count
    let weak = Double(min(acrossX, acrossY)) / count
    guard strong >= minimumContrast, weak <= strong * maximumCrossRatio else { return 0 }
    return acrossX >= acrossY ? 1 : 2
  }

  /// The cells of one kind connected to `start` (4-neighbours): how many,
  /// and their bounding box in cells.
  private func flood(
    from start: Int, kinds: [UInt8], columns: Int, seen: inout [Bool]
  ) -> (cells: Int, bounds: PixelRect) {
    let kind = kinds[start]
    var stack = [start]
    seen[start] = true
    var cells = 0
    var (left, top, right, bottom) = (Int.max, Int.max, Int.min, Int.min)
    while let index = stack.popLast() {
      cells += 1
      let (x, y) = (index % columns, index / columns)
      (left, right, top, bottom) = (min(left, x), max(right, x), min(top, y), max(bottom, y))
      var neighbours: [Int] = []
      if x > 0 { neighbours.append(index - 1) }
      if x + 1 < columns { neighbours.append(index + 1) }
      if y > 0 { neighbours.append(index - columns) }
      if index + columns < kinds.count { neighbours.append(index + columns) }
      for next in neighbours where kinds[next] == kind && !seen[next] {
        seen[next] = true
        stack.append(next)
      }
    }
    return (cells, PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1))
  }
}
