import DocScanCore
import Foundation

/// Linear filters that make fixtures look as a camera sees them (the
/// element's own filters are OpenCV's). Borders repeat the edge pixels.
extension LumaImage {
  /// The direction a one-dimensional kernel runs in.
  enum Axis: Sendable {
    case rows, columns
  }

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
    return convolved(kernel: kernel, along: .rows).convolved(kernel: kernel, along: .columns)
  }

  /// The image convolved with `kernel` (odd length, centred) along `axis`.
  func convolved(kernel: [Double], along axis: Axis) -> LumaImage {
    precondition(kernel.count % 2 == 1, "a centred kernel has an odd number of taps")
    let radius = kernel.count / 2
    let (width, height, stride) = (self.width, self.height, self.stride)
    return LumaImage(width: width, height: height, stride: width) { out in
      pixels.withUnsafeBufferPointer { source in
        kernel.withUnsafeBufferPointer { weights in
          for y in 0..<height {
            for x in 0..<width {
              var sum = 0.0
              for tap in 0..<weights.count {
                let index =
                  axis == .rows
                  ? y * stride + min(width - 1, max(0, x + tap - radius))
                  : min(height - 1, max(0, y + tap - radius)) * stride + x
                sum += weights[tap] * Double(source[index])
              }
              out[y * width + x] = UInt8(min(255, max(0, sum.rounded())))
            }
          }
        }
      }
    }
  }
}
