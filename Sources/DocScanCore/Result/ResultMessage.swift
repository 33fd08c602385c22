/// The `docscan-result` bus message (SPEC): the document of one session,
/// posted once when it is scanned. The JSON line written to
/// `results-location` is this structure (`JSONLine`).
public struct ResultMessage: Equatable, Sendable {
  public static let structureName = "docscan-result"

  public var times: StreamTimes
  public var session: UInt32
  /// `result-id`: made with the result (`ResultID`), the same in the bus
  /// message, the JSON line and anything published from it.
  public var resultID: String
  /// `desk`: the element's `desk` property; nil (field absent) when unset.
  public var desk: String?
  public var documentClass: DocumentClass
  /// nil without an MRZ (`mrz-format` and `mrz` are then absent).
  public var mrzFormat: MRZFormat?
  public var mrzLines: [String]?
  /// Every check digit of the MRZ holds.
  public var mrzValid: Bool
  public var documentNumber: String
  public var surname: String
  public var givenNames: String
  public var nationality: String
  public var issuer: String
  public var sex: String
  public var optionalData: String
  /// ISO 8601 `YYYY-MM-DD`; nil (field absent) when the document does not
  /// give the whole date (an unknown date of birth is written with fillers).
  public var dateOfBirth: String?
  public var dateOfExpiry: String?
  /// The barcode read (`barcode-type`, `barcode-data`); nil without one.
  public var barcodeType: String?
  public var barcodeData: BarcodeData?
  /// The AAMVA elements of the barcode (`barcode-fields`, a nested
  /// structure named `aamva`: element ID to value, the first of an ID that
  /// occurs twice); nil when the barcode is not AAMVA.
  public var barcodeFields: [AAMVAElement]?
  public var dataMatch: DataMatch
  public var mismatchedFields: [String]
  public var mrzExtracted: Bool
  public var barcodeExtracted: Bool
  public var vizExtracted: Bool
  public var documentImageExtracted: Bool
  public var faceImageExtracted: Bool
  public var framesAnalyzed: UInt32
  /// Stream time from the session's start to the result, in nanoseconds;
  /// nil when the stream had no times (posted as GST_CLOCK_TIME_NONE).
  public var elapsed: UInt64?
  /// `document-image` and `face-image` (PNG), with `attach-images=true`.
  public var documentImage: [UInt8]?
  public var faceImage: [UInt8]?

  public init(
    times: StreamTimes, session: UInt32, documentClass: DocumentClass, mrzFormat: MRZFormat?,
    mrzLines: [String]?, mrzValid: Bool, documentNumber: String, surname: String,
    givenNames: String, nationality: String, issuer: String, sex: String, optionalData: String,
    dateOfBirth: String?, dateOfExpiry: String?, dataMatch: DataMatch, mismatchedFields: [String],
    mrzExtracted: Bool, barcodeExtracted: Bool, vizExtracted: Bool,
    documentImageExtracted: Bool, faceImageExtracted: Bool, framesAnalyzed: UInt32,
    elapsed: UInt64?, barcodeType: String? = nil, barcodeData: BarcodeData? = nil,
    barcodeFields: [AAMVAElement]? = nil, resultID: String = ResultID.make(), desk: String? = nil
  ) {
    self.times = times
    self.session = session
    self.resultID = resultID
    self.desk = desk
    self.documentClass = documentClass
    self.mrzFormat = mrzFormat
    self.mrzLines = mrzLines
    self.mrzValid = mrzValid
    self.documentNumber = documentNumber
    self.surname = surname
    self.givenNames = givenNames
    self.nationality = nationality
    self.issuer = issuer
    self.sex = sex
    self.optionalData = optionalData
    self.dateOfBirth = dateOfBirth
    self.dateOfExpiry = dateOfExpiry
    self.dataMatch = dataMatch
    self.mismatchedFields = mismatchedFields
    self.mrzExtracted = mrzExtracted
    self.barcodeExtracted = barcodeExtracted
    self.vizExtracted = vizExtracted
    self.documentImageExtracted = documentImageExtracted
    self.faceImageExtracted = faceImageExtracted
    self.framesAnalyzed = framesAnalyzed
    self.elapsed = elapsed
    self.barcodeType = barcodeType
    self.barcodeData = barcodeData
    self.barcodeFields = barcodeFields
  }

  /// The result of a document read from its MRZ alone: one source of data,
  /// so nothing to compare; images are added by the session.
  public init(
    record: MRZRecord, times: StreamTimes, session: UInt32, framesAnalyzed: UInt32,
    elapsed: UInt64?
  ) {
    self.init(
      times: times, session: session, documentClass: DocumentClass(record),
      mrzFormat: record.format, mrzLines: record.lines, mrzValid: record.isValid,
      documentNumber: record.documentNumber, surname: record.surname,
      givenNames: record.givenNames, nationality: record.nationality, issuer: record.issuer,
      sex: record.sex, optionalData: record.optionalData,
      dateOfBirth: record.dateOfBirth?.iso8601, dateOfExpiry: record.dateOfExpiry?.iso8601,
      dataMatch: .notAvailable, mismatchedFields: [], mrzExtracted: true,
      barcodeExtracted: false, vizExtracted: false, documentImageExtracted: false,
      faceImageExtracted: false, framesAnalyzed: framesAnalyzed, elapsed: elapsed)
  }

