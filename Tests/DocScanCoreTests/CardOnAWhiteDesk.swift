import DocScanCore

/// A card on a white desk (ID-1 at 18 px pitches: 607 x 383 px, from
/// 300,200), faint print above its three whole MRZ rows.
func cardOnAWhiteDesk() -> (image: LumaImage, rows: [MRZRow]) {
  var image = LumaImage(width: 1280, height: 720, fill: 200)
  for line in stride(from: 230, to: 440, by: 30) {
    for row in line..<(line + 6) {
      for column in stride(from: 330, to: 860, by: 5) { image[column, row] = 180 }
    }
  }
  let rows = [472, 498, 524].map { top in
    let characters = (0..<30).map {
      PixelRect(x: 340 + 18 * $0, y: top, width: 12, height: 17)
    }
    for box in characters {
      for row in box.y..<(box.y + box.height) {
        for column in box.x..<(box.x + box.width) { image[column, row] = 40 }
      }
    }
    return MRZRow(characters: characters, alongWidth: true, capitalHeight: 17, pitch: 18)
  }
  return (image, rows)
}
