/// An RGB picture, 3 bytes per pixel, rows without padding: the document
/// image kept of a side, and its portrait.
public struct ColourImage: Equatable, Sendable {
  public let width: Int
  public let height: Int
  public private(set) var pixels: [UInt8]

  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width > 0 && height > 0, "an image needs pixels")
    precondition(pixels.count == width * height * 3, "3 bytes per pixel")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// An image whose pixels `fill` writes.
  public init(width: Int, height: Int, fill: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
    precondition(width > 0 && height > 0, "an image needs pixels")
    self.width = width
    self.height = height
    pixels = [UInt8](unsafeUninitializedCapacity: width * height * 3) { buffer, count in
      fill(buffer)
      count = width * height * 3
    }
  }

  /// The grey image in colour (every channel its luma): for an image
  /// library that takes colour pictures only.
  public init(grey: LumaImage) {
    self.init(width: grey.width, height: grey.height) { out in
      for y in 0..<grey.height {
        let row = y * grey.stride
        for x in 0..<grey.width {
          let value = grey.pixels[row + x]
          let at = 3 * (y * grey.width + x)
          out[at] = value
          out[at + 1] = value
          out[at + 2] = value
        }
      }
    }
  }

  public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

  /// The part inside `rect` (clamped to the image); nil when nothing is left.
  public func cropped(to rect: PixelRect) -> ColourImage? {
    let inside = rect.clamped(to: bounds)
    guard !inside.isEmpty else { return nil }
    var cropped: [UInt8] = []
    cropped.reserveCapacity(inside.area * 3)
    for row in inside.y..<(inside.y + inside.height) {
      let start = 3 * (row * width + inside.x)
      cropped += pixels[start..<(start + 3 * inside.width)]
    }
    return ColourImage(width: inside.width, height: inside.height, pixels: cropped)
  }

  /// Turned clockwise `quarterTurns` times (any integer; negative turns
  /// counter-clockwise).
  public func rotated(quarterTurns: Int) -> ColourImage {
    let turns = ((quarterTurns % 4) + 4) % 4
    guard turns != 0 else { return self }
    let sideways = turns % 2 == 1
    let newWidth = sideways ? height : width
    let newHeight = sideways ? width : height
    return ColourImage(width: newWidth, height: newHeight) { out in
      for y in 0..<newHeight {
        for x in 0..<newWidth {
          // The source pixel that lands at (x, y).
          let (sourceX, sourceY): (Int, Int)
          switch turns {
          case 1: (sourceX, sourceY) = (y, height - 1 - x)
          case 2: (sourceX, sourceY) = (width - 1 - x, height - 1 - y)
          default: (sourceX, sourceY) = (width - 1 - y, x)
          }
          let from = 3 * (sourceY * width + sourceX)
          let to = 3 * (y * newWidth + x)
          out[to] = pixels[from]
          out[to + 1] = pixels[from + 1]
          out[to + 2] = pixels[from + 2]
        }
      }
    }
  }
}
