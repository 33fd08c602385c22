/// `mode=front`: a result that is the front's pictures only. Nothing was
/// read, so every text field is empty and the class is `unknown` (an
/// outline's shape alone cannot tell an ID card from a licence); the
/// session adds the pictures.
extension ResultMessage {
  public init(frontAt times: StreamTimes, session: UInt32, framesAnalyzed: UInt32, elapsed: UInt64?)
  {
    self.init(
      times: times, session: session, documentClass: .unknown, mrzFormat: nil, mrzLines: nil,
      mrzValid: false, documentNumber: "", surname: "", givenNames: "", nationality: "",
      issuer: "", sex: "", optionalData: "", dateOfBirth: nil, dateOfExpiry: nil,
      dataMatch: .notAvailable, mismatchedFields: [], mrzExtracted: false,
      barcodeExtracted: false, vizExtracted: false, documentImageExtracted: false,
      faceImageExtracted: false, framesAnalyzed: framesAnalyzed, elapsed: elapsed)
  }
}
