import Foundation

/// Measures whether the text in a region can be read: 0 sharp, 1 unreadable.
///
/// It answers "how far is the print smeared, compared with the size of the
/// text", not "how sharp is this camera" (issue 14): a soft but readable
/// webcam frame and a crisp 4K frame of the same page both read as sharp;
/// defocus or motion that spreads every edge over half the height of an MRZ
/// character reads as blurred.
///
/// How: every edge crossed by a scan line (along rows, columns and both
/// diagonals; neighbour differences smoothed [1, 2, 1] along the edge) is
/// one run of same-signed differences; its step contrast is the run's sum,
/// its spread the contrast over the run's steepest slope (read over two
/// steps): a blurred step's width in pixels, whatever its contrast or
/// brightness. Only the edges of the print are kept:
/// - whose steepest slope clears the noise (`noiseDeviations` times the
///   region's median difference, at least `noiseFloor`), so sensor noise and
///   JPEG or H.264 ringing neither look like detail nor hide blur;
/// - whose gradient points along the scan line (within 22.5 degrees), so an
///   edge crossed at a slant does not count as a wide one;
/// - whose contrast reaches `strongEdgeFraction` of the print's own stroke
///   contrast (the `strokeContrastQuantile` of all edges' contrast): the
///   edges of the text and of the other print at full contrast. Thin strokes
///   smeared by motion lose their contrast and drop out, leaving the edges
///   that show how far the motion went.
/// A direction's spread is the `spreadQuantile` of its edges' spreads. The
/// worst direction counts, plus `anisotropyWeight` times its excess over the
/// perpendicular direction (motion smears one direction; a soft lens all).
/// Less a sharp edge's spread and divided by the character height it is
/// the blur length in characters, mapped to 0..1 as `1 - exp(-ratio /
/// scale)` so that `boundary` character heights land on `threshold`, the
/// default blur-threshold 0.45.
///
/// Calibrated with Tests/Calibration/blur_calibration.py on renders and
/// real document images (issue 14).
public struct BlurMeter: Sendable {
  /// The height of the text that must stay readable, in pixels of the
  /// measured image: MRZ capitals on the dewarped passport page (720 px long
  /// side, see `DocumentShape.dewarpedSize`) are about 14 px tall, an ID-1
  /// card's about 20 px. 14 is the smaller, so the stricter, of the two.
  public var characterHeight: Double = BlurMeter.dewarpedCharacterHeight
  /// Smallest steepest slope (in luma levels per pixel) that counts as an
  /// edge.
  public var noiseFloor: Double = 6
  /// Edges whose steepest slope is below this many noise deviations are
  /// noise.
  public var noiseDeviations: Double = 4
  /// Edges weaker than this fraction of the print's stroke contrast are
  /// left out.
  public var strongEdgeFraction: Double = 0.7
  /// The print's stroke contrast: this quantile of all edges' contrast.
  public var strokeContrastQuantile: Double = 0.97
  /// The spread of a direction: this quantile of its strong edges' spreads
  /// (text edges are the sharpest strong edges; soft print such as shadows
  /// and ghost images sits above it).
  public var spreadQuantile: Double = 0.3
  /// Weight of the excess of a direction's spread over the perpendicular
  /// one: motion blur smears one direction only and is counted stronger.
  public var anisotropyWeight: Double = 2
  /// The spread of a perfectly sharp edge (a one-pixel step read over two
  /// steps): no blur at all, 0.
  public var sharpSpread: Double = 2
  /// The blur length beyond `sharpSpread`, in character heights, that maps
  /// to `threshold`.
  public var boundary: Double = 0.457
  /// The blur value at `boundary` (the element's default blur-threshold).
  public var threshold: Double = 0.45
  /// Fewest strong edges per direction for a measurement; fewer means no
  /// readable edge in that direction (spread `maximumSpread`).
  public var minimumEdges: Int = 8
  /// The largest spread, in pixels, reported for a direction.
  public var maximumSpread: Double = 64

  /// MRZ capital height on the 720 px dewarped TD3 page.
  public static let dewarpedCharacterHeight = 14.0

