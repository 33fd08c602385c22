import Foundation

/// Linear filters on a grey image: a Gaussian blur, and the unsharp mask
/// built on it. Borders repeat the edge pixels.
extension LumaImage {
  /// Gaussian blur of standard deviation `sigma` pixels (separable, out to
  /// three sigmas).
  public func gaussianBlurred(sigma: Double) -> LumaImage {
    guard sigma > 0 else { return self }
    let radius = max(1, Int((3 * sigma).rounded(.up)))
    var kernel = (-radius...radius).map { offset -> Double in
      let t = Double(offset)
      return exp(-t * t / (2 * sigma * sigma))
    }
    let total = kernel.reduce(0, +)
    kernel = kernel.map { $0 / total }
    return convolved(kernel: kernel, horizontal: true).convolved(kernel: kernel, horizontal: false)
  }

  /// The image with its edges steepened: each pixel moved away from its
  /// Gaussian-blurred neighbourhood (`sigma` pixels) by `amount` times the
  /// difference, clamped to 0...255. It undoes part of a camera's softness,
  /// which spreads fine print over more than a pixel.
  public func unsharpMasked(sigma: Double, amount: Double) -> LumaImage {
    let blurred = gaussianBlurred(sigma: sigma)
    var out = LumaImage(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        let original = Double(self[x, y])
        let steepened = original + amount * (original - Double(blurred[x, y]))
        out[x, y] = UInt8(min(255, max(0, steepened.rounded())))
      }
    }
    return out
  }

  /// The image convolved with `kernel` (odd length, centred) along its rows
  /// or its columns.
  public func convolved(kernel: [Double], horizontal: Bool) -> LumaImage {
    let radius = kernel.count / 2
    var out = LumaImage(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        var sum = 0.0
        for (index, weight) in kernel.enumerated() {
          let offset = index - radius
          let sx = horizontal ? min(width - 1, max(0, x + offset)) : x
          let sy = horizontal ? y : min(height - 1, max(0, y + offset))
          sum += weight * Double(self[sx, sy])
        }
        out[x, y] = UInt8(min(255, max(0, sum.rounded())))
      }
    }
    return out
  }
}
