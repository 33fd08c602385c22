/// Quarter turns of an image, for reading text that lies sideways or upside
/// down in the frame.
extension LumaImage {
  /// The image turned 90 degrees clockwise (width and height swap).
  public func rotatedClockwise() -> LumaImage {
    let source = self
    return LumaImage(width: height, height: width, stride: height) { out in
      for y in 0..<source.height {
        let row = y * source.stride
        let column = source.height - 1 - y
        for x in 0..<source.width {
          out[x * source.height + column] = source.pixels[row + x]
        }
      }
    }
  }

  /// The image turned 180 degrees.
  public func rotatedHalfTurn() -> LumaImage {
    let source = self
    return LumaImage(width: width, height: height, stride: width) { out in
      for y in 0..<source.height {
        let row = y * source.stride
        let target = (source.height - 1 - y) * source.width + source.width - 1
        for x in 0..<source.width {
          out[target - x] = source.pixels[row + x]
        }
      }
    }
  }

  /// The image turned `quarterTurns` times 90 degrees clockwise.
  public func rotated(quarterTurns: Int) -> LumaImage {
    switch ((quarterTurns % 4) + 4) % 4 {
    case 1: return rotatedClockwise()
    case 2: return rotatedHalfTurn()
    case 3: return rotatedClockwise().rotatedHalfTurn()
    default: return self
    }
  }
}