  public var structure: MessageStructure {
    var structure = MessageStructure(name: Self.structureName)
    structure.appendTimes(times)
    structure.append("session", .uint(session))
    structure.append("result-id", .string(resultID))
    if let desk { structure.append("desk", .string(desk)) }
    structure.append("document-class", .string(documentClass.rawValue))
    if let mrzFormat { structure.append("mrz-format", .string(mrzFormat.rawValue)) }
    if let mrzLines { structure.append("mrz", .string(MRZText.joined(mrzLines))) }
    structure.append("mrz-valid", .boolean(mrzValid))
    structure.append("document-number", .string(documentNumber))
    structure.append("surname", .string(surname))
    structure.append("given-names", .string(givenNames))
    structure.append("nationality", .string(nationality))
    structure.append("issuer", .string(issuer))
    structure.append("sex", .string(sex))
    structure.append("optional-data", .string(optionalData))
    if let dateOfBirth { structure.append("date-of-birth", .string(dateOfBirth)) }
    if let dateOfExpiry { structure.append("date-of-expiry", .string(dateOfExpiry)) }
    structure.appendBarcode(type: barcodeType, data: barcodeData)
    if let barcodeFields {
      structure.append("barcode-fields", .structure(Self.fieldsStructure(barcodeFields)))
    }
    structure.append("data-match", .string(dataMatch.rawValue))
    structure.append("mismatched-fields", .strings(mismatchedFields))
    structure.append("mrz-extracted", .boolean(mrzExtracted))
    structure.append("barcode-extracted", .boolean(barcodeExtracted))
    structure.append("viz-extracted", .boolean(vizExtracted))
    structure.append("document-image-extracted", .boolean(documentImageExtracted))
    structure.append("face-image-extracted", .boolean(faceImageExtracted))
    structure.append("frames-analyzed", .uint(framesAnalyzed))
    structure.append("elapsed", .uint64(elapsed ?? MessageStructure.clockTimeNone))
    if let documentImage { structure.append("document-image", .png(documentImage)) }
    if let faceImage { structure.append("face-image", .png(faceImage)) }
    return structure
  }

  public init(structure: MessageStructure) throws {
    guard structure.name == Self.structureName else { throw MessageDecodingError(field: "name") }
    let s = structure
    times = try s.readTimes()
    session = try s.required("session", s.uint)
    resultID = try s.required("result-id", s.string)
    desk = s.string("desk")
    documentClass = try s.required("document-class", as: DocumentClass.self)
    mrzFormat = try s.string("mrz-format").map { _ in
      try s.required("mrz-format", as: MRZFormat.self)
    }
    mrzLines = s.string("mrz").map(MRZText.lines(of:))
    mrzValid = try s.required("mrz-valid", s.boolean)
    documentNumber = try s.required("document-number", s.string)
    surname = try s.required("surname", s.string)
    givenNames = try s.required("given-names", s.string)
    nationality = try s.required("nationality", s.string)
    issuer = try s.required("issuer", s.string)
    sex = try s.required("sex", s.string)
    optionalData = try s.required("optional-data", s.string)
    dateOfBirth = s.string("date-of-birth")
    dateOfExpiry = s.string("date-of-expiry")
    barcodeType = s.string("barcode-type")
    barcodeData = s.barcodeData()
    barcodeFields = s.structure("barcode-fields").map { nested in
      nested.fields.compactMap { field in
        guard case .string(let value) = field.value else { return nil }
        return AAMVAElement(id: field.name, value: value)
      }
    }
    dataMatch = try s.required("data-match", as: DataMatch.self)
    mismatchedFields = try s.required("mismatched-fields", s.strings)
    mrzExtracted = try s.required("mrz-extracted", s.boolean)
    barcodeExtracted = try s.required("barcode-extracted", s.boolean)
    vizExtracted = try s.required("viz-extracted", s.boolean)
    documentImageExtracted = try s.required("document-image-extracted", s.boolean)
    faceImageExtracted = try s.required("face-image-extracted", s.boolean)
    framesAnalyzed = try s.required("frames-analyzed", s.uint)
    let elapsed = try s.required("elapsed", s.uint64)
    self.elapsed = elapsed == MessageStructure.clockTimeNone ? nil : elapsed
    documentImage = s.png("document-image")
    faceImage = s.png("face-image")
  }

  /// The nested `barcode-fields` structure: each element ID once, in
  /// payload order (a GstStructure holds a field name once).
  static func fieldsStructure(_ elements: [AAMVAElement]) -> MessageStructure {
    var nested = MessageStructure(name: "aamva")
    for element in elements where nested[element.id] == nil {
      nested.append(element.id, .string(element.value))
    }
    return nested
  }
}
