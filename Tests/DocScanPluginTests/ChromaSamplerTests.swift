import CDocScanShim
import CDocScanTestShim
import CGStreamer
import XCTest

/// The chroma sampler's colour copy, sample for sample, against the 2x2
/// means worked out one at a time, in each family of formats it samples:
/// planar, semi-planar and packed YUV and RGB, at sizes where the copy is
/// smaller, as large as and larger than the frame's chroma.
final class ChromaSamplerTests: XCTestCase {
  func testSamplesAreTheMeansOfTheirBlocks() throws {
    docscan_ensure_gst_initialized()
    let formats = [
      "I420", "YV12", "NV12", "NV21", "Y42B", "Y444", "NV16", "YUY2", "UYVY", "AYUV", "v308",
      "RGB", "BGR", "BGRx", "RGBA", "xRGB",
    ]
    let sizes: [(frame: (Int32, Int32), copy: (Int32, Int32))] = [
      ((1920, 1080), (320, 180)), ((333, 251), (83, 63)), ((333, 251), (200, 140)),
      ((64, 48), (64, 48)),
    ]
    for (index, format) in formats.enumerated() {
      for size in sizes {
        let frame = try XCTUnwrap(
          docscan_noise_frame_new(format, size.frame.0, size.frame.1, UInt32(index)))
        defer { docscan_noise_frame_free(frame) }
        let (width, height) = size.copy
        let sampler = try XCTUnwrap(docscan_chroma_new(&frame.pointee.info, width, height))
        defer { docscan_chroma_free(sampler) }
        XCTAssertNotEqual(docscan_chroma_take(sampler, frame), 0)
        let count = Int(width * height)
        var cb = [UInt8](repeating: 0, count: count)
        var cr = [UInt8](repeating: 0, count: count)
        docscan_chroma_copy(sampler, &cb, &cr)
        var expectedCb = [UInt8](repeating: 0, count: count)
        var expectedCr = [UInt8](repeating: 0, count: count)
        docscan_chroma_reference(frame, width, height, &expectedCb, &expectedCr)
        let context = "\(format) \(size.frame) sampled at \(size.copy)"
        XCTAssertEqual(cb, expectedCb, context)
        XCTAssertEqual(cr, expectedCr, context)
      }
    }
  }

  /// The frame's own chroma planes, as the MRZ's ink image takes them: each
  /// sample as the frame holds it, for the planar and semi-planar formats
  /// whose planes the sampler copies; none for other formats.
  func testChromaPlanesAreCopiedSampleForSample() throws {
    docscan_ensure_gst_initialized()
    // Per format: the plane holding U and V, their byte offsets in a
    // sample, and the step from one sample to the next.
    let layouts:
      [(format: String, u: (plane: Int, offset: Int), v: (plane: Int, offset: Int), step: Int)] = [
        ("I420", (1, 0), (2, 0), 1), ("YV12", (2, 0), (1, 0), 1), ("NV12", (1, 0), (1, 1), 2),
        ("NV21", (1, 1), (1, 0), 2),
      ]
    for (index, layout) in layouts.enumerated() {
      let frame = try XCTUnwrap(docscan_noise_frame_new(layout.format, 333, 251, UInt32(index)))
      defer { docscan_noise_frame_free(frame) }
      let sampler = try XCTUnwrap(docscan_chroma_new(&frame.pointee.info, 83, 63))
      defer { docscan_chroma_free(sampler) }
      XCTAssertNotEqual(docscan_chroma_take(sampler, frame), 0)
      var width: Int32 = 0
      var height: Int32 = 0
      XCTAssertNotEqual(docscan_chroma_plane_size(sampler, &width, &height), 0, layout.format)
      XCTAssertEqual([width, height], [167, 126], layout.format)
      let count = Int(width * height)
      var cb = [UInt8](repeating: 0, count: count)
      var cr = [UInt8](repeating: 0, count: count)
      docscan_chroma_copy_planes(sampler, &cb, &cr)
      let data = withUnsafeBytes(of: frame.pointee.data) {
        Array($0.bindMemory(to: UnsafeMutableRawPointer?.self))
      }
      let strides = withUnsafeBytes(of: frame.pointee.info.stride) {
        Array($0.bindMemory(to: Int32.self))
      }
      func sample(_ at: (plane: Int, offset: Int), _ x: Int, _ y: Int) -> UInt8 {
        data[at.plane]!.load(
          fromByteOffset: y * Int(strides[at.plane]) + x * layout.step + at.offset, as: UInt8.self)
      }
      var mismatches = 0
      for y in 0..<Int(height) {
        for x in 0..<Int(width) {
          if cb[y * Int(width) + x] != sample(layout.u, x, y) { mismatches += 1 }
          if cr[y * Int(width) + x] != sample(layout.v, x, y) { mismatches += 1 }
        }
      }
      XCTAssertEqual(mismatches, 0, layout.format)
    }
    for format in ["RGB", "BGRx", "YUY2"] {
      let frame = try XCTUnwrap(docscan_noise_frame_new(format, 64, 48, 7))
      defer { docscan_noise_frame_free(frame) }
      let sampler = try XCTUnwrap(docscan_chroma_new(&frame.pointee.info, 16, 12))
      defer { docscan_chroma_free(sampler) }
      var width: Int32 = 0
      var height: Int32 = 0
      XCTAssertEqual(docscan_chroma_plane_size(sampler, &width, &height), 0, format)
    }
  }
}
