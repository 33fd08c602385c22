/// The `docscan-side` bus message (SPEC): one side of the document was
/// captured, and what it gave.
public struct SideMessage: Equatable, Sendable {
  public static let structureName = "docscan-side"

  public var times: StreamTimes
  public var session: UInt32
  public var side: Side
  public var documentClass: DocumentClass
  /// The MRZ lines this side gave; nil when it has none (a TD1 front).
  public var mrzLines: [String]?
  /// The barcode this side gave (`barcode-type`), nil when none.
  public var barcodeType: String?
  /// Its payload (`barcode-data`, and `barcode-data-base64` when binary).
  public var barcodeData: BarcodeData?
  /// `desk`: the element's `desk` property; nil (field absent) when unset.
  public var desk: String?
  /// `document-image` and `face-image` (PNG), with `attach-images=true`.
  public var documentImage: [UInt8]?
  public var faceImage: [UInt8]?

  public init(
    times: StreamTimes, session: UInt32, side: Side, documentClass: DocumentClass,
    mrzLines: [String]? = nil, barcodeType: String? = nil, barcodeData: BarcodeData? = nil,
    desk: String? = nil
  ) {
    self.times = times
    self.session = session
    self.side = side
    self.documentClass = documentClass
    self.mrzLines = mrzLines
    self.barcodeType = barcodeType
    self.barcodeData = barcodeData
    self.desk = desk
  }

  public var structure: MessageStructure {
    var structure = MessageStructure(name: Self.structureName)
    structure.appendTimes(times)
    structure.append("session", .uint(session))
    if let desk { structure.append("desk", .string(desk)) }
    structure.append("side", .string(side.rawValue))
    structure.append("document-class", .string(documentClass.rawValue))
    if let mrzLines { structure.append("mrz", .string(MRZText.joined(mrzLines))) }
    structure.appendBarcode(type: barcodeType, data: barcodeData)
    if let documentImage { structure.append("document-image", .png(documentImage)) }
    if let faceImage { structure.append("face-image", .png(faceImage)) }
    return structure
  }

  public init(structure: MessageStructure) throws {
    guard structure.name == Self.structureName else { throw MessageDecodingError(field: "name") }
    times = try structure.readTimes()
    session = try structure.required("session", structure.uint)
    desk = structure.string("desk")
    side = try structure.required("side", as: Side.self)
    documentClass = try structure.required("document-class", as: DocumentClass.self)
    mrzLines = structure.string("mrz").map(MRZText.lines(of:))
    barcodeType = structure.string("barcode-type")
    barcodeData = structure.barcodeData()
    documentImage = structure.png("document-image")
    faceImage = structure.png("face-image")
  }
}
