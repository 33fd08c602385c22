import COpenCVShim
import DocScanCore
import Synchronization

/// The dark connected blobs of an image (printed characters, mostly), by
/// OpenCV's adaptive mean threshold: a pixel counts as ink when it is
/// `darkness` luma levels darker than its neighbourhood.
public enum InkBlobs {
  public static func find(in image: LumaImage, darkness: Double) -> [PixelRect] {
    if let blobs = recent.withLock({ $0.blobs(of: image, darkness: darkness) }) { return blobs }
    let capacity = 20_000
    var blobs = [DocScanBlob](repeating: DocScanBlob(), count: capacity)
    let block = max(15, min(image.width, image.height) / 20) | 1
    let count = image.pixels.withUnsafeBufferPointer {
      docscan_find_dark_blobs(
        $0.baseAddress, Int32(image.width), Int32(image.height), Int32(image.stride),
        Int32(block), darkness, &blobs, Int32(capacity))
    }
    let found = blobs.prefix(max(0, Int(count))).map {
      PixelRect(x: Int($0.x), y: Int($0.y), width: Int($0.width), height: Int($0.height))
    }
    recent.withLock { $0.remember(found, of: image, darkness: darkness) }
    return found
  }

  /// Lets go of the images remembered: they are a desk's frames and
  /// documents, and a stopped element keeps none.
  public static func forgetRecent() {
    recent.withLock { $0 = RecentBlobs() }
  }

  /// Detection's print gauge and the MRZ reader both ask for the whole
  /// frame's ink at the same darkness; the second asks for what the first
  /// found.
  private static let recent = Mutex(RecentBlobs())
}

/// The blobs of the last few images asked about, by pixel buffer. An entry
/// keeps its image's buffer alive, so while it is kept no other image can
/// have that buffer: an image with the same buffer has the same pixels (a
/// changed copy of an image gets a buffer of its own).
struct RecentBlobs {
  private struct Entry {
    var image: LumaImage
    var darkness: Double
    var blobs: [PixelRect]
  }

  /// Enough for a frame's whole-frame entry to outlast the document
  /// images read between detection and the MRZ reader, with several
  /// elements at work (each entry keeps about 1 MB at 720p).
  static let capacity = 8
  private var entries: [Entry] = []

  func blobs(of image: LumaImage, darkness: Double) -> [PixelRect]? {
    entries.last { $0.darkness == darkness && Self.sameBuffer($0.image, image) }?.blobs
  }

  mutating func remember(_ blobs: [PixelRect], of image: LumaImage, darkness: Double) {
    if entries.count == Self.capacity { entries.removeFirst() }
    entries.append(Entry(image: image, darkness: darkness, blobs: blobs))
  }

  private static func sameBuffer(_ a: LumaImage, _ b: LumaImage) -> Bool {
    guard a.width == b.width, a.height == b.height, a.stride == b.stride else { return false }
    return a.pixels.withUnsafeBufferPointer { first in
      b.pixels.withUnsafeBufferPointer { second in first.baseAddress == second.baseAddress }
    }
  }
}
