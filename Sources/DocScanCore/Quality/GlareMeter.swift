/// Measures the fraction of a region where a highlight has washed the print
/// out: 0 none, 1 all of it.
///
/// A pixel is clipped when it is at the sensor's ceiling (`clipLevel`) and
/// clearly brighter than the paper around it (`paperMargin` above the
/// region's paper level), so an evenly lit white page does not count. Only
/// blocks that are mostly clipped count, so single sparkling pixels
/// (holograms, noise) hide nothing.
///
/// Clipped is not yet glare: a white band printed on tinted paper (an MRZ
/// strip, a white panel) is at the ceiling too when the camera exposes for a
/// light desk, and its text reads perfectly. What glare does is hide the
/// print: inside a highlight every stroke is lifted to the ceiling. So a
/// clipped block counts only when neither it nor any block next to it holds
/// print (a pixel `inkContrast` below the clipped level), and only where such
/// blocks make a patch at least `patchSize` blocks across (a morphological
/// opening of the block mask): the blocks between a white band's lines sit
/// next to text, its blank margins are strips along it a few millimetres
/// wide, a highlight is a patch with no print left inside.
public struct GlareMeter: Sendable {
  /// Luma at or above which a pixel is taken as clipped.
  public var clipLevel: Int = 245
  /// How far above the paper level a clipped pixel must be.
  public var paperMargin: Int = 12
  /// The paper level is this percentile of the region's luma: low enough to
  /// stay on the paper while glare covers up to most of the region.
  public var paperPercentile: Double = 0.3
  /// Side of the blocks in which at least half the pixels must be clipped.
  public var blockSize: Int = 8
  /// How far below the clipped level a pixel must be to be print that
  /// survived: a stroke, or paper the highlight did not lift.
  public var inkContrast: Int = 48
  /// The smallest patch of washed-out blocks that counts, in blocks across
  /// (odd): 5 blocks are 40 px, 5.5 % of a document dewarped 720 px long,
  /// wider than the blank margins of a white MRZ band (4-5 mm of 125).
  public var patchSize: Int = 5

  public init() {}

  /// The washed-out fraction of `region`. A patch lying wholly in a
  /// `spared` rectangle (every block's centre in one: a portrait's ground,
  /// `PortraitGround`) does not count; one reaching beyond it counts whole
  /// (a highlight over the photo's edge and the print beside it).
  public func measure(_ image: LumaImage, in region: PixelRect, sparing spared: [PixelRect] = [])
    -> Double
  {
    let area = region.clamped(to: image.bounds)
    guard !area.isEmpty else { return 0 }
    let threshold = max(clipLevel, paperLevel(image, area) + paperMargin)
    guard threshold <= 255 else { return 0 }

    let blocks = BlockGrid(area: area, blockSize: blockSize)
    let counts = blocks.count(in: image, clippedAt: threshold, inkBelow: threshold - inkContrast)
    let washedOut = counts.clipped.indices.map { block in
      counts.clipped[block] * 2 >= counts.pixels[block]
        && !blocks.neighbourhood(of: block).contains { counts.ink[$0] > 0 }
    }
    let reach = patchSize / 2
    let patches = blocks.dilated(blocks.eroded(washedOut, reach: reach), reach: reach)
    let counted = spared.isEmpty ? patches : blocks.withoutPatches(of: patches, inside: spared)
    let glare = counts.clipped.indices.reduce(0) { $0 + (counted[$1] ? counts.clipped[$1] : 0) }
    return Double(glare) / Double(area.area)
  }

  private func paperLevel(_ image: LumaImage, _ area: PixelRect) -> Int {
    LumaHistogram(image, in: area).level(above: paperPercentile)
  }
}

/// The square blocks a region is cut into, and per block how many pixels are
/// clipped and how many are print.
private struct BlockGrid {
  let area: PixelRect
  let blockSize: Int
  let across: Int
  let down: Int

  init(area: PixelRect, blockSize: Int) {
    self.area = area
    self.blockSize = blockSize
    across = (area.width + blockSize - 1) / blockSize
    down = (area.height + blockSize - 1) / blockSize
  }

  func count(in image: LumaImage, clippedAt clipLevel: Int, inkBelow inkLevel: Int)
    -> (pixels: [Int], clipped: [Int], ink: [Int])
  {
    var pixels = [Int](repeating: 0, count: across * down)
    var clipped = pixels
    var ink = pixels
    image.pixels.withUnsafeBufferPointer { luma in
      for row in 0..<area.height {
        let base = (area.y + row) * image.stride + area.x
        let blockRow = (row / blockSize) * across
        for column in 0..<area.width {
          let block = blockRow + column / blockSize
          let value = Int(luma[base + column])
          pixels[block] += 1
          if value >= clipLevel { clipped[block] += 1 } else if value < inkLevel { ink[block] += 1 }
        }
      }
    }
    return (pixels, clipped, ink)
  }

  /// `mask` less its patches (blocks joined side by side or corner to
  /// corner) whose every block has its centre inside one of `rects`.
  func withoutPatches(of mask: [Bool], inside rects: [PixelRect]) -> [Bool] {
    var kept = mask
    var seen = [Bool](repeating: false, count: mask.count)
    for start in mask.indices where mask[start] && !seen[start] {
      var patch = [start]
      seen[start] = true
      var next = 0
      while next < patch.count {
        for block in neighbourhood(of: patch[next]) where mask[block] && !seen[block] {
          seen[block] = true
          patch.append(block)
        }
        next += 1
      }
      if patch.allSatisfy({ centre(of: $0, liesIn: rects) }) {
        for block in patch { kept[block] = false }
      }
    }
    return kept
  }

  /// Whether the block's centre lies inside one of `rects`.
  private func centre(of block: Int, liesIn rects: [PixelRect]) -> Bool {
    let x = area.x + (block % across) * blockSize + blockSize / 2
    let y = area.y + (block / across) * blockSize + blockSize / 2
    return rects.contains { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }
  }

  /// Blocks whose whole neighbourhood is set (blocks off the grid are not).
  func eroded(_ mask: [Bool], reach: Int) -> [Bool] {
    let full = (2 * reach + 1) * (2 * reach + 1)
    return mask.indices.map { block in
      let around = neighbourhood(of: block, reach: reach)
      return around.count == full && around.allSatisfy { mask[$0] }
    }
  }

  /// Blocks with a set block in their neighbourhood.
  func dilated(_ mask: [Bool], reach: Int) -> [Bool] {
    mask.indices.map { block in neighbourhood(of: block, reach: reach).contains { mask[$0] } }
  }

  /// The block and the blocks up to `reach` rows and columns from it.
  func neighbourhood(of block: Int, reach: Int = 1) -> [Int] {
    let (row, column) = (block / across, block % across)
    var around: [Int] = []
    for r in max(0, row - reach)...min(down - 1, row + reach) {
      for c in max(0, column - reach)...min(across - 1, column + reach) {
        around.append(r * across + c)
      }
    }
    return around
  }
}
