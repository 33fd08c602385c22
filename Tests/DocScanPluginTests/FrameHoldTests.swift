import CDocScanShim
import CDocScanTestShim
import CGStreamer
import DocScanCore
import XCTest

@testable import DocScanElement

/// The streaming thread holds a frame instead of copying it, saves the bytes
/// the overlay is about to cover, and draws the overlay; the analysis side's
/// copy, made afterwards from the drawn frame, must still be the frame as it
/// came in, in every format family.
final class FrameHoldTests: XCTestCase {
  /// The snapshot's grey image at the frame's size, and the colour copy.
  func analysisImages(
    info: UnsafePointer<GstVideoInfo>, take: (OpaquePointer, OpaquePointer?) -> Bool
  ) throws -> (grey: [UInt8], colour: [UInt8]) {
    let width = docscan_video_info_width(info)
    let height = docscan_video_info_height(info)
    let snapshot = try XCTUnwrap(docscan_snapshot_new(info))
    defer { docscan_snapshot_free(snapshot) }
    let chroma = docscan_chroma_new(info, 97, 61)
    defer { docscan_chroma_free(chroma) }
    XCTAssertTrue(take(snapshot, chroma))
    let converter = try XCTUnwrap(docscan_luma_converter_new(info, width, height))
    defer { docscan_luma_converter_free(converter) }
    let stride = (Int(width) + 3) & ~3
    var grey = [UInt8](repeating: 0, count: stride * Int(height))
    XCTAssertNotEqual(
      docscan_luma_converter_convert(converter, snapshot, &grey, Int32(stride)), 0)
    var colour = [UInt8](repeating: 0, count: 2 * 97 * 61)
    if let chroma {
      colour.withUnsafeMutableBufferPointer {
        docscan_chroma_copy(chroma, $0.baseAddress, $0.baseAddress! + 97 * 61)
      }
    }
    return (grey, colour)
  }

  func differences(_ a: [UInt8], _ b: [UInt8]) -> Int {
    zip(a, b).filter { $0 != $1 }.count + abs(a.count - b.count)
  }

  func testTheAnalysisCopyIsTheFrameAsItCameInThoughTheOverlayWasDrawn() throws {
    docscan_ensure_gst_initialized()
    let formats = [
      "I420", "YV12", "NV12", "GRAY8", "YUY2", "RGB", "BGR", "RGBx", "BGRx", "xRGB", "xBGR",
      "RGBA", "BGRA",
    ]
    for (index, format) in formats.enumerated() {
      for (width, height) in [(333, 251), (1280, 720)] {
        let seed = UInt32(40 + index)
        let frame = try XCTUnwrap(
          docscan_noise_frame_new(format, Int32(width), Int32(height), seed))
        defer { docscan_noise_frame_free(frame) }
        let pristine = try XCTUnwrap(
          docscan_noise_frame_new(format, Int32(width), Int32(height), seed))
        defer { docscan_noise_frame_free(pristine) }
        let rgb = docscan_video_info_is_rgb(&frame.pointee.info) != 0
        let painter = OverlayPainter(frameWidth: width, frameHeight: height, rgb: rgb)
        let composition = try XCTUnwrap(
          painter.paint(.sample(width: width, height: height, shift: 1)))
        defer { docscan_composition_unref(composition) }

        let held = try XCTUnwrap(docscan_frame_hold_new(frame, composition))
        defer { docscan_frame_hold_free(held) }
        XCTAssertNotEqual(docscan_composition_blend(composition, frame), 0)

        let label = "\(format) \(width)x\(height)"
        let expected = try analysisImages(info: &pristine.pointee.info) { snapshot, chroma in
          docscan_snapshot_take(snapshot, pristine) != 0
            && (chroma.map { docscan_chroma_take($0, pristine) != 0 } ?? true)
        }
        let drawn = try analysisImages(info: &frame.pointee.info) { snapshot, chroma in
          docscan_snapshot_take(snapshot, frame) != 0
            && (chroma.map { docscan_chroma_take($0, frame) != 0 } ?? true)
        }
        let fromHeld = try analysisImages(info: &frame.pointee.info) { snapshot, chroma in
          docscan_snapshot_take_held(snapshot, held) != 0
            && (chroma.map { docscan_chroma_take_held($0, held) != 0 } ?? true)
        }
        // The overlay changed the frame, and the held frame's copy undoes it.
        XCTAssertGreaterThan(differences(drawn.grey, expected.grey), 1000, label)
        XCTAssertEqual(differences(fromHeld.grey, expected.grey), 0, label)
        XCTAssertEqual(differences(fromHeld.colour, expected.colour), 0, label)
      }
    }
  }

  func testReleasingTheHoldGivesTheBufferBack() throws {
    docscan_ensure_gst_initialized()
    let frame = try XCTUnwrap(docscan_noise_frame_new("I420", 64, 48, 3))
    defer { docscan_noise_frame_free(frame) }
    let buffer = try XCTUnwrap(frame.pointee.buffer)
    let references = buffer.pointee.mini_object.refcount
    let held = try XCTUnwrap(docscan_frame_hold_new(frame, nil))
    defer { docscan_frame_hold_free(held) }
    XCTAssertEqual(buffer.pointee.mini_object.refcount, references + 1)
    let snapshot = try XCTUnwrap(docscan_snapshot_new(&frame.pointee.info))
    defer { docscan_snapshot_free(snapshot) }
    XCTAssertNotEqual(docscan_snapshot_take_held(snapshot, held), 0)
    docscan_frame_hold_release(held)
    XCTAssertEqual(buffer.pointee.mini_object.refcount, references)
    // Released: nothing more can be copied from it.
    XCTAssertEqual(docscan_snapshot_take_held(snapshot, held), 0)
  }
}
