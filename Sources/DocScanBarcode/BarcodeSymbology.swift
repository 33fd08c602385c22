import CZBarShim
import CZXingShim

/// A barcode symbology, by the name the element's `barcode-types` property
/// uses (`pdf417`, `qrcode`, `code128`, ...).
///
/// Each one is read by one decoder: zbar for the linear codes and QR,
/// zxing-cpp for PDF417, Data Matrix and Aztec; QR is read by both (zxing-cpp
/// as a second opinion).
public struct BarcodeSymbology: Hashable, Sendable, CustomStringConvertible {
  /// The property's name for it: lower case, no punctuation.
  public let name: String
  /// The symbology's bit for the zbar shim (`DOCSCAN_ZBAR_*`), 0 when zbar
  /// does not read it.
  let zbarBit: UInt32
  /// The symbology's bit for the zxing-cpp shim (`DOCSCAN_ZXING_*`), 0 when
  /// zxing-cpp does not read it.
  let zxingBit: UInt32

  private init(_ name: String, zbar: UInt32 = 0, zxing: UInt32 = 0) {
    self.name = name
    self.zbarBit = zbar
    self.zxingBit = zxing
  }

  public var description: String { name }

  public static let pdf417 = BarcodeSymbology("pdf417", zxing: UInt32(DOCSCAN_ZXING_PDF417))
  public static let qrcode = BarcodeSymbology(
    "qrcode", zbar: UInt32(DOCSCAN_ZBAR_QRCODE), zxing: UInt32(DOCSCAN_ZXING_QRCODE))
  public static let datamatrix = BarcodeSymbology(
    "datamatrix", zxing: UInt32(DOCSCAN_ZXING_DATAMATRIX))
  public static let aztec = BarcodeSymbology("aztec", zxing: UInt32(DOCSCAN_ZXING_AZTEC))
  public static let code128 = BarcodeSymbology("code128", zbar: UInt32(DOCSCAN_ZBAR_CODE128))
  public static let code39 = BarcodeSymbology("code39", zbar: UInt32(DOCSCAN_ZBAR_CODE39))
  public static let code93 = BarcodeSymbology("code93", zbar: UInt32(DOCSCAN_ZBAR_CODE93))
  /// EAN-13. When `upca` is not asked for too, a UPC-A code reads as an
  /// EAN-13 code with a leading 0.
  public static let ean13 = BarcodeSymbology("ean13", zbar: UInt32(DOCSCAN_ZBAR_EAN13))
  public static let ean8 = BarcodeSymbology("ean8", zbar: UInt32(DOCSCAN_ZBAR_EAN8))
  // zbar reads UPC-A with its EAN-13 decoder, which must be on too; EAN-13
  // codes it then reads are left out unless `ean13` is asked for.
  public static let upca = BarcodeSymbology(
    "upca", zbar: UInt32(DOCSCAN_ZBAR_UPCA | DOCSCAN_ZBAR_EAN13))
  public static let upce = BarcodeSymbology("upce", zbar: UInt32(DOCSCAN_ZBAR_UPCE))
  /// Interleaved 2 of 5.
  public static let itf = BarcodeSymbology("itf", zbar: UInt32(DOCSCAN_ZBAR_I25))
  /// Codabar; the payload keeps its start and stop characters (`A`..`D`).
  public static let codabar = BarcodeSymbology("codabar", zbar: UInt32(DOCSCAN_ZBAR_CODABAR))

  /// Every symbology, in the order the documentation lists them.
  public static let all: [BarcodeSymbology] = [
    .pdf417, .qrcode, .datamatrix, .aztec, .code128, .code39, .code93, .ean13, .ean8, .upca,
    .upce, .itf, .codabar,
  ]

  /// The symbology called `name` (any case; `-` and `_` are ignored, so
  /// `QR-Code` and `code_128` are understood), or nil.
  public init?(name: String) {
    let key = Self.normalised(name)
    guard let found = Self.all.first(where: { $0.name == key }) else { return nil }
    self = found
  }

  /// The symbologies of a `barcode-types` value: names separated by commas
  /// and/or spaces, e.g. `"pdf417,qrcode"`. An empty list is an empty set.
  /// Throws naming the first name that is not a symbology.
  public static func parse(list: String) throws(BarcodeSymbologyError) -> Set<BarcodeSymbology> {
    var result = Set<BarcodeSymbology>()
    let names = list.split(whereSeparator: { $0 == "," || $0.isWhitespace })
    for name in names {
      guard let symbology = BarcodeSymbology(name: String(name)) else {
        throw .unknown(String(name))
      }
      result.insert(symbology)
    }
    return result
  }

  /// The `barcode-types` spelling of a set: names joined by commas, in the
  /// order of `all`.
  public static func list(_ symbologies: Set<BarcodeSymbology>) -> String {
    all.filter { symbologies.contains($0) }.map(\.name).joined(separator: ",")
  }

  /// Whether the symbology is a linear (1D) code.
  public var isLinear: Bool { zxingBit == 0 }

  static func normalised(_ name: String) -> String {
    String(name.lowercased().filter { $0 != "-" && $0 != "_" })
  }

  // Equality and hashing by name: the bits follow from it.
  public static func == (lhs: BarcodeSymbology, rhs: BarcodeSymbology) -> Bool {
    lhs.name == rhs.name
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
  }
}

/// A `barcode-types` value that names something that is not a symbology.
public enum BarcodeSymbologyError: Error, Equatable, CustomStringConvertible {
  case unknown(String)

  public var description: String {
    switch self {
    case .unknown(let name):
      let known = BarcodeSymbology.all.map(\.name).joined(separator: ", ")
      return "unknown barcode type '\(name)' (known: \(known))"
    }
  }
}
