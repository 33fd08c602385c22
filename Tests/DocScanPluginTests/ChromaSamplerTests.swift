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
}
