/// A side's pictures: the document seen face-on, upright and in colour,
/// and the portrait printed on it when one was found.
public struct DocumentPicture: Equatable, Sendable {
  public var document: ColourImage
  public var portrait: ColourImage?

  public init(document: ColourImage, portrait: ColourImage? = nil) {
    self.document = document
    self.portrait = portrait
  }
}
