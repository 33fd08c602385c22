/// An 8-bit grey image: the analysis copy of a video frame.
///
/// Rows are `stride` bytes apart so that a copy made straight from a padded
/// video plane needs no repacking.
public struct LumaImage: Sendable {
  public let width: Int
  public let height: Int
  public let stride: Int
  public var pixels: [UInt8]

  /// An image whose pixels are all `fill`.
  public init(width: Int, height: Int, stride: Int? = nil, fill: UInt8 = 0) {
    precondition(width > 0 && height > 0, "an image needs at least one pixel")
    let rowBytes = stride ?? width
    precondition(rowBytes >= width, "stride shorter than a row")
    self.width = width
    self.height = height
    self.stride = rowBytes
    self.pixels = [UInt8](repeating: fill, count: rowBytes * height)
  }

  /// An image whose bytes are written by `initialize`, which receives a buffer
  /// of `stride * height` bytes; no time is spent clearing it first.
  public init(
    width: Int, height: Int, stride: Int,
    initialize: (UnsafeMutableBufferPointer<UInt8>) -> Void
  ) {
    precondition(width > 0 && height > 0 && stride >= width, "invalid image geometry")
    self.width = width
    self.height = height
    self.stride = stride
    self.pixels = [UInt8](unsafeUninitializedCapacity: stride * height) { buffer, count in
      initialize(buffer)
      count = stride * height
    }
  }

  public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

  public subscript(x: Int, y: Int) -> UInt8 {
    get { pixels[y * stride + x] }
    set { pixels[y * stride + x] = newValue }
  }
}