  public init() {}

  public init(characterHeight: Double) {
    self.characterHeight = characterHeight
  }

  /// Blur of `region`: 0 sharp, 1 unreadable.
  public func measure(_ image: LumaImage, in region: PixelRect) -> Double {
    measure(image, in: region, characterHeight: characterHeight)
  }

  /// Blur of `region` whose text is `characterHeight` pixels tall.
  public func measure(_ image: LumaImage, in region: PixelRect, characterHeight: Double) -> Double {
    guard let spread = edgeSpread(image, in: region) else { return 1 }
    let ratio = max(0, spread - sharpSpread) / max(1, characterHeight)
    let scale = boundary / -log(1 - threshold)
    return min(1, max(0, 1 - exp(-ratio / scale)))
  }

  /// The spread in pixels of the strong edges in the worst direction, its
  /// excess over the perpendicular direction added (`anisotropyWeight`);
  /// nil when the region shows no edges at all (nothing readable).
  public func edgeSpread(_ image: LumaImage, in region: PixelRect) -> Double? {
    let area = region.clamped(to: image.bounds)
    guard area.width >= 8, area.height >= 8 else { return nil }
    var edges = EdgeScan(image: image, area: area)
    return edges.worstSpread(meter: self)
  }
}

/// The four directions' edge runs over one region.
private struct EdgeScan {
  let image: LumaImage
  let area: PixelRect
  /// Runs per direction (rows, columns, main and anti diagonal): contrast
  /// and twice the steepest slope, both times 4 (the smoothing's weight).
  var contrasts: [[Int32]] = [[], [], [], []]
  var peaks: [[Int32]] = [[], [], [], []]
  /// Histogram of the row differences (times 4): the noise.
  var noiseHistogram = [Int](repeating: 0, count: 1024)

  init(image: LumaImage, area: PixelRect) {
    self.image = image
    self.area = area
  }

  // Directions: 0 along rows (gradient along x), 1 along columns, 2 the
  // main diagonal (x+1, y+1), 3 the anti-diagonal (x-1, y+1).
  static let steps = [(1, 0), (0, 1), (1, 1), (-1, 1)]
  /// Across each direction, for the [1, 2, 1] smoothing along the edge.
  static let across = [(0, 1), (1, 0), (1, -1), (1, 1)]
  static let stepLength = [1.0, 1.0, 2.0.squareRoot(), 2.0.squareRoot()]
  /// Every `lineSpacing`-th scan line is read: edges are long, and a third
  /// of the lines measures them as well as all of them (same calibration
  /// results), in a third of the time.
  static let lineSpacing = 3
  /// The smallest peak (twice a slope, times 4) collected at all: the
  /// meter's `noiseFloor` (set by `worstSpread`).
  var collectFloor: Int32 = 24

