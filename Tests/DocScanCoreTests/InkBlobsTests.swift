import DocScanCore
import XCTest

@testable import DocScanOpenCV

/// `InkBlobs` answers an image it was asked about before from memory; an
/// image changed since (a copy with pixels of its own) is searched again.
final class InkBlobsTests: XCTestCase {
  /// A light page with dark squares at `spots` (x, y), 12 px each.
  private func page(_ spots: [(Int, Int)]) -> LumaImage {
    var image = LumaImage(width: 320, height: 240, fill: 220)
    for (x, y) in spots {
      for row in y..<(y + 12) {
        for column in x..<(x + 12) { image.pixels[row * image.stride + column] = 30 }
      }
    }
    return image
  }

  func testTheSameImageGivesTheSameBlobs() {
    let image = page([(40, 40), (200, 120)])
    let first = InkBlobs.find(in: image, darkness: 10)
    XCTAssertEqual(first.count, 2)
    XCTAssertEqual(InkBlobs.find(in: image, darkness: 10), first)
    XCTAssertEqual(InkBlobs.find(in: image, darkness: 20), first, "another darkness, searched")
  }

  func testAChangedCopyIsSearchedAgain() {
    let image = page([(40, 40)])
    XCTAssertEqual(InkBlobs.find(in: image, darkness: 10).count, 1)
    var changed = image
    for row in 150..<162 {
      for column in 250..<262 { changed.pixels[row * changed.stride + column] = 30 }
    }
    let blobs = InkBlobs.find(in: changed, darkness: 10)
    XCTAssertEqual(blobs.count, 2)
    XCTAssertTrue(blobs.contains(PixelRect(x: 250, y: 150, width: 12, height: 12)))
    XCTAssertEqual(InkBlobs.find(in: image, darkness: 10).count, 1, "the original is unchanged")
  }

  /// More images than it remembers, each asked about again: every answer
  /// is the image's own.
  func testEveryImageKeepsItsOwnBlobs() {
    let images = (0..<12).map { index in page((0...index % 4).map { (20 + 60 * $0, 100) }) }
    for _ in 0..<2 {
      for (index, image) in images.enumerated() {
        XCTAssertEqual(InkBlobs.find(in: image, darkness: 10).count, index % 4 + 1)
      }
    }
  }

  /// The memory itself: an image asked about is answered from it, another
  /// is not, and the oldest of more than it holds is let go.
  func testRecentBlobsAnswersOnlyTheImagesItHolds() {
    var recent = RecentBlobs()
    let images = (0...RecentBlobs.capacity).map { page([(10 + 20 * $0, 50)]) }
    for (index, image) in images.enumerated() {
      XCTAssertNil(recent.blobs(of: image, darkness: 10))
      recent.remember([PixelRect(x: index, y: 0, width: 1, height: 1)], of: image, darkness: 10)
      XCTAssertEqual(
        recent.blobs(of: image, darkness: 10), [PixelRect(x: index, y: 0, width: 1, height: 1)])
      XCTAssertNil(recent.blobs(of: image, darkness: 20), "another darkness")
    }
    XCTAssertNil(recent.blobs(of: images[0], darkness: 10), "the oldest let go")
    XCTAssertNotNil(recent.blobs(of: images[1], darkness: 10))
  }

  /// An image made after another was dropped may get its address; the
  /// memory keeps the images it answers for, so it never answers the new
  /// one with the old one's blobs.
  func testANewImageAtAnOldAddressIsNotAnsweredFromMemory() {
    var recent = RecentBlobs()
    for index in 0..<64 {
      let image = page([(10 + index % 20 * 12, 60)])
      XCTAssertNil(recent.blobs(of: image, darkness: 10), "image \(index) is new")
      recent.remember([PixelRect(x: index, y: 0, width: 1, height: 1)], of: image, darkness: 10)
    }
  }
}
