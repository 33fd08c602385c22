import CDocScanTestShim
import CZXingShim
import DocScanBarcode
import DocScanCore
import XCTest

/// Symbols rendered by zxing-cpp's writer (MultiFormatWriter, through the
/// zxing shim), pasted onto a grey frame and read back: every symbology of
/// `barcode-types` once, at 0 and at 90 degrees, which also checks the names
/// zbar reports against the ones docscan maps.
final class BarcodeGeneratedTests: XCTestCase {
  let reader = BarcodeReader()

  /// `text` encoded as `format` (DOCSCAN_ZXING_*): `module` pixels per
  /// module, dark 20 on light 235, a quiet zone of `quiet` modules; linear
  /// codes are `barHeight` pixels tall.
  static func symbol(
    _ format: UInt32, _ text: String, module: Int = 3, quiet: Int = 10, barHeight: Int = 90
  ) throws -> LumaImage {
    var width: Int32 = 0
    var height: Int32 = 0
    guard docscan_zxing_encode(format, text, nil, 0, &width, &height) == -1 else {
      throw XCTSkip("zxing-cpp cannot encode '\(text)' as format \(format)")
    }
    var modules = [UInt8](repeating: 0, count: Int(width) * Int(height))
    let status = docscan_zxing_encode(format, text, &modules, modules.count, &width, &height)
    XCTAssertEqual(status, 1)
    let (w, h) = (Int(width), Int(height))
    let rowPixels = h == 1 ? barHeight : module
    let imageWidth = (w + 2 * quiet) * module
    let imageHeight = h * rowPixels + 2 * quiet * module
    var image = LumaImage(width: imageWidth, height: imageHeight, fill: 235)
    for y in 0..<imageHeight {
      let my = (y - quiet * module) / rowPixels
      guard y >= quiet * module, my < h else { continue }
      for x in 0..<imageWidth {
        let mx = (x - quiet * module) / module
        guard x >= quiet * module, mx < w else { continue }
        if modules[my * w + mx] != 0 { image[x, y] = 20 }
      }
    }
    return image
  }

  /// `symbol` copied into `frame` with its top-left corner at (x, y).
  static func paste(_ symbol: LumaImage, into frame: inout LumaImage, x: Int, y: Int) {
    for row in 0..<symbol.height where y + row < frame.height {
      for column in 0..<symbol.width where x + column < frame.width {
        frame[x + column, y + row] = symbol[column, row]
      }
    }
  }

  /// A 640x480 mid-grey frame with `symbol` in the middle, or with its
  /// top-left corner at `origin`.
  static func frame(with symbol: LumaImage, at origin: (x: Int, y: Int)? = nil) -> LumaImage {
    var frame = LumaImage(
      width: max(640, symbol.width + 80), height: max(480, symbol.height + 80), fill: 128)
    let x = origin?.x ?? (frame.width - symbol.width) / 2
    let y = origin?.y ?? (frame.height - symbol.height) / 2
    paste(symbol, into: &frame, x: x, y: y)
    return frame
  }

  struct Case {
    var symbology: BarcodeSymbology
    var format: UInt32
    var text: String
    /// What is read when it differs from `text`.
    var read: String? = nil
  }

  static let cases: [Case] = [
    Case(
      symbology: .pdf417, format: UInt32(DOCSCAN_ZXING_PDF417), text: "DOCSCAN PDF417 0123456789"),
    Case(
      symbology: .qrcode, format: UInt32(DOCSCAN_ZXING_QRCODE),
      text: "https://example.org/docscan?id=42"),
    Case(symbology: .datamatrix, format: UInt32(DOCSCAN_ZXING_DATAMATRIX), text: "DOCSCAN-DM-0042"),
    Case(symbology: .aztec, format: UInt32(DOCSCAN_ZXING_AZTEC), text: "DOCSCAN-AZTEC-0042"),
    Case(symbology: .code128, format: UInt32(DOCSCAN_ZXING_CODE128), text: "DOCSCAN-128"),
    Case(symbology: .code39, format: UInt32(DOCSCAN_ZXING_CODE39), text: "DOCSCAN39"),
    Case(symbology: .code93, format: UInt32(DOCSCAN_ZXING_CODE93), text: "DOCSCAN93"),
    Case(symbology: .ean13, format: UInt32(DOCSCAN_ZXING_EAN13), text: "4006381333931"),
    Case(symbology: .ean8, format: UInt32(DOCSCAN_ZXING_EAN8), text: "96385074"),
    Case(symbology: .upca, format: UInt32(DOCSCAN_ZXING_UPCA), text: "036000291452"),
    Case(symbology: .upce, format: UInt32(DOCSCAN_ZXING_UPCE), text: "01234565"),
    Case(symbology: .itf, format: UInt32(DOCSCAN_ZXING_ITF), text: "00012345678905"),
    Case(symbology: .codabar, format: UInt32(DOCSCAN_ZXING_CODABAR), text: "A40156B"),
  ]

