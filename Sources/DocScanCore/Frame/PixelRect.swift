/// An axis-aligned rectangle in whole pixels.
public struct PixelRect: Equatable, Hashable, Sendable {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public var area: Int { width * height }
  public var isEmpty: Bool { width <= 0 || height <= 0 }

  /// The part of `self` that lies inside `other`.
  public func clamped(to other: PixelRect) -> PixelRect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(x + width, other.x + other.width)
    let bottom = min(y + height, other.y + other.height)
    return PixelRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
  }

  /// The centred rectangle covering `fraction` of the width and height.
  public func central(fraction: Double) -> PixelRect {
    let w = max(1, Int((Double(width) * fraction).rounded()))
    let h = max(1, Int((Double(height) * fraction).rounded()))
    return PixelRect(x: x + (width - w) / 2, y: y + (height - h) / 2, width: w, height: h)
  }
}
