/// The image an MRZ is read in, in colour video, when grey has not settled
/// it (`MRZImageTurns`): per pixel the brightest of its red, green and blue.
///
/// MRZ print is black, and black stays dark in every primary; a stamp, a
/// guilloche or a background printed in colour is bright in at least one
/// of them and fades towards the paper. A red `SPECIMEN` stamp whose line
/// crosses a `0` makes it an `O` in grey, for every view of the reader;
/// here the line is gone. Grey print (ink, paper, shadows) keeps its grey
/// level: for them the three primaries are equal.
public enum InkImage {
  /// `grey` lifted by its colour: `colour` holds the colour differences
  /// (Cb and Cr, 128 for grey) of the same frame at any resolution, each
  /// pixel taking those of the sample it falls in. The differences are
  /// taken as video's limited range (16 to 240) and `grey` as full range,
  /// as `AnalysisFrame` gives them. Only the pixels in `region` are
  /// lifted (the rest stay grey): what is read is worked out, not the
  /// whole frame.
  public static func make(grey: LumaImage, colour: ChromaImage, region: PixelRect? = nil)
    -> LumaImage
  {
    let area = (region ?? grey.bounds).clamped(to: grey.bounds)
    var ink = grey
    guard !area.isEmpty else { return ink }
    let colourWidth = colour.blueDifference.width
    let colourHeight = colour.blueDifference.height
    let columns = (area.x..<area.x + area.width).map {
      min(colourWidth - 1, $0 * colourWidth / grey.width)
    }
    let rows = (area.y..<area.y + area.height).map {
      min(colourHeight - 1, $0 * colourHeight / grey.height)
    }
    let samples = PixelRect(
      x: columns[0], y: rows[0], width: columns[columns.count - 1] - columns[0] + 1,
      height: rows[rows.count - 1] - rows[0] + 1)
    let lift = lifts(colour, in: samples)
    // Raw buffers: this runs over every pixel of the document read.
    ink.pixels.withUnsafeMutableBufferPointer { pixels in
      lift.withUnsafeBufferPointer { lift in
        columns.withUnsafeBufferPointer { columns in
          for (offset, colourRow) in rows.enumerated() {
            let liftRow = (colourRow - samples.y) * samples.width - samples.x
            let row = (area.y + offset) * grey.stride + area.x
            for x in 0..<columns.count {
              let lifted = UInt16(pixels[row + x]) &+ UInt16(lift[liftRow + columns[x]])
              pixels[row + x] = UInt8(truncatingIfNeeded: min(255, lifted))
            }
          }
        }
      }
    }
    return ink
  }

  /// Per colour sample in `samples` (row by row), how much brighter than
  /// the grey its brightest primary is (BT.601): never negative, since the
  /// grey is a weighted mean of the three.
  static func lifts(_ colour: ChromaImage, in samples: PixelRect) -> [UInt8] {
    var lift = [UInt8](repeating: 0, count: samples.width * samples.height)
    // Fixed point, 1/256: the BT.601 factors times 255/224, the stretch of
    // limited-range colour differences to full range.
    let redFromCr = 409
    let greenFromCb = 100
    let greenFromCr = 208
    let blueFromCb = 516
    for y in 0..<samples.height {
      for x in 0..<samples.width {
        let cb = Int(colour.blueDifference[samples.x + x, samples.y + y]) - 128
        let cr = Int(colour.redDifference[samples.x + x, samples.y + y]) - 128
        let red = redFromCr * cr
        let green = -(greenFromCb * cb + greenFromCr * cr)
        let blue = blueFromCb * cb
        lift[y * samples.width + x] = UInt8(min(255, max(0, max(red, green, blue) / 256)))
      }
    }
    return lift
  }
}
