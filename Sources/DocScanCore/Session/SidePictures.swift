/// The pictures of a session's sides: the best frame of each kind of side
/// is kept as frames arrive (`SideImages`), a side's picture is made from
/// it once the side is captured (`PictureMaker`), and its PNG files when a
/// message carries them (`SessionPictures`).
struct SidePictures: Sendable {
  /// Makes the pictures; nil: no pictures.
  private let maker: PictureMaker?
  private var frames = SideImages()
  private var pictures = SessionPictures()

  init(imaging: (any DocumentImaging)?) {
    maker = imaging.map { PictureMaker(imaging: $0) }
  }

  var imaging: (any DocumentImaging)? { maker?.imaging }

  /// The side whose picture the result carries (`SessionPictures`), and
  /// that picture.
  var resultPicture: (side: Side, picture: DocumentPicture)? {
    guard let side = pictures.resultSide, let picture = pictures.picture(of: side) else {
      return nil
    }
    return (side, picture)
  }

  /// Keeps `frame` when it is better than the kept frame of its kind.
  mutating func consider(_ frame: KeptFrame, as kind: SideImages.Kind) {
    frames.consider(frame, as: kind)
  }

  /// Makes a captured side's picture from the frame kept for its kind.
  /// `mrzUpsideDown` reads the MRZ on a kept frame's dewarped document
  /// (nil when none reads there).
  mutating func keep(
    _ side: Side, from kind: SideImages.Kind, withPortrait: Bool,
    mrzUpsideDown: (KeptFrame) -> Bool?
  ) {
    guard let maker, var kept = frames.take(kind) else { return }
    if kind == .mrz && kept.mrzUpsideDown == nil {
      // The MRZ was read in the whole frame: the outline may be another part
      // of the picture (a photo on the page). Only an outline whose dewarped
      // document shows the MRZ is pictured; the reading says which way up.
      guard let upsideDown = mrzUpsideDown(kept) else { return }
      kept.mrzUpsideDown = upsideDown
    }
    guard let picture = maker.picture(of: kept, findPortrait: withPortrait) else { return }
    pictures.add(picture, of: side)
  }

  /// The PNG files of a side's picture.
  mutating func files(of side: Side) -> (document: [UInt8]?, portrait: [UInt8]?) {
    guard let maker else { return (nil, nil) }
    return pictures.files(of: side, encodedBy: maker.imaging)
  }

  /// Forgets the kept frames (the document left the view: the next one
  /// may be another document).
  mutating func forgetFrames() {
    frames.forget()
  }

  /// Forgets the frames and the pictures (a new session).
  mutating func forget() {
    frames.forget()
    pictures = SessionPictures()
  }
}
