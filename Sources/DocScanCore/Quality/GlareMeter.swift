/// Measures the blown-out fraction of a region: 0 none, 1 all of it.
///
/// A pixel is glare when it is at the sensor's ceiling (`clipLevel`) and
/// clearly brighter than the paper around it (`paperMargin` above the
/// region's paper level), so an evenly lit white page does not count. Only
/// pixels in blocks that are mostly glare are counted: single sparkling
/// pixels (holograms, noise) hide no text.
public struct GlareMeter: Sendable {
  /// Luma at or above which a pixel is taken as clipped.
  public var clipLevel: Int = 245
  /// How far above the paper level a clipped pixel must be.
  public var paperMargin: Int = 12
  /// The paper level is this percentile of the region's luma: low enough to
  /// stay on the paper while glare covers up to most of the region.
  public var paperPercentile: Double = 0.3
  /// Side of the blocks in which at least half the pixels must be glare.
  public var blockSize: Int = 8

  public init() {}

  public func measure(_ image: LumaImage, in region: PixelRect) -> Double {
    let area = region.clamped(to: image.bounds)
    guard !area.isEmpty else { return 0 }
    let threshold = max(clipLevel, paperLevel(image, area) + paperMargin)
    guard threshold <= 255 else { return 0 }

    let blocksAcross = (area.width + blockSize - 1) / blockSize
    let blocksDown = (area.height + blockSize - 1) / blockSize
    var glareInBlock = [Int](repeating: 0, count: blocksAcross * blocksDown)
    var pixelsInBlock = [Int](repeating: 0, count: blocksAcross * blocksDown)
    image.pixels.withUnsafeBufferPointer { pixels in
      for row in 0..<area.height {
        let base = (area.y + row) * image.stride + area.x
        let blockRow = (row / blockSize) * blocksAcross
        for column in 0..<area.width {
          let block = blockRow + column / blockSize
          pixelsInBlock[block] += 1
          if Int(pixels[base + column]) >= threshold { glareInBlock[block] += 1 }
        }
      }
    }
    var glare = 0
    for block in glareInBlock.indices where glareInBlock[block] * 2 >= pixelsInBlock[block] {
      glare += glareInBlock[block]
    }
    return Double(glare) / Double(area.area)
  }

  private func paperLevel(_ image: LumaImage, _ area: PixelRect) -> Int {
    var histogram = [Int](repeating: 0, count: 256)
    image.pixels.withUnsafeBufferPointer { pixels in
      for row in 0..<area.height {
        let base = (area.y + row) * image.stride + area.x
        for column in 0..<area.width { histogram[Int(pixels[base + column])] += 1 }
      }
    }
    let target = Int(Double(area.area) * paperPercentile)
    var seen = 0
    for level in 0..<256 {
      seen += histogram[level]
      if seen > target { return level }
    }
    return 255
  }
}
