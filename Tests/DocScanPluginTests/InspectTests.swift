import XCTest

/// `gst-inspect-1.0 docscan` shows the element, its caps and its properties.
final class InspectTests: XCTestCase {
  func testInspectShowsElementCapsAndProperties() throws {
    let output = try GStreamerRunner.run("gst-inspect-1.0", ["docscan"])
    XCTAssertEqual(output.status, 0, output.stderr)
    let text = output.stdout
    XCTAssertTrue(text.contains("GstVideoFilter"))
    for format in [
      "I420", "NV12", "YV12", "GRAY8", "RGB", "BGR", "RGBx", "BGRx", "xRGB", "xBGR", "RGBA", "BGRA",
      "YUY2",
    ] {
      XCTAssertTrue(
        text.contains("(string)\(format),") || text.contains("(string)\(format) }"), format)
    }
    XCTAssertTrue(text.contains("width: [ 64, 4096 ]"))
    for property in [
      "analysis", "annotate", "blur-threshold", "glare-threshold", "timeout", "mode", "auto-reset",
      "results-location", "tessdata", "redact", "barcode-types", "desk", "attach-images",
    ] {
      XCTAssertTrue(text.contains("\n  \(property) "), "property \(property) missing")
    }
    // Every SPEC mode.
    XCTAssertTrue(text.contains("Enum \"GstDocScanMode\""), "mode is a GstDocScanMode")
    XCTAssertTrue(text.contains("(0): combined"), "mode combined")
    XCTAssertTrue(text.contains("(1): mrz"), "mode mrz")
    XCTAssertTrue(text.contains("(2): barcode"), "mode barcode")
    XCTAssertTrue(text.contains("(3): front"), "mode front")
    // The default asks for every symbology the reader knows, in its order.
    XCTAssertTrue(
      text.contains(
        "Default: \"pdf417,qrcode,datamatrix,aztec,code128,code39,code93,ean13,ean8,upca,upce,"
          + "itf,codabar\""), "barcode-types default")
    XCTAssertTrue(text.contains("reset"), "action signal reset")
  }

  /// What only tests and fixtures use (Tests/CDocScanTestShim) is not
  /// linked into the plugin a desk runs.
  func testThePluginCarriesNoTestOnlyCode() throws {
    let directory = try GStreamerRunner.requirePlugin()
    let symbols = try GStreamerRunner.run(
      "nm", ["--defined-only", directory + "/libgstdocscan.so"])
    XCTAssertEqual(symbols.status, 0, symbols.stderr)
    XCTAssertTrue(symbols.stdout.contains("docscan_matched_features"), "nm lists the shims")
    for name in [
      "docscan_zxing_encode", "docscan_write_gray_png", "docscan_project_onto_quad",
      "docscan_read_png_luma", "docscan_canvas_new_from_png", "docscan_structure_from_string",
      "docscan_structure_to_string", "docscan_structure_get_string", "docscan_structure_field_kind",
    ] {
      XCTAssertFalse(symbols.stdout.contains(name), name)
    }
  }
}
