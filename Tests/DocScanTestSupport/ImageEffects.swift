import CDocScanShim
import CDocScanTestShim
import DocScanCore
import Glibc

/// What a camera does to a document image, applied to fixtures.
extension LumaImage {
  /// Motion blur: a box of `length` pixels along the rows.
  public func motionBlurred(length: Int) -> LumaImage {
    guard length > 1 else { return self }
    // An odd number of taps keeps the image centred; the weights sum to 1.
    let taps = length | 1
    let kernel = [Double](repeating: 1 / Double(taps), count: taps)
    return convolved(kernel: kernel, along: .rows)
  }

  /// A specular highlight: light added in a disc of `radius` pixels with a
  /// soft rim, blowing out its core to white.
  public func withHighlight(centerX: Int, centerY: Int, radius: Double) -> LumaImage {
    var out = self
    guard radius > 0 else { return out }
    let reach = Int(radius * 1.6)
    for y in max(0, centerY - reach)..<min(height, centerY + reach) {
      for x in max(0, centerX - reach)..<min(width, centerX + reach) {
        let dx = Double(x - centerX)
        let dy = Double(y - centerY)
        let distance = (dx * dx + dy * dy).squareRoot() / radius
        let light = 400 * exp(-pow(distance, 4))
        out[x, y] = UInt8(min(255, Double(self[x, y]) + light))
      }
    }
    return out
  }

  /// Uneven lighting: brightness scaled from `left` at the left edge to
  /// `right` at the right edge.
  public func lit(left: Double, right: Double) -> LumaImage {
    var out = self
    for y in 0..<height {
      for x in 0..<width {
        let factor = left + (right - left) * Double(x) / Double(max(1, width - 1))
        out[x, y] = UInt8(min(255, max(0, (Double(self[x, y]) * factor).rounded())))
      }
    }
    return out
  }

  /// Sensor noise: uniform noise of +-`amplitude` levels, repeatable by `seed`.
  public func noisy(amplitude: Int, seed: UInt64) -> LumaImage {
    var out = self
    var state = seed | 1
    let span = UInt64(2 * amplitude + 1)
    // Through the buffer, not the subscript: tests render hundreds of
    // frames, and unoptimised builds pay for every subscript call.
    out.pixels.withUnsafeMutableBufferPointer { buffer in
      for y in 0..<height {
        let row = y * stride
        for x in row..<(row + width) {
          state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
          let noise = Int((state >> 33) % span) - amplitude
          buffer[x] = UInt8(min(255, max(0, Int(buffer[x]) + noise)))
        }
      }
    }
    return out
  }

  /// Writes the image as a grey PNG; false when the file cannot be written.
  @discardableResult
  public func writePNG(to path: String) -> Bool {
    pixels.withUnsafeBufferPointer {
      docscan_write_gray_png($0.baseAddress, Int32(width), Int32(height), Int32(stride), path) != 0
    }
  }
}
