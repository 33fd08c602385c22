/// Holds a barcode back until independent readings agree on its bytes.
///
/// A 2D symbol's error correction can settle on a wrong codeword when more
/// cells are damaged than it can correct: a PDF417 in a 1 Mbit/s 720p frame
/// then decodes to a payload with garbled stretches, which its checks
/// accept. Such a misreading belongs to one decoder pass on one image; the
/// true payload comes back from another pass or another frame. So a payload
/// counts once two independent readings gave exactly its bytes: two decoder
/// passes (`ScannedBarcode.sources`) on one image, or one pass on two
/// images whose pixels differ. The same pixels read again prove nothing (a
/// still held by `imagefreeze` gives the same misreading every time); nor
/// does a filtered copy of them, which the caller hands in as the image it
/// was made from (`readIn`).
public struct BarcodeConfirmation: Sendable {
  /// One reading: which decoder pass, on which pixels.
  private struct Reading: Hashable {
    var source: String
    var image: UInt64
  }

  /// Independent readings a payload needs.
  public static let requiredReadings = 2
  /// Payloads remembered while they wait (the oldest goes first): a
  /// misreading is rarely read twice, and a session's true barcodes are few.
  static let capacity = 32

  private var readings: [ScannedBarcode: Set<Reading>] = [:]
  private var order: [ScannedBarcode] = []

  public init() {}

  /// The barcodes of `found` (read in `image`) that independent readings
  /// have now confirmed, this one included, in `found`'s order.
  public mutating func confirmed(_ found: [ScannedBarcode], readIn image: LumaImage)
    -> [ScannedBarcode]
  {
    guard !found.isEmpty else { return [] }
    let fingerprint = Self.fingerprint(of: image)
    return found.filter { barcode in
      let sources = barcode.sources.isEmpty ? ["unnamed"] : barcode.sources
      if readings[barcode] == nil {
        order.append(barcode)
        if order.count > Self.capacity { readings[order.removeFirst()] = nil }
      }
      for source in sources {
        readings[barcode, default: []].insert(Reading(source: source, image: fingerprint))
      }
      return (readings[barcode]?.count ?? 0) >= Self.requiredReadings
    }
  }

  /// FNV-1a over the image's pixels, row by row (the padding after each
  /// row is left out): equal for the same pixels, different for another
  /// frame of a live camera, whose noise alone changes many pixels.
  static func fingerprint(of image: LumaImage) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    image.pixels.withUnsafeBufferPointer { pixels in
      for y in 0..<image.height {
        let row = y * image.stride
        for x in 0..<image.width {
          hash = (hash ^ UInt64(pixels[row + x])) &* 0x100_0000_01b3
        }
      }
    }
    return hash ^ UInt64(image.width) << 32 ^ UInt64(image.height)
  }
}
