import CDocScanShim
import CDocScanTestShim
import CGStreamer
import XCTest

/// The snapshot the streaming thread copies (with streaming stores, from
/// rows at any alignment) holds the frame's luma plane exactly: read back
/// through a converter to the frame's own size, it is the plane with its
/// studio range expanded.
final class LumaSnapshotTests: XCTestCase {
  func testSnapshotHoldsTheLumaPlane() throws {
    docscan_ensure_gst_initialized()
    for format in ["I420", "NV12"] {
      for (width, height) in [(333, 251), (1920, 1080), (17, 5)] as [(Int32, Int32)] {
        let frame = try XCTUnwrap(docscan_noise_frame_new(format, width, height, 7))
        defer { docscan_noise_frame_free(frame) }
        let snapshot = try XCTUnwrap(docscan_snapshot_new(&frame.pointee.info))
        defer { docscan_snapshot_free(snapshot) }
        let converter = try XCTUnwrap(
          docscan_luma_converter_new(&frame.pointee.info, width, height))
        defer { docscan_luma_converter_free(converter) }
        XCTAssertNotEqual(docscan_snapshot_take(snapshot, frame), 0)
        var grey = [UInt8](repeating: 0, count: Int(width * height))
        XCTAssertNotEqual(docscan_luma_converter_convert(converter, snapshot, &grey, width), 0)

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
}