  mutating func worstSpread(meter: BlurMeter) -> Double? {
    // The measured pixels: the region less a one-pixel rim (the smoothing
    // and the Sobel operator reach one pixel out).
    let innerWidth = area.width - 2
    let innerHeight = area.height - 2
    collectFloor = Int32((meter.noiseFloor * 8).rounded(.up))
    image.pixels.withUnsafeBufferPointer { pixels in
      for index in 0..<4 {
        collectRuns(index, pixels, innerWidth, innerHeight)
      }
    }
    // Median absolute (smoothed, times 4) row difference: the noise.
    let total = noiseHistogram.reduce(0, +)
    var seen = 0
    var median = 0
    for (value, count) in noiseHistogram.enumerated() {
      seen += count
      if seen * 2 >= total {
        median = value
        break
      }
    }
    let floor = Int32(
      max(meter.noiseFloor * 4, meter.noiseDeviations * 1.4826 * Double(median)).rounded(.up))

    // The print's stroke contrast: a high quantile over rows and columns.
    var contrastHistogram = [Int](repeating: 0, count: 4 * 1024)
    var counted = 0
    for index in 0..<2 {
      for (contrast, peak) in zip(contrasts[index], peaks[index]) where peak >= 2 * floor {
        contrastHistogram[min(contrastHistogram.count - 1, Int(contrast))] += 1
        counted += 1
      }
    }
    guard counted >= meter.minimumEdges else { return nil }
    var reference = 0
    var below = 0
    for (value, count) in contrastHistogram.enumerated() {
      below += count
      if Double(below) >= meter.strokeContrastQuantile * Double(counted) {
        reference = value
        break
      }
    }
    let strong = Int32((Double(reference) * meter.strongEdgeFraction).rounded(.up))

    // Rows or columns without strong edges: the print is smeared across
    // them (motion), `maximumSpread`. Diagonals without strong edges show
    // only a page without slanted print (boxes, lines): they take the
    // worse of rows and columns.
    var spread = [Double](repeating: meter.maximumSpread, count: 4)
    var measured = [false, false, false, false]
    var spreads: [Float] = []
    for index in 0..<4 {
      spreads.removeAll(keepingCapacity: true)
      for (contrast, peak) in zip(contrasts[index], peaks[index])
      where peak >= 2 * floor && contrast >= strong {
        spreads.append(2 * Float(contrast) / Float(peak))
      }
      guard spreads.count >= meter.minimumEdges else { continue }
      let rank = min(spreads.count - 1, Int(meter.spreadQuantile * Double(spreads.count)))
      let quantile = Double(quickSelect(&spreads, rank)) * Self.stepLength[index]
      spread[index] = min(meter.maximumSpread, quantile)
      measured[index] = true
    }
    for index in 2..<4 where !measured[index] {
      spread[index] = max(spread[0], spread[1])
    }
    // Rows pair with columns, one diagonal with the other.
    let perpendicular = [1, 0, 3, 2]
    return (0..<4).map {
      spread[$0] + meter.anisotropyWeight * max(0, spread[$0] - spread[perpendicular[$0]])
    }.max()!
  }

  /// Whether the Sobel gradient at `p` points along direction `index`
  /// (within 22.5 degrees; tan 22.5 is about 53/128).
  @inline(__always)
  private static func isAligned(
    _ pixels: UnsafeBufferPointer<UInt8>, _ p: Int, _ stride: Int, _ index: Int
  ) -> Bool {
    let a = Int(pixels[p - stride - 1])
    let b = Int(pixels[p - stride])
    let c = Int(pixels[p - stride + 1])
    let d = Int(pixels[p - 1])
    let f = Int(pixels[p + 1])
    let g = Int(pixels[p + stride - 1])
    let h = Int(pixels[p + stride])
    let i = Int(pixels[p + stride + 1])
    let gx = (c + 2 * f + i) - (a + 2 * d + g)
    let gy = (g + 2 * h + i) - (a + 2 * b + c)
    let ax = abs(gx)
    let ay = abs(gy)
    switch index {
    case 0: return ay * 128 <= ax * 53 && ax > 0
    case 1: return ax * 128 <= ay * 53 && ay > 0
    default:
      guard ay * 128 > ax * 53 && ax * 128 > ay * 53 else { return false }
      return ((gx > 0) == (gy > 0)) == (index == 2)
    }
  }