  func testEverySymbologyReadsAtZeroAndNinetyDegrees() throws {
    XCTAssertEqual(Set(Self.cases.map(\.symbology)), Set(BarcodeSymbology.all))
    for item in Self.cases {
      let frame = Self.frame(with: try Self.symbol(item.format, item.text))
      for (rotation, image) in [(0, frame), (90, frame.rotatedClockwise())] {
        let start = ContinuousClock.now
        let found = reader.read(image, symbologies: [item.symbology])
        let ms = BarcodeSamples.milliseconds(since: start)
        let label = "\(item.symbology) @ \(rotation)"
        print(
          "BARCODE generated \(label): \(found.map { $0.text ?? "?" }) "
            + String(format: "%.2f ms (%dx%d)", ms, image.width, image.height))
        XCTAssertEqual(found.count, 1, label)
        guard let barcode = found.first else { continue }
        XCTAssertEqual(barcode.symbology, item.symbology, label)
        let expected = item.read ?? item.text
        XCTAssertEqual(barcode.text, expected, label)
        XCTAssertEqual(barcode.bytes, Array(expected.utf8), label)
        XCTAssertEqual(barcode.corners.count, 4, label)
        XCTAssertNil(barcode.structuredAppend, label)
      }
    }
  }

  /// QR is read by zbar and by zxing-cpp; the payload is reported once, with
  /// its corners on the symbol.
  func testQRCodeReadByBothDecodersIsReportedOnce() throws {
    let symbol = try Self.symbol(UInt32(DOCSCAN_ZXING_QRCODE), "DOCSCAN QR", module: 6, quiet: 4)
    let found = reader.read(Self.frame(with: symbol, at: (100, 80)), symbologies: [.qrcode])
    XCTAssertEqual(found.count, 1)
    let corners = try XCTUnwrap(found.first?.corners)
    XCTAssertEqual(corners.count, 4)
    // The modules span 24 ..< 24 + 21 * 6 pixels of the symbol image, whose
    // top-left corner is at (100, 80): corners lie on that square's edge.
    for corner in corners {
      XCTAssertEqual(corner.x, 100 + 24 + 63, accuracy: 65)
      XCTAssertEqual(corner.y, 80 + 24 + 63, accuracy: 65)
      XCTAssertGreaterThan(max(abs(corner.x - 187), abs(corner.y - 167)), 55)
    }
  }

  /// Debian's zxing-cpp 1.4 is built without C++20 coroutines, which leaves
  /// its Data Matrix detector looking only along the image's middle row and
  /// column, and its Aztec detector finds the bullseye only near the
  /// centre. This prints where they stop reading; it asserts only that a
  /// centred symbol reads (if Debian's build changes, the printout shows it).
  func testDataMatrixAndAztecNeedTheSymbolNearTheMiddle() throws {
    for item in Self.cases where [.datamatrix, .aztec].contains(item.symbology) {
      let symbol = try Self.symbol(item.format, item.text, module: 4, quiet: 4)
      var reads: [String] = []
      for offset in stride(from: 0, through: 200, by: 40) {
        let origin = ((640 - symbol.width) / 2, (480 - symbol.height) / 2 + offset)
        let found = reader.read(Self.frame(with: symbol, at: origin), symbologies: [item.symbology])
        reads.append("\(offset)px:\(found.count)")
        if offset == 0 { XCTAssertEqual(found.count, 1, "\(item.symbology) centred") }
      }
      print(
        "BARCODE \(item.symbology) (\(symbol.width)px) moved down from the centre of 640x480, "
          + "symbols read: \(reads.joined(separator: " "))")
    }
  }

