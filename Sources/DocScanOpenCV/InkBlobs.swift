import COpenCVShim
import DocScanCore

/// The dark connected blobs of an image (printed characters, mostly), by
/// OpenCV's adaptive mean threshold: a pixel counts as ink when it is
/// `darkness` luma levels darker than its neighbourhood.
public enum InkBlobs {
  public static func find(in image: LumaImage, darkness: Double) -> [PixelRect] {
    let capacity = 20_000
    var blobs = [DocScanBlob](repeating: DocScanBlob(), count: capacity)
    let block = max(15, min(image.width, image.height) / 20) | 1
    let count = image.pixels.withUnsafeBufferPointer {
      docscan_find_dark_blobs(
        $0.baseAddress, Int32(image.width), Int32(image.height), Int32(image.stride),
        Int32(block), darkness, &blobs, Int32(capacity))
    }
    return blobs.prefix(max(0, Int(count))).map {
      PixelRect(x: Int($0.x), y: Int($0.y), width: Int($0.width), height: Int($0.height))
    }
  }
}
