import CZBarShim
import CZXingShim
import DocScanCore

/// Reads the barcodes in a grey image: zbar for the linear codes and QR,
/// zxing-cpp (1.4) for PDF417, Data Matrix, Aztec and, as a second opinion,
/// QR.
///
/// Each call makes its own decoder state, so one reader can be used from
/// any thread, also by several at once.
///
/// Whole frames are read as they are: zxing-cpp with tryHarder and
/// tryRotate (a PDF417 lying at 90 degrees reads), once with each of its
/// binarizers (`Options.secondBinarizer`), and zbar scanning every row and
/// column (a linear code at 90 degrees reads). Each barcode says which
/// passes read it (`DecodedBarcode.sources`), so that a session can wait
/// for two independent readings. Measured on a 1280x720 document frame
/// (BarcodeFrameTests): zxing-cpp's pass about 3 ms with or without a
/// PDF417 in view, the second binarizer's about 2.5 ms more; zbar about
/// 11-13 ms whatever it looks for (its cost is the scan of
/// every line), so asking for `qrcode` or any linear code adds that. No
/// downscaled pass: it read nothing the full-size pass missed, cost about
/// 3 ms more per frame and 0.5 s on one camera sample (`Options.tryDownscale`).
///
/// Limits of Debian's zxing-cpp 1.4 (built without C++20 coroutines): at
/// most one Data Matrix per image, found only when it crosses the image's
/// middle row or column; an Aztec symbol only near the image's centre.
/// PDF417, QR and the linear codes are found anywhere, several per image.
public final class BarcodeReader: Sendable {
  public struct Options: Sendable, Equatable {
    /// zxing-cpp's tryHarder: more time for a better chance on a poor image.
    public var tryHarder: Bool
    /// zxing-cpp's tryRotate: also the image turned 90, 180 and 270 degrees.
    public var tryRotate: Bool
    /// zxing-cpp's tryDownscale: also a downscaled copy of images whose
    /// smaller side is at least 500 pixels (large, blurred symbols).
    public var tryDownscale: Bool
    /// After zxing-cpp's pass with a local-average threshold, a second pass
    /// with one threshold per row from the histogram (zxing-cpp's
    /// GlobalHistogram binarizer): it reads some low-contrast or
    /// compression-smeared symbols the first misses, and when both read a
    /// symbol, the second reading is an independent one.
    public var secondBinarizer: Bool

    public init(
      tryHarder: Bool = true, tryRotate: Bool = true, tryDownscale: Bool = false,
      secondBinarizer: Bool = true
    ) {
      self.tryHarder = tryHarder
      self.tryRotate = tryRotate
      self.tryDownscale = tryDownscale
      self.secondBinarizer = secondBinarizer
    }
  }

  /// The decoder passes, as `DecodedBarcode.sources` names them.
  public enum Source: String, Sendable, CaseIterable {
    case zxingLocalAverage = "zxing-local-average"
    case zxingGlobalHistogram = "zxing-global-histogram"
    case zbar
  }

  public let options: Options

  public init(options: Options = Options()) {
    self.options = options
  }

  /// The barcodes of `symbologies` in `image`, each payload once: when zbar
  /// and zxing-cpp both read a QR code, zxing-cpp's reading is kept (it
  /// carries structured-append information and converts text by ECI).
  /// Structured-append parts whose whole set is in the image are returned
  /// joined as one barcode; the other parts are returned as they are (see
  /// `StructuredAppendAssembler` for joining across frames). A decoder that
  /// fails (out of memory) reads nothing.
  public func read(_ image: LumaImage, symbologies: Set<BarcodeSymbology>) -> [DecodedBarcode] {
    let zxingFormats = symbologies.reduce(UInt32(0)) { $0 | $1.zxingBit }
    let zbarTypes = symbologies.reduce(UInt32(0)) { $0 | $1.zbarBit }
    var unique: [DecodedBarcode] = []
    if zxingFormats != 0 {
      var zxing = readWithZXing(
        image, formats: zxingFormats, binarizer: DOCSCAN_ZXING_BINARIZER_LOCAL_AVERAGE,
        source: .zxingLocalAverage)
      if options.secondBinarizer {
        zxing += readWithZXing(
          image, formats: zxingFormats, binarizer: DOCSCAN_ZXING_BINARIZER_GLOBAL_HISTOGRAM,
          source: .zxingGlobalHistogram)
      }
      for barcode in zxing { Self.insert(barcode, into: &unique) }
    }
    if zbarTypes != 0 {
      for barcode in Self.readWithZBar(image, types: zbarTypes)
      where symbologies.contains(barcode.symbology) {
        Self.insert(barcode, into: &unique)
      }
    }
    // Once more after joining: zbar may have joined a QR set itself.
    var found: [DecodedBarcode] = []
    for barcode in Self.joinStructuredAppend(unique) { Self.insert(barcode, into: &found) }
    return found
  }

  /// Adds `barcode` unless the same payload of the same symbology is there
  /// already (two parts of a structured-append set at different indexes are
  /// not the same); then the one there gains `barcode`'s sources.
  static func insert(_ barcode: DecodedBarcode, into found: inout [DecodedBarcode]) {
    let duplicate = found.firstIndex { other in
      guard other.symbology == barcode.symbology, other.bytes == barcode.bytes else { return false }
      guard let mine = barcode.structuredAppend, let theirs = other.structuredAppend else {
        return true
      }
      return mine.index == theirs.index && mine.id == theirs.id
    }
    if let duplicate {
      found[duplicate].sources.formUnion(barcode.sources)
    } else {
      found.append(barcode)
    }
  }

