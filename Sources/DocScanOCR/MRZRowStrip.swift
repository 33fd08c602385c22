import COpenCVShim
import DocScanCore

/// One MRZ row cut out of an image as a straight strip for the OCR engine:
/// its cells and a margin around them, warped to a fixed capital height.
struct MRZRowStrip {
  var pixels: [UInt8]
  var width: Int
  var height: Int
  /// Width of one cell in the strip, and the margin before the first, in cells.
  var cellWidth: Double
  var margin: Double

  /// The strip of `row` in `image`, with capitals `capitalHeight` pixels
  /// tall; `margin` cells left and right and half a capital height above
  /// and below. nil when the row lies outside the image.
  init?(_ row: MRZRowGeometry, in image: LumaImage, capitalHeight: Double, margin: Double = 0.6) {
    // Sized by the middle of the row (a row seen in perspective is smaller
    // at its far end; the warp evens it out).
    let middle = Double(row.cellCount - 1) / 2
    let scale = capitalHeight / max(1, row.capHeight(atCell: middle))
    cellWidth = row.pitch(atCell: middle) * scale
    self.margin = margin
    width = Int((Double(row.cellCount) + 2 * margin) * cellWidth)
    height = Int(capitalHeight * 2)
    let corners = row.corners(cells: 0..<row.cellCount, marginX: margin, marginY: 0.5)
    guard width > 0, let pixels = image.warped(corners, width: width, height: height) else {
      return nil
    }
    self.pixels = pixels
  }

  /// The same strip in black and white (Otsu's threshold).
  func binarized() -> MRZRowStrip? {
    var out = [UInt8](repeating: 0, count: width * height)
    let ok = pixels.withUnsafeBufferPointer {
      docscan_binarize_otsu($0.baseAddress, Int32(width), Int32(height), Int32(width), &out)
    }
    guard ok != 0 else { return nil }
    var strip = self
    strip.pixels = out
    return strip
  }

  /// The strip turned half a turn: the row read the other way up (its
  /// margins are the same on both sides, so its cells are where they were).
  func rotatedHalfTurn() -> MRZRowStrip {
    var strip = self
    strip.pixels.reverse()
    return strip
  }

  /// Horizontal offsets (in cells) at which `glyphSamples` samples a cell.
  static let glyphOffsets = [-0.12, 0.0, 0.12]
  /// Columns and rows of a glyph sample.
  static let glyphSampleSize = (columns: 10, rows: 14)

  /// The print of `cell` as `MRZPrintConsistency` compares it: the cell's
  /// window (the middle 70 % of the strip's height) at each of
  /// `glyphOffsets`, shrunk to `glyphSampleSize` by OpenCV's area
  /// averaging and normalised. nil when a window leaves the strip or holds
  /// no print.
  func glyphSamples(cell: Int) -> [[Float]]? {
    let (columns, rows) = Self.glyphSampleSize
    let top = Int((Double(height) * 0.15).rounded())
    let windowHeight = Int((Double(height) * 0.7).rounded())
    let windowWidth = max(1, Int(cellWidth.rounded()))
    var samples: [[Float]] = []
    for offset in Self.glyphOffsets {
      let left = Int(((margin + Double(cell) + offset) * cellWidth).rounded())
      var sample = [Float](repeating: 0, count: columns * rows)
      let ok = pixels.withUnsafeBufferPointer {
        docscan_area_sample(
          $0.baseAddress, Int32(width), Int32(height), Int32(width), Int32(left), Int32(top),
          Int32(windowWidth), Int32(windowHeight), &sample, Int32(columns), Int32(rows))
      }
      guard ok != 0, let normalised = MRZGlyph.normalised(sample) else { return nil }
      samples.append(normalised)
    }
    return samples
  }

  /// Per cell, the share of the strip's pixels over it (its whole height)
  /// at or above `level`.
  func clippedShares(cellCount: Int, level: Int) -> [Double] {
    (0..<cellCount).map { cell in
      let left = max(0, Int(((margin + Double(cell)) * cellWidth).rounded()))
      let right = min(width, Int(((margin + Double(cell + 1)) * cellWidth).rounded()))
      guard right > left, height > 0 else { return 0 }
      var clipped = 0
      for y in 0..<height {
        let row = y * width
        for x in left..<right where Int(pixels[row + x]) >= level { clipped += 1 }
      }
      return Double(clipped) / Double((right - left) * height)
    }
  }

  /// The cell an x position of the strip falls into, if any.
  func cell(atX x: Double, cellCount: Int) -> Int? {
    let cell = Int((x / cellWidth - margin).rounded(.down))
    return (0..<cellCount).contains(cell) ? cell : nil
  }
}

extension LumaImage {
  /// The quadrilateral `corners` (upper-left, upper-right, lower-right,
  /// lower-left) warped to a `width` x `height` image (OpenCV).
  func warped(_ corners: [Point], width: Int, height: Int) -> [UInt8]? {
    var out = [UInt8](repeating: 0, count: width * height)
    let flat = corners.flatMap { [$0.x, $0.y] }
    let ok = pixels.withUnsafeBufferPointer { source in
      docscan_warp_quad(
        source.baseAddress, Int32(self.width), Int32(self.height), Int32(stride), flat,
        &out, Int32(width), Int32(height), Int32(width))
    }
    return ok != 0 ? out : nil
  }
}
