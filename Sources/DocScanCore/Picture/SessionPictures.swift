/// The pictures of a session's captured sides, and their PNG files once
/// made (a side's picture is encoded once, for its side message and the
/// result alike).
struct SessionPictures: Sendable {
  private var pictures: [Side: DocumentPicture] = [:]
  private var files: [Side: (document: [UInt8]?, portrait: [UInt8]?)] = [:]

  mutating func add(_ picture: DocumentPicture, of side: Side) {
    pictures[side] = picture
    files[side] = nil
  }

  /// The side whose picture the result carries: the front (it has the
  /// portrait; a passport's data page is its front), else the back, else
  /// the barcode side.
  var resultSide: Side? {
    [Side.front, .back, .barcode].first { pictures[$0] != nil }
  }

  func picture(of side: Side) -> DocumentPicture? { pictures[side] }

  /// The PNG files of a side's picture, made on first use.
  mutating func files(
    of side: Side, encodedBy imaging: any DocumentImaging
  ) -> (document: [UInt8]?, portrait: [UInt8]?) {
    if let made = files[side] { return made }
    guard let picture = pictures[side] else { return (nil, nil) }
    let made = (imaging.png(picture.document), picture.portrait.flatMap(imaging.png))
    files[side] = made
    return made
  }
}