  /// zbar reads UPC-A with its EAN-13 decoder: asked for `ean13` alone, a
  /// UPC-A code reads as EAN-13 with a leading 0; asked for `upca` alone, an
  /// EAN-13 code is not reported.
  func testUPCAAndEAN13() throws {
    let upca = Self.frame(with: try Self.symbol(UInt32(DOCSCAN_ZXING_UPCA), "036000291452"))
    let ean13 = Self.frame(with: try Self.symbol(UInt32(DOCSCAN_ZXING_EAN13), "4006381333931"))
    func read(_ image: LumaImage, _ symbologies: Set<BarcodeSymbology>) -> [String] {
      reader.read(image, symbologies: symbologies).map { "\($0.symbology):\($0.text ?? "?")" }
    }
    XCTAssertEqual(read(upca, [.upca, .ean13]), ["upca:036000291452"])
    XCTAssertEqual(read(upca, [.ean13]), ["ean13:0036000291452"])
    XCTAssertEqual(read(ean13, [.upca]), [])
    XCTAssertEqual(read(ean13, [.upca, .ean13]), ["ean13:4006381333931"])
  }

  /// Rows `stride` bytes apart (a padded video plane) read like packed ones,
  /// by both decoders.
  func testPaddedRowsRead() throws {
    let packed = Self.frame(
      with: try Self.symbol(UInt32(DOCSCAN_ZXING_CODE128), "PADDED ROWS", module: 2))
    var padded = LumaImage(width: packed.width, height: packed.height, stride: packed.width + 13)
    for y in 0..<packed.height {
      for x in 0..<packed.width { padded[x, y] = packed[x, y] }
    }
    XCTAssertEqual(reader.read(padded, symbologies: [.code128]).map(\.text), ["PADDED ROWS"])
    let pdf417 = Self.frame(
      with: try Self.symbol(UInt32(DOCSCAN_ZXING_PDF417), "PADDED PDF417", module: 2))
    var paddedPDF417 = LumaImage(
      width: pdf417.width, height: pdf417.height, stride: pdf417.width + 7)
    for y in 0..<pdf417.height {
      for x in 0..<pdf417.width { paddedPDF417[x, y] = pdf417[x, y] }
    }
    XCTAssertEqual(
      reader.read(paddedPDF417, symbologies: [.pdf417]).map(\.text), ["PADDED PDF417"])
  }

  /// Only the symbologies asked for are reported.
  func testOnlyTheSymbologiesAskedForAreRead() throws {
    var frame = LumaImage(width: 800, height: 600, fill: 128)
    Self.paste(
      try Self.symbol(UInt32(DOCSCAN_ZXING_QRCODE), "QR PAYLOAD"), into: &frame, x: 40, y: 40)
    Self.paste(
      try Self.symbol(UInt32(DOCSCAN_ZXING_CODE128), "CODE128 PAYLOAD", module: 2), into: &frame,
      x: 40, y: 300)
    Self.paste(
      try Self.symbol(UInt32(DOCSCAN_ZXING_PDF417), "PDF417 PAYLOAD", module: 2), into: &frame,
      x: 420, y: 40)
    func read(_ symbologies: Set<BarcodeSymbology>) -> [String] {
      reader.read(frame, symbologies: symbologies).compactMap(\.text).sorted()
    }
    XCTAssertEqual(read([.code128]), ["CODE128 PAYLOAD"])
    XCTAssertEqual(read([.qrcode]), ["QR PAYLOAD"])
    XCTAssertEqual(read([.pdf417]), ["PDF417 PAYLOAD"])
    XCTAssertEqual(read([.ean13, .aztec]), [])
    XCTAssertEqual(read([]), [])
    XCTAssertEqual(
      read(Set(BarcodeSymbology.all)), ["CODE128 PAYLOAD", "PDF417 PAYLOAD", "QR PAYLOAD"])
  }

  /// A driver-licence-like PDF417 payload (AAMVA's separators are control
  /// characters) keeps its exact bytes and, being UTF-8, its text.
  func testAAMVALikePDF417KeepsBytesAndText() throws {
    let payload =
      "@\n\u{1e}\rANSI 636000100002DL00410278ZV03190008DLDAQT64235789\nDCSSAMPLE\nDDEN\r"
    let symbol = try Self.symbol(UInt32(DOCSCAN_ZXING_PDF417), payload, module: 2)
    let found = reader.read(Self.frame(with: symbol), symbologies: [.pdf417])
    XCTAssertEqual(found.count, 1)
    XCTAssertEqual(found.first?.bytes, Array(payload.utf8))
    XCTAssertEqual(found.first?.text, payload)
  }
}
