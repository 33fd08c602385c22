import CDocScanShim
import CDocScanTestShim
import DocScanCore
import Glibc

extension LumaImage {
  /// The luma of a cairo canvas (opaque ARGB32), BT.601 weights.
  public init(canvas: OpaquePointer) {
    var width: Int32 = 0
    var height: Int32 = 0
    var stride: Int32 = 0
    let data = docscan_canvas_data(canvas, &width, &height, &stride)!
    let w = Int(width)
    let h = Int(height)
    let s = Int(stride)
    self.init(width: w, height: h, stride: w) { out in
      for y in 0..<h {
        for x in 0..<w {
          let pixel = data + y * s + x * 4  // B, G, R, A in memory
          let luma = (29 * Int(pixel[0]) + 150 * Int(pixel[1]) + 77 * Int(pixel[2]) + 128) >> 8
          out[y * w + x] = UInt8(min(255, luma))
        }
      }
    }
  }

  /// The luma of a PNG file, or nil when it cannot be read.
  public init?(pngFile path: String) {
    var width: Int32 = 0
    var height: Int32 = 0
    guard let luma = docscan_read_png_luma(path, &width, &height) else { return nil }
    defer { free(luma) }
    self.init(width: Int(width), height: Int(height), stride: Int(width)) { out in
      _ = out.initialize(from: UnsafeBufferPointer(start: luma, count: out.count))
    }
  }
}
