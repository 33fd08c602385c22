/// The result of a session in `mode=barcode`: the barcode, and when its
/// payload is an AAMVA DL/ID file, the card's fields mapped to the SPEC
/// fields and every element in `barcode-fields`.
extension ResultMessage {
  public init(
    barcode: ScannedBarcode, times: StreamTimes, session: UInt32, framesAnalyzed: UInt32,
    elapsed: UInt64?
  ) {
    let record = barcode.aamva
    self.init(
      times: times, session: session, documentClass: DocumentClass(barcodeRecord: record),
      mrzFormat: nil, mrzLines: nil, mrzValid: false,
      documentNumber: record?.documentNumber ?? "", surname: record?.surname ?? "",
      givenNames: record?.givenNames ?? "", nationality: record?.nationality ?? "",
      issuer: record?.issuer ?? "", sex: record?.sex ?? "", optionalData: "",
      dateOfBirth: record?.dateOfBirth, dateOfExpiry: record?.dateOfExpiry,
      dataMatch: .notAvailable, mismatchedFields: [], mrzExtracted: false,
      barcodeExtracted: true, vizExtracted: false, documentImageExtracted: false,
      faceImageExtracted: false, framesAnalyzed: framesAnalyzed, elapsed: elapsed,
      barcodeType: barcode.symbology, barcodeData: BarcodeData(barcode),
      barcodeFields: record.map { Self.distinctFields($0.elements) })
  }

  /// Each element ID once (the first), and only IDs a GstStructure field
  /// can be named by (AAMVA's are three letters or digits, a letter first).
  static func distinctFields(_ elements: [AAMVAElement]) -> [AAMVAElement] {
    var seen = Set<String>()
    return elements.filter { element in
      guard let first = element.id.unicodeScalars.first, first.properties.isAlphabetic,
        element.id.unicodeScalars.allSatisfy({
          $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0)
        })
      else { return false }
      return seen.insert(element.id).inserted
    }
  }
}

extension DocumentClass {
  /// `driver-license` or `id-card` for an AAMVA payload, else `barcode`.
  init(barcodeRecord record: AAMVARecord?) {
    switch record?.documentClass {
    case .driverLicense?: self = .driverLicense
    case .idCard?: self = .idCard
    case nil: self = .barcode
    }
  }
}

extension ResultMessage {
  /// The result of a card whose MRZ and barcode were both read: the MRZ's
  /// fields (SPEC: the barcode's only where there is no MRZ), the barcode,
  /// and whether an AAMVA barcode agrees with the MRZ
  /// (`MRZBarcodeComparison`); the class is the AAMVA card's when the
  /// barcode is one (a driver licence may carry an MRZ too).
  public init(
    record: MRZRecord, barcode: ScannedBarcode, times: StreamTimes, session: UInt32,
    framesAnalyzed: UInt32, elapsed: UInt64?
  ) {
    self.init(
      record: record, times: times, session: session, framesAnalyzed: framesAnalyzed,
      elapsed: elapsed)
    let card = barcode.aamva
    if card != nil { documentClass = DocumentClass(barcodeRecord: card) }
    barcodeType = barcode.symbology
    barcodeData = BarcodeData(barcode)
    barcodeFields = card.map { Self.distinctFields($0.elements) }
    barcodeExtracted = true
    if let card, let mismatched = MRZBarcodeComparison.mismatchedFields(record, card) {
      dataMatch = mismatched.isEmpty ? .match : .mismatch
      mismatchedFields = mismatched
    }
  }
}
