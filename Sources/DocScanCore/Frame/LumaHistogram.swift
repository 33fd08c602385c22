/// How many pixels sit at each of the 256 luma levels, and the level a
/// share of them reaches (a percentile).
struct LumaHistogram {
  private(set) var counts = [Int](repeating: 0, count: 256)
  private(set) var total = 0

  /// The histogram of `pixels`.
  init(_ pixels: [UInt8]) {
    for pixel in pixels { counts[Int(pixel)] += 1 }
    total = pixels.count
  }

  /// The histogram of `area` of `image`.
  init(_ image: LumaImage, in area: PixelRect) {
    image.pixels.withUnsafeBufferPointer { pixels in
      for row in 0..<area.height {
        let base = (area.y + row) * image.stride + area.x
        for column in 0..<area.width { counts[Int(pixels[base + column])] += 1 }
      }
    }
    total = area.area
  }

  /// The lowest level at or below which more than `share` of the pixels
  /// are; 255 when none is (no pixels).
  func level(above share: Double) -> Int {
    let target = Int(Double(total) * share)
    var seen = 0
    for level in 0..<256 {
      seen += counts[level]
      if seen > target { return level }
    }
    return 255
  }
}
