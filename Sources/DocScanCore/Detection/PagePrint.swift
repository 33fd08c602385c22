/// The print seen in a frame: the centres of its dark blobs the size of
/// characters. A document carries its own print and a desk carries none,
/// so an outline with most of the frame's print outside it is a part of a
/// page (its photo seen whole inside a page that fills the frame), not the
/// document.
public struct PagePrint: Equatable, Sendable {
  /// The centres of the print-sized blobs.
  public var centres: [Point]

  /// Blobs at least this many pixels tall, and at most this share of the
  /// frame's short side, no more than twice as wide as tall, and not on the
  /// frame's border: characters of a document's print (the smallest at
  /// 720p are about 5 px), not specks, strokes of a photo or the desk.
  public static let smallestHeight = 5
  public static let largestHeightShare = 0.125
  public static let widestPerHeight = 2

  /// The print among `blobs`, found in a frame of `width` x `height` pixels.
  public init(blobs: [PixelRect], frameWidth width: Int, frameHeight height: Int) {
    let tallest = Double(min(width, height)) * Self.largestHeightShare
    centres =
      blobs.filter { blob in
        blob.height >= Self.smallestHeight && Double(blob.height) <= tallest
          && blob.width <= Self.widestPerHeight * blob.height
          && blob.x > 0 && blob.y > 0 && blob.x + blob.width < width
          && blob.y + blob.height < height
      }.map {
        Point(x: Double($0.x) + Double($0.width) / 2, y: Double($0.y) + Double($0.height) / 2)
      }
  }

  public init(centres: [Point]) {
    self.centres = centres
  }

  /// No print at all (detection without the frame's blobs).
  public static let none = PagePrint(centres: [])

  /// Whether most of the print lies outside `quad`: at least `count`
  /// characters (a few words; a desk's grain gives fewer character-sized
  /// blobs beside a page) and more than `share` of all.
  public func liesMostlyOutside(_ quad: Quad, count: Int, share: Double) -> Bool {
    let outside = centres.filter { !quad.contains($0) }.count
    return outside >= count && Double(outside) > share * Double(centres.count)
  }
}
