/// Measures how blurred a region looks: 0 sharp, 1 unreadable.
///
/// The measure is the no-reference "blur effect" of Crété-Roffet et al.
/// (2007): blur the region again with a 9-tap box filter and see how much of
/// its neighbour-to-neighbour variation survives. A sharp image loses most of
/// it; an image that is already blurred loses little. It is computed along
/// rows and along columns and the worse of the two is kept, so motion blur
/// in one direction counts in full. Contrast and brightness cancel out.
///
/// Neighbour differences below `noiseFloor` count in the total variation but
/// never as surviving detail: sensor noise is not detail, and counting it
/// would make a noisy blurred page look sharp.
public struct BlurMeter: Sendable {
  /// Taps of the re-blurring box filter; 9 is the paper's choice.
  public var filterTaps: Int = 9
  /// Luma steps between neighbours that count as detail, not noise.
  public var noiseFloor: Int = 8

  public init() {}

  public func measure(_ image: LumaImage, in region: PixelRect) -> Double {
    let area = region.clamped(to: image.bounds)
    guard area.width >= 2, area.height >= 2 else { return 1 }
    let vertical = blurAlongColumns(image, area)
    let horizontal = blurAlongRows(image, area)
    return min(1, max(0, max(vertical, horizontal)))
  }

  /// Blur along one axis from the sums of the original and surviving variation.
  private static func score(variation: Int, surviving: Int) -> Double {
    guard variation > 0 else { return 1 }  // a flat region shows nothing readable
    return Double(variation - surviving) / Double(variation)
  }

  private func blurAlongColumns(_ image: LumaImage, _ area: PixelRect) -> Double {
    let half = filterTaps / 2
    var variation = 0
    var surviving = 0
    image.pixels.withUnsafeBufferPointer { pixels in
      // Box-filtered value of the previous row, per column, times `filterTaps`.
      var previousBlurred = [Int](repeating: 0, count: area.width)
      for row in 0..<area.height {
        let y = area.y + row
        for column in 0..<area.width {
          let x = area.x + column
          var sum = 0
          for tap in -half...half {
            let ty = min(area.y + area.height - 1, max(area.y, y + tap))
            sum += Int(pixels[ty * image.stride + x])
          }
          if row > 0 {
            let here = Int(pixels[y * image.stride + x])
            let above = Int(pixels[(y - 1) * image.stride + x])
            let step = abs(here - above)
            let original = step * filterTaps
            variation += original
            if step >= noiseFloor {
              surviving += max(0, original - abs(sum - previousBlurred[column]))
            }
          }
          previousBlurred[column] = sum
        }
      }
    }
    return Self.score(variation: variation, surviving: surviving)
  }

  private func blurAlongRows(_ image: LumaImage, _ area: PixelRect) -> Double {
    let half = filterTaps / 2
    var variation = 0
    var surviving = 0
    image.pixels.withUnsafeBufferPointer { pixels in
      for row in 0..<area.height {
        let base = (area.y + row) * image.stride
        let first = area.x
        let last = area.x + area.width - 1
        // Running box sum over the row, edges repeated.
        var sum = 0
        for tap in -half...half {
          sum += Int(pixels[base + min(last, max(first, first + tap))])
        }
        var previousSum = sum
        for x in (first + 1)...last {
          sum += Int(pixels[base + min(last, x + half)])
          sum -= Int(pixels[base + max(first, x - half - 1)])
          let step = abs(Int(pixels[base + x]) - Int(pixels[base + x - 1]))
          let original = step * filterTaps
          variation += original
          if step >= noiseFloor {
            surviving += max(0, original - abs(sum - previousSum))
          }
          previousSum = sum
        }
      }
    }
    return Self.score(variation: variation, surviving: surviving)
  }
}
