import CDocScanShim
import CDocScanTestShim
import CGStreamer
import XCTest

/// The snapshot the analysis side takes (with streaming stores, from rows
/// at any alignment) holds the frame's luma plane exactly: read back
/// through a converter to the frame's own size, it is the plane with its
/// studio range expanded. Packed frames' snapshots hold their grey.
final class LumaSnapshotTests: XCTestCase {
  /// The frame's snapshot read back through a converter to its own size,
  /// rows `stride` bytes apart.
  func snapshotGrey(of frame: UnsafeMutablePointer<GstVideoFrame>, stride: Int) throws -> [UInt8] {
    let width = docscan_video_info_width(&frame.pointee.info)
    let height = docscan_video_info_height(&frame.pointee.info)
    let snapshot = try XCTUnwrap(docscan_snapshot_new(&frame.pointee.info))
    defer { docscan_snapshot_free(snapshot) }
    let converter = try XCTUnwrap(docscan_luma_converter_new(&frame.pointee.info, width, height))
    defer { docscan_luma_converter_free(converter) }
    XCTAssertNotEqual(docscan_snapshot_take(snapshot, frame), 0)
    var grey = [UInt8](repeating: 0, count: stride * Int(height))
    XCTAssertNotEqual(
      docscan_luma_converter_convert(converter, snapshot, &grey, Int32(stride)), 0)
    return grey
  }

  func testSnapshotHoldsTheLumaPlane() throws {
    docscan_ensure_gst_initialized()
    for format in ["I420", "NV12"] {
      for (width, height) in [(333, 251), (1920, 1080), (17, 5)] as [(Int32, Int32)] {
        let frame = try XCTUnwrap(docscan_noise_frame_new(format, width, height, 7))
        defer { docscan_noise_frame_free(frame) }
        let grey = try snapshotGrey(of: frame, stride: Int(width))

        let plane = try XCTUnwrap(frame.pointee.data.0).assumingMemoryBound(to: UInt8.self)
        let stride = Int(frame.pointee.info.stride.0)
        var expected = [UInt8](repeating: 0, count: grey.count)
        for y in 0..<Int(height) {
          for x in 0..<Int(width) {
            let studio = Int(plane[y * stride + x])
            expected[y * Int(width) + x] = UInt8(
              min(255, max(0, ((studio - 16) * 255 + 109) / 219)))
          }
        }
        XCTAssertEqual(grey, expected, "\(format) \(width)x\(height)")
      }
    }
  }

  /// Packed formats: the snapshot holds the frame's grey, which GStreamer's
  /// converter works out (within 1 of BT.601 luma for RGB, of the expanded
  /// Y for YUY2), not the whole frame.
  func testSnapshotOfAPackedFrameHoldsItsGrey() throws {
    docscan_ensure_gst_initialized()
    let formats = ["RGB", "BGR", "RGBx", "BGRx", "xRGB", "xBGR", "RGBA", "BGRA", "YUY2"]
    for format in formats {
      for (width, height) in [(333, 251), (17, 5)] as [(Int32, Int32)] {
        let frame = try XCTUnwrap(docscan_noise_frame_new(format, width, height, 11))
        defer { docscan_noise_frame_free(frame) }
        let stride = (Int(width) + 3) & ~3
        let grey = try snapshotGrey(of: frame, stride: stride)
        var expected = [UInt8](repeating: 0, count: Int(width * height))
        docscan_luma_reference(frame, &expected)
        var largest = 0
        for y in 0..<Int(height) {
          for x in 0..<Int(width) {
            largest = max(
              largest, abs(Int(grey[y * stride + x]) - Int(expected[y * Int(width) + x])))
          }
        }
        XCTAssertLessThanOrEqual(largest, 1, "\(format) \(width)x\(height)")
      }
    }
  }
}
