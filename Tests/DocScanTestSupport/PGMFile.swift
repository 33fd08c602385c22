import DocScanCore
import Foundation

/// Grey images as binary PGM (P5) files: the calibration and diagnosis tools
/// exchange frames with Python (OpenCV, PIL) this way.
extension LumaImage {
  /// The image in a binary 8-bit PGM file, or nil when the file is not one.
  public init?(pgmFile path: String) {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    let bytes = [UInt8](data)
    var index = 0
    func token() -> String {
      var text = ""
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "#") {
          while index < bytes.count && bytes[index] != 10 { index += 1 }
        } else if byte == 32 || byte == 10 || byte == 13 || byte == 9 {
          if !text.isEmpty { break }
        } else {
          text.append(Character(UnicodeScalar(byte)))
        }
        index += 1
      }
      return text
    }
    guard token() == "P5", let width = Int(token()), let height = Int(token()),
      width > 0, height > 0, let maxValue = Int(token()), maxValue == 255
    else { return nil }
    index += 1  // the single whitespace after the header
    guard bytes.count - index >= width * height else { return nil }
    self.init(width: width, height: height)
    let start = index
    pixels.withUnsafeMutableBufferPointer { out in
      for offset in 0..<(width * height) { out[offset] = bytes[start + offset] }
    }
  }

  /// Writes the image as a binary 8-bit PGM file (uncompressed: the
  /// pipeline tests write hundreds of frames for `GStreamerRunner
  /// .encodeClip`); false when the file cannot be written.
  @discardableResult
  public func writePGM(to path: String) -> Bool {
    var data = Data("P5\n\(width) \(height)\n255\n".utf8)
    for y in 0..<height {
      data.append(contentsOf: pixels[(y * stride)..<(y * stride + width)])
    }
    return FileManager.default.createFile(atPath: path, contents: data)
  }
}
