/// Where a portrait's plain ground lies on a dewarped document, so that the
/// glare meter spares it.
///
/// ICAO 9303 asks for the holder's photo on a plain, light ground. Printed
/// whiter than a tinted page and exposed for a dark desk, that ground sits
/// at the sensor's ceiling: a blank bright patch wider than the glare
/// meter's smallest one, which the meter cannot tell from a highlight that
/// washed the print out (a highlight's soft rim did not tell them apart
/// either: docs/detection-measurements.md). A face says where the photo is,
/// and the photo's frame around it is spared. A highlight over the face
/// hides the face, so no face is found and the highlight still counts; one
/// over the ground alone hides nothing a reader needs.
public struct PortraitGround: Sendable {
  let imaging: any DocumentImaging
  /// The quarter turns that showed the last face upright: searched first,
  /// and alone when a face is found there (the document seldom turns from
  /// one frame to the next, and a search costs about 25 ms a turn on a
  /// 720 px document).
  private(set) var uprightTurns: Int?

  /// A portrait's face (the detector's box, brows to mouth) is this share
  /// of the document's height as the face stands: about 0.23 on a passport
  /// page and 0.26 on an ID-1 card (0.17-0.32 on the shared pages and
  /// single-sided specimens). Smaller faces are the ghost image or a logo;
  /// larger ones are patterns the detector took for a face (a highlight's
  /// disc among them).
  static let faceShare: ClosedRange<Double> = 0.15...0.4
  /// The photo's frame around the face box, in face box sizes: a 35 x 45
  /// mm photo holds a face box about half its height, its top near a
  /// third of the way down. Generous: sparing a little paper beside the
  /// photo costs nothing.
  static let halfWidth = 1.1
  static let above = 0.9
  static let belowTop = 2.0

  public init(imaging: any DocumentImaging) {
    self.imaging = imaging
  }

  /// The frames of the photos whose faces are found on `document`, in
  /// its pixels. The document lies any way up, so each quarter turn is
  /// searched (the detector finds upright faces only), the last one that
  /// showed a face first.
  public mutating func photoFrames(on document: LumaImage) -> [PixelRect] {
    if let turns = uprightTurns {
      let frames = photoFrames(on: document, turnedBy: turns)
      if !frames.isEmpty { return frames }
    }
    var found: [PixelRect] = []
    for turns in 0..<4 where turns != uprightTurns {
      let frames = photoFrames(on: document, turnedBy: turns)
      if !frames.isEmpty && found.isEmpty { uprightTurns = turns }
      found += frames
    }
    return found
  }

  /// The photo frames around the faces found upright on `document` turned
  /// clockwise `turns` times, in the document's pixels.
  private func photoFrames(on document: LumaImage, turnedBy turns: Int) -> [PixelRect] {
    let turned = document.rotated(quarterTurns: turns)
    let smallest = Int((Double(turned.height) * Self.faceShare.lowerBound).rounded())
    let largest = Double(turned.height) * Self.faceShare.upperBound
    return imaging.faces(in: ColourImage(grey: turned), minimumSize: smallest)
      .filter { Double($0.box.height) <= largest }
      .map { Self.photoFrame(around: $0.box).turnedBack(quarterTurns: turns, in: turned) }
  }

  /// The frame of the photo holding the face `box`.
  static func photoFrame(around box: PixelRect) -> PixelRect {
    let halfWidth = Int((Double(box.width) * halfWidth).rounded())
    let top = box.y - Int((Double(box.height) * above).rounded())
    let bottom = box.y + Int((Double(box.height) * belowTop).rounded())
    return PixelRect(
      x: box.x + box.width / 2 - halfWidth, y: top, width: 2 * halfWidth, height: bottom - top)
  }
}

extension PixelRect {
  /// This rectangle, drawn on `turned` (an image turned clockwise
  /// `quarterTurns` times), in the pixels of the image before it was turned.
  func turnedBack(quarterTurns: Int, in turned: LumaImage) -> PixelRect {
    // The turned image is W' x H'; the image before it was turned is
    // W' x H' for an even number of turns and H' x W' for an odd one.
    let (width, height) = (turned.width, turned.height)
    let left = x
    let right = x + self.width
    let top = y
    let bottom = y + self.height
    switch ((quarterTurns % 4) + 4) % 4 {
    case 1:
      // A clockwise quarter turn put the source's (sx, sy) at
      // (H - sy, sx) with H the source's height, which is `width` here.
      return PixelRect(x: top, y: width - right, width: bottom - top, height: right - left)
    case 2:
      return PixelRect(
        x: width - right, y: height - bottom, width: right - left, height: bottom - top)
    case 3:
      return PixelRect(x: height - bottom, y: left, width: bottom - top, height: right - left)
    default:
      return self
    }
  }
}