  /// The runs of same-signed smoothed differences along the scan lines of
  /// one direction, kept when their steepest slope lies on a pixel whose
  /// gradient points along the line.
  private mutating func collectRuns(
    _ index: Int, _ pixels: UnsafeBufferPointer<UInt8>, _ innerWidth: Int, _ innerHeight: Int
  ) {
    let stride = image.stride
    let origin = (area.y + 1) * stride + area.x + 1
    let (sx, sy) = Self.steps[index]
    let (ax, ay) = Self.across[index]
    let step = sy * stride + sx
    let side = ay * stride + ax
    var foundContrast: [Int32] = []
    var foundPeak: [Int32] = []
    foundContrast.reserveCapacity(8192)
    foundPeak.reserveCapacity(8192)
    var histogram = noiseHistogram
    defer { noiseHistogram = histogram }
    let collectFloor = self.collectFloor
    let spacing = Self.lineSpacing

    // Every scan line: its first pixel (inner coordinates).
    var starts: [(x: Int, y: Int)] = []
    switch index {
    case 0: starts = Swift.stride(from: 0, to: innerHeight, by: spacing).map { (0, $0) }
    case 1: starts = Swift.stride(from: 0, to: innerWidth, by: spacing).map { ($0, 0) }
    case 2:
      starts =
        Swift.stride(from: innerHeight - 1, through: 0, by: -spacing).map { (0, $0) }
        + Swift.stride(from: spacing, to: innerWidth, by: spacing).map { ($0, 0) }
    default:
      starts =
        Swift.stride(from: 0, to: innerWidth, by: spacing).map { ($0, 0) }
        + Swift.stride(from: spacing, to: innerHeight, by: spacing).map { (innerWidth - 1, $0) }
    }
    let longest = max(innerWidth, innerHeight) + 1
    var lineStorage = [Int32](repeating: 0, count: longest)
    histogram.withUnsafeMutableBufferPointer { histogram in
      lineStorage.withUnsafeMutableBufferPointer { line in
        for start in starts {
          // The line's length in steps.
          let length: Int
          switch index {
          case 0: length = innerWidth - 1
          case 1: length = innerHeight - 1
          case 2: length = min(innerWidth - start.x, innerHeight - start.y) - 1
          default: length = min(start.x + 1, innerHeight - start.y) - 1
          }
          guard length > 0 else { continue }
          // The line's smoothed values, then its runs.
          var p = origin + start.y * stride + start.x
          for k in 0...length {
            line[k] = Int32(pixels[p - side]) &+ 2 &* Int32(pixels[p]) &+ Int32(pixels[p + side])
            p += step
          }
          let first = origin + start.y * stride + start.x
          // `peak` is the largest sum of two neighbouring differences of the
          // run (the run's ends pair with 0): twice the steepest slope, read
          // over two steps so that noise on a long ramp does not steepen it.
          var sign: Int32 = 0
          var sum: Int32 = 0
          var peak: Int32 = 0
          var peakAt = 0
          var previous: Int32 = 0
          for k in 0..<length {
            let difference = line[k + 1] &- line[k]
            let magnitude = difference < 0 ? 0 &- difference : difference
            if index == 0 { histogram[Int(min(1023, magnitude))] &+= 1 }
            let s: Int32 = (difference > 0 ? 1 : 0) &- (difference < 0 ? 1 : 0)
            if s != sign {
              if previous > peak { peak = previous }
              if sign != 0 && peak >= collectFloor {
                let at = first + peakAt * step
                if Self.isAligned(pixels, at, stride, index)
                  || Self.isAligned(pixels, at + step, stride, index)
                {
                  foundContrast.append(sum < 0 ? -sum : sum)
                  foundPeak.append(peak)
                }
              }
              sign = s
              sum = 0
              peak = 0
              previous = 0
            }
            sum &+= difference
            let pair = previous &+ magnitude
            if pair > peak {
              peak = pair
              peakAt = k
            }
            previous = magnitude
          }
          if previous > peak { peak = previous }
          if sign != 0 && peak >= collectFloor {
            let at = first + peakAt * step
            if Self.isAligned(pixels, at, stride, index)
              || Self.isAligned(pixels, at + step, stride, index)
            {
              foundContrast.append(sum < 0 ? -sum : sum)
              foundPeak.append(peak)
            }
          }
        }
      }
    }
    contrasts[index] = foundContrast
    peaks[index] = foundPeak
  }
}

/// The `k`-th smallest element (0-based), reordering `values`.
private func quickSelect(_ values: inout [Float], _ k: Int) -> Float {
  var low = 0
  var high = values.count - 1
  while low < high {
    let pivot = values[(low + high) / 2]
    var i = low
    var j = high
    while i <= j {
      while values[i] < pivot { i += 1 }
      while values[j] > pivot { j -= 1 }
      if i <= j {
        values.swapAt(i, j)
        i += 1
        j -= 1
      }
    }
    if k <= j {
      high = j
    } else if k >= i {
      low = i
    } else {
      return values[k]
    }
  }
  return values[k]
}
