/// Makes a side's pictures from its kept frame: the document warped
/// face-on in colour and turned landscape and upright, and the portrait cut
/// out around the largest face on it.
///
/// Which way up: an MRZ read on the frame says (the reader tells an
/// upside-down one); otherwise the face does, as the face detector finds
/// upright faces only. Without either the document stays as it lay.
struct PictureMaker: Sendable {
  let imaging: any DocumentImaging

  /// The picture's long side, in pixels: the size every stage reads the
  /// document at.
  static let longSide = 720
  /// A face is the portrait from this share of the document's height on
  /// (smaller ones are the ghost image, a photo on the desk, a logo).
  static let minimumFaceShare = 0.12

  /// The pictures of `kept`; the portrait is looked for when `findPortrait`
  /// (the side that carries one). nil when the document cannot be warped.
  func picture(of kept: KeptFrame, findPortrait: Bool) -> DocumentPicture? {
    let size = kept.shape.dewarpedSize(longSide: Self.longSide)
    let sides = kept.quad.sides
    let standing = sides[1] + sides[3] > sides[0] + sides[2]
    guard
      let warped = imaging.colourDewarp(
        kept.frame.luma, chroma: kept.frame.chroma, quad: kept.quad,
        width: standing ? size.height : size.width, height: standing ? size.width : size.height)
    else { return nil }
    // Landscape the way the MRZ was read (FrameMRZReader turns a standing
    // document clockwise too).
    let landscape = standing ? warped.rotated(quarterTurns: 1) : warped
    return upright(landscape, mrzUpsideDown: kept.mrzUpsideDown, findPortrait: findPortrait)
  }

  /// The landscape document turned upright (the MRZ's way when it was
  /// read, else the face's), with its portrait when `findPortrait`.
  func upright(_ landscape: ColourImage, mrzUpsideDown: Bool?, findPortrait: Bool)
    -> DocumentPicture
  {
    if let upsideDown = mrzUpsideDown {
      let upright = upsideDown ? landscape.rotated(quarterTurns: 2) : landscape
      return DocumentPicture(
        document: upright, portrait: findPortrait ? portrait(on: upright) : nil)
    }
    guard findPortrait else { return DocumentPicture(document: landscape) }
    // The detector agrees with itself far more on an upright face than on
    // one upside down (on the 110 shared development pages and specimens,
    // the most agreed face chose the right way up every time; the largest
    // face, 12 times the wrong way).
    let turned = landscape.rotated(quarterTurns: 2)
    let asItLies = faces(on: landscape)
    let halfTurned = faces(on: turned)
    if (halfTurned.map(\.agreement).max() ?? 0) > (asItLies.map(\.agreement).max() ?? 0) {
      return DocumentPicture(document: turned, portrait: portrait(among: halfTurned, on: turned))
    }
    return DocumentPicture(document: landscape, portrait: portrait(among: asItLies, on: landscape))
  }

  private func portrait(on document: ColourImage) -> ColourImage? {
    portrait(among: faces(on: document), on: document)
  }

  /// The largest face is the portrait (the ghost image beside it is smaller).
  private func portrait(among faces: [DetectedFace], on document: ColourImage) -> ColourImage? {
    faces.max { $0.box.area < $1.box.area }.flatMap { crop($0.box, from: document) }
  }

  private func faces(on document: ColourImage) -> [DetectedFace] {
    let minimum = Int((Double(document.height) * Self.minimumFaceShare).rounded())
    return imaging.faces(in: document, minimumSize: minimum)
  }

  /// A passport photo's frame around a detected face: the detector's box
  /// runs from the brows to the mouth, about 0.45 of a 35 x 45 mm photo's
  /// height, with hair above and shoulders below.
  private func crop(_ face: PixelRect, from document: ColourImage) -> ColourImage? {
    let centre = face.x + face.width / 2
    let halfWidth = Int((Double(face.width) * 0.85).rounded())
    let top = face.y - Int((Double(face.height) * 0.7).rounded())
    let bottom = face.y + Int((Double(face.height) * 1.5).rounded())
    return document.cropped(
      to: PixelRect(x: centre - halfWidth, y: top, width: 2 * halfWidth, height: bottom - top))
  }
}
