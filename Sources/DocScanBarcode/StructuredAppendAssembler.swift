import CZXingShim
import DocScanCore

#if canImport(Glibc)
  import Glibc
#endif

/// Joins the parts of structured-append sets (one payload split over
/// several symbols) into the payload, also when the parts are read from
/// different images (frames).
///
/// A set is complete when one part gives the set's size N and parts 0..<N,
/// all of one symbology and id, are there; the payload is the parts' bytes
/// in index order. `BarcodeReader.read` joins the sets complete within one
/// image itself; the parts it returns unjoined can be added here frame by
/// frame.
public struct StructuredAppendAssembler: Sendable {
  private var sets: [StructuredAppendKey: [Int: DecodedBarcode]] = [:]

  public init() {}

  /// How many parts are held, of sets not yet complete.
  public var pendingParts: Int { sets.values.reduce(0) { $0 + $1.count } }

  /// Adds one part; returns the joined barcode when it completes its set
  /// (the set is then forgotten). A barcode that is not a part is returned
  /// as it is. A part read again replaces the one held.
  public mutating func add(_ barcode: DecodedBarcode) -> DecodedBarcode? {
    guard let part = barcode.structuredAppend, let key = StructuredAppendKey(barcode) else {
      return barcode
    }
    var parts = sets[key, default: [:]]
    parts[part.index] = barcode
    guard let joined = Self.join(Array(parts.values), corners: []) else {
      sets[key] = parts
      return nil
    }
    sets[key] = nil
    return joined
  }

  /// Forgets every part held.
  public mutating func reset() {
    sets = [:]
  }

  /// The joined barcode of `parts` (one set's parts, each index once) when
  /// they are the whole set, else nil. Its text is read from the joined
  /// payload as zxing-cpp reads a set: a part's ECI designators hold on
  /// into the parts after it; bytes under none are read by zxing-cpp's guess
  /// of the character set (see `DecodedBarcode.text`).
  static func join(_ parts: [DecodedBarcode], corners: [Point]) -> DecodedBarcode? {
    let sorted = parts.sorted { $0.structuredAppend!.index < $1.structuredAppend!.index }
    guard let first = sorted.first,
      let size = sorted.compactMap({ $0.structuredAppend?.count }).first(where: { $0 > 0 }),
      sorted.count == size,
      sorted.enumerated().allSatisfy({ $0.offset == $0.element.structuredAppend?.index }),
      sorted.allSatisfy({
        $0.structuredAppend?.count ?? 0 == 0 || $0.structuredAppend?.count == size
      })
    else { return nil }
    let bytes = sorted.flatMap(\.bytes)
    var contentType: Int32 = 0
    let zxingText = joinedText(sorted, contentType: &contentType)
    let text = DecodedBarcode.zxingText(zxingText, contentType: contentType, bytes: bytes)
    // The whole is one pass's reading only where that pass read every part.
    let sources = sorted.dropFirst().reduce(first.sources) { $0.intersection($1.sources) }
    return DecodedBarcode(
      symbology: first.symbology, bytes: bytes, text: text, corners: corners,
      structuredAppend: nil, sources: sources)
  }

  /// zxing-cpp's text of the parts (in order) joined, and its content type.
  private static func joinedText(_ parts: [DecodedBarcode], contentType: inout Int32) -> String? {
    let bytes = parts.flatMap(\.bytes)
    let ecis = parts.map { $0.structuredAppend?.ecis ?? [] }
    let values = ecis.flatMap { $0.map(\.eci) }
    let positions = ecis.flatMap { $0.map(\.position) }
    let text = bytes.withUnsafeBufferPointer { bytes in
      values.withUnsafeBufferPointer { values in
        positions.withUnsafeBufferPointer { positions in
          var byteOffset = 0
          var eciOffset = 0
          var cParts: [DocScanZXingPart] = []
          for (part, partECIs) in zip(parts, ecis) {
            cParts.append(
              DocScanZXingPart(
                bytes: bytes.baseAddress.map { $0 + byteOffset }, length: part.bytes.count,
                eci_values: values.baseAddress.map { $0 + eciOffset },
                eci_positions: positions.baseAddress.map { $0 + eciOffset },
                eci_count: Int32(partECIs.count)))
            byteOffset += part.bytes.count
            eciOffset += partECIs.count
          }
          return docscan_zxing_joined_text(cParts, Int32(cParts.count), &contentType)
        }
      }
    }
    defer { free(text) }
    return text.map { String(cString: $0) }
  }
}

/// What the parts of one structured-append set share.
struct StructuredAppendKey: Hashable {
  var symbology: BarcodeSymbology
  var id: String

  /// The key of `barcode`'s set, nil when it is not a part of one.
  init?(_ barcode: DecodedBarcode) {
    guard let part = barcode.structuredAppend else { return nil }
    self.symbology = barcode.symbology
    self.id = part.id
  }
}