  /// Replaces the parts of each complete structured-append set by the set
  /// joined, at the place of its first part.
  static func joinStructuredAppend(_ found: [DecodedBarcode]) -> [DecodedBarcode] {
    guard found.contains(where: { $0.structuredAppend != nil }) else { return found }
    var sets: [StructuredAppendKey: [DecodedBarcode]] = [:]
    for barcode in found {
      if let key = StructuredAppendKey(barcode) { sets[key, default: []].append(barcode) }
    }
    var joined: [StructuredAppendKey: DecodedBarcode] = [:]
    for (key, parts) in sets {
      let box = DecodedBarcode.box(around: parts.flatMap(\.corners))
      joined[key] = StructuredAppendAssembler.join(parts, corners: box)
    }
    var placed = Set<StructuredAppendKey>()
    var result: [DecodedBarcode] = []
    for barcode in found {
      guard let key = StructuredAppendKey(barcode), let whole = joined[key] else {
        result.append(barcode)
        continue
      }
      if placed.insert(key).inserted { result.append(whole) }
    }
    return result
  }

  private func readWithZXing(
    _ image: LumaImage, formats: UInt32, binarizer: Int32, source: Source
  ) -> [DecodedBarcode] {
    var options = DocScanZXingOptions(
      formats: formats, try_harder: self.options.tryHarder ? 1 : 0,
      try_rotate: self.options.tryRotate ? 1 : 0, try_downscale: self.options.tryDownscale ? 1 : 0,
      binarizer: binarizer)
    let results = image.pixels.withUnsafeBufferPointer { pixels in
      docscan_zxing_read(
        pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.stride), &options,
        nil, 0)
    }
    guard let results else { return [] }
    defer { docscan_zxing_results_free(results) }
    var found: [DecodedBarcode] = []
    for index in 0..<docscan_zxing_results_count(results) {
      guard let barcode = docscan_zxing_results_get(results, index)?.pointee,
        let symbology = BarcodeSymbology.all.first(where: { $0.zxingBit == barcode.format })
      else { continue }
      let bytes = Self.copyBytes(barcode.bytes, count: barcode.length)
      let text = DecodedBarcode.zxingText(
        barcode.text.map { String(cString: $0) }, contentType: barcode.content_type, bytes: bytes)
      let (x, y) = (barcode.x, barcode.y)
      let corners = [
        Point(x: x.0, y: y.0), Point(x: x.1, y: y.1), Point(x: x.2, y: y.2), Point(x: x.3, y: y.3),
      ]
      var part: StructuredAppendPart?
      if barcode.sequence_size > -1 && barcode.sequence_index > -1 {
        part = StructuredAppendPart(
          index: Int(barcode.sequence_index),
          count: barcode.sequence_size > 0 ? Int(barcode.sequence_size) : nil,
          id: barcode.sequence_id.map { String(cString: $0) } ?? "")
        part?.ecis = (0..<Int(barcode.eci_count)).map {
          ECIDesignator(eci: barcode.eci_values[$0], position: barcode.eci_positions[$0])
        }
      }
      found.append(
        DecodedBarcode(
          symbology: symbology, bytes: bytes, text: text, corners: corners,
          structuredAppend: part, sources: [source.rawValue]))
    }
    return found
  }

  private static func readWithZBar(_ image: LumaImage, types: UInt32) -> [DecodedBarcode] {
    let results = image.pixels.withUnsafeBufferPointer { pixels in
      docscan_zbar_scan(
        pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.stride), types)
    }
    guard let results else { return [] }
    defer { docscan_zbar_results_free(results) }
    var found: [DecodedBarcode] = []
    for index in 0..<docscan_zbar_results_count(results) {
      guard let symbol = docscan_zbar_results_get(results, index)?.pointee,
        let name = symbol.type_name.map({ String(cString: $0) }),
        let symbology = zbarSymbologies[name]
      else { continue }
      let bytes = copyBytes(symbol.data, count: symbol.length)
      var polygon: [Point] = []
      for point in 0..<Int(symbol.point_count) {
        polygon.append(Point(x: Double(symbol.xs[point]), y: Double(symbol.ys[point])))
      }
      let corners =
        symbology == .qrcode && polygon.count == 4 ? polygon : DecodedBarcode.box(around: polygon)
      found.append(
        DecodedBarcode(
          symbology: symbology, bytes: bytes, text: DecodedBarcode.utf8Text(bytes),
          corners: corners, sources: [Source.zbar.rawValue]))
    }
    return found
  }

  /// zbar's names of the symbologies it reads for us (zbar_get_symbol_name).
  static let zbarSymbologies: [String: BarcodeSymbology] = [
    "EAN-8": .ean8, "UPC-E": .upce, "UPC-A": .upca, "EAN-13": .ean13, "I2/5": .itf,
    "Codabar": .codabar, "CODE-39": .code39, "CODE-93": .code93, "CODE-128": .code128,
    "QR-Code": .qrcode,
  ]

  private static func copyBytes(_ pointer: UnsafePointer<UInt8>?, count: Int) -> [UInt8] {
    guard let pointer, count > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: pointer, count: count))
  }
}
