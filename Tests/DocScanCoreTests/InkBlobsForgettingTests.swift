import DocScanCore
import DocScanOpenCV
import XCTest

/// `InkBlobs` remembers the last images it was asked about (detection and
/// the MRZ reader ask for the same frame's ink); a stopped element keeps
/// none of a desk's frames.
final class InkBlobsForgettingTests: XCTestCase {
  func testForgettingLetsTheRememberedImagesGo() {
    var image = LumaImage(width: 64, height: 64, fill: 200)
    _ = InkBlobs.find(in: image, darkness: 20)
    let remembered = image.pixels.withUnsafeBufferPointer { $0.baseAddress }
    // Forgotten, the image holds its buffer alone: writing to it keeps it
    // (while remembered, the write would copy it).
    InkBlobs.forgetRecent()
    image[0, 0] = 10
    XCTAssertEqual(image.pixels.withUnsafeBufferPointer { $0.baseAddress }, remembered)
  }
}
