/// The messages a session posts for what one frame captured, and their log
/// lines (personal data masked as `LogPrivacy` says): a `docscan-side` for
/// each captured side and the `docscan-result`, with the desk and, when
/// `attach-images` is set, the pictures.
struct CaptureRecorder {
  var session: UInt32
  var desk: String?
  var framesAnalyzed: UInt32
  var times: StreamTimes
  /// Stream time from the session's start to this frame.
  var elapsed: UInt64?
  var settings: SessionSettings

  /// `mode=barcode`: each new barcode is a `docscan-side`; the first frame
  /// with one ends the session with its result, which is returned.
  func recordBarcodes(
    _ fresh: [ScannedBarcode], into messages: inout [MessageStructure],
    _ logs: inout [SessionLogEntry]
  ) -> ResultMessage? {
    for barcode in fresh {
      let message = barcodeSide(barcode)
      messages.append(message.structure)
      logs.append(
        SessionLogEntry(
          .info,
          "session \(session): \(barcode.symbology) barcode read (\(barcode.bytes.count) "
            + "bytes, \(message.documentClass.rawValue))"))
    }
    guard let barcode = BarcodeFlow.resultBarcode(fresh) else { return nil }
    var scanned = ResultMessage(
      barcode: barcode, times: times, session: session, framesAnalyzed: framesAnalyzed,
      elapsed: elapsed)
    scanned.desk = desk
    messages.append(scanned.structure)
    logs.append(
      SessionLogEntry(
        .info,
        "session \(session): \(scanned.documentClass.rawValue) scanned after "
          + "\(framesAnalyzed) frames, document number "
          + LogPrivacy.personal(scanned.documentNumber, at: .info, redact: settings.redact)))
    return scanned
  }

  /// Posts what a frame captured, makes the captured side's picture and
  /// returns the session's result when the capture finished the document.
  /// `mrzUpsideDown` reads the MRZ on a kept frame (`SidePictures`).
  func record(
    _ capture: SideFlow.Capture, pictures: inout SidePictures,
    mrzUpsideDown: (KeptFrame) -> Bool?,
    into messages: inout [MessageStructure], _ logs: inout [SessionLogEntry]
  ) -> ResultMessage? {
    switch capture {
    case .side(let side, let record):
      let documentClass =
        record.map(DocumentClass.init) ?? (settings.mode == .front ? .unknown : .idCard)
      // A side with an MRZ carries the portrait unless it is a card's back.
      pictures.keep(
        side, from: record == nil ? .plain : .mrz, withPortrait: side == .front,
        mrzUpsideDown: mrzUpsideDown)
      var message = SideMessage(
        times: times, session: session, side: side, documentClass: documentClass,
        mrzLines: record?.lines, desk: desk)
      if settings.attachImages {
        (message.documentImage, message.faceImage) = pictures.files(of: side)
      }
      messages.append(message.structure)
      logs.append(
        SessionLogEntry(
          .info,
          "session \(session): \(side.rawValue) side captured (\(documentClass.rawValue)"
            + (record.map { ", MRZ \($0.format.rawValue)" } ?? "") + ")"))
      return nil
    case .barcode(let barcode):
      pictures.keep(.barcode, from: .barcode, withPortrait: false, mrzUpsideDown: mrzUpsideDown)
      var message = barcodeSide(barcode)
      if settings.attachImages {
        (message.documentImage, message.faceImage) = pictures.files(of: .barcode)
      }
      messages.append(message.structure)
      logs.append(
        SessionLogEntry(
          .info,
          "session \(session): barcode side captured (\(barcode.symbology), "
            + "\(barcode.bytes.count) bytes, \(message.documentClass.rawValue))"))
      return nil
    case .frontOnly:
      var scanned = ResultMessage(
        frontAt: times, session: session, framesAnalyzed: framesAnalyzed, elapsed: elapsed)
      finish(&scanned, pictures: &pictures, into: &messages)
      logs.append(
        SessionLogEntry(
          .info,
          "session \(session): front scanned after \(framesAnalyzed) frames (document "
            + "image: \(scanned.documentImageExtracted), portrait: \(scanned.faceImageExtracted))"))
      return scanned
    case .document(let record, let barcode):
      guard var scanned = result(record, barcode) else { return nil }
      finish(&scanned, pictures: &pictures, into: &messages)
      logs += documentLogs(scanned, record: record)
      return scanned
    }
  }

  /// The `docscan-side` of a barcode; its class is the AAMVA card's.
  private func barcodeSide(_ barcode: ScannedBarcode) -> SideMessage {
    SideMessage(
      times: times, session: session, side: .barcode,
      documentClass: DocumentClass(barcodeRecord: barcode.aamva),
      barcodeType: barcode.symbology, barcodeData: BarcodeData(barcode), desk: desk)
  }

  /// The result of a document read from its MRZ, its barcode or both.
  private func result(_ record: MRZRecord?, _ barcode: ScannedBarcode?) -> ResultMessage? {
    switch (record, barcode) {
    case (let record?, let barcode?):
      ResultMessage(
        record: record, barcode: barcode, times: times, session: session,
        framesAnalyzed: framesAnalyzed, elapsed: elapsed)
    case (let record?, nil):
      ResultMessage(
        record: record, times: times, session: session, framesAnalyzed: framesAnalyzed,
        elapsed: elapsed)
    case (nil, let barcode?):
      ResultMessage(
        barcode: barcode, times: times, session: session, framesAnalyzed: framesAnalyzed,
        elapsed: elapsed)
    case (nil, nil):
      nil
    }
  }

  /// Adds the desk and the pictures to a result and posts it.
  private func finish(
    _ scanned: inout ResultMessage, pictures: inout SidePictures,
    into messages: inout [MessageStructure]
  ) {
    scanned.desk = desk
    if let (side, picture) = pictures.resultPicture {
      scanned.documentImageExtracted = true
      scanned.faceImageExtracted = picture.portrait != nil
      if settings.attachImages {
        (scanned.documentImage, scanned.faceImage) = pictures.files(of: side)
      }
    }
    messages.append(scanned.structure)
  }

  private func documentLogs(_ scanned: ResultMessage, record: MRZRecord?) -> [SessionLogEntry] {
    let redact = settings.redact
    var logs = [
      SessionLogEntry(
        .info,
        "session \(session): \(scanned.documentClass.rawValue) scanned after "
          + "\(framesAnalyzed) frames, document number "
          + LogPrivacy.personal(scanned.documentNumber, at: .info, redact: redact)
          + ", surname " + LogPrivacy.personal(scanned.surname, at: .info, redact: redact)
          + (scanned.dataMatch == .notAvailable
            ? ""
            : ", MRZ and barcode: \(scanned.dataMatch.rawValue)"
              + (scanned.mismatchedFields.isEmpty
                ? "" : " (\(scanned.mismatchedFields.joined(separator: ", ")))"))
      )
    ]
    if let record {
      logs.append(
        SessionLogEntry(
          .log, "session \(session): MRZ " + LogPrivacy.mrz(record.lines, at: .log, redact: redact)
        ))
    }
    return logs
  }

  /// The debug lines when the fused MRZ keeps failing its check digits.
  func unverifiableLogs(_ lines: [String], today: MRZDate) -> [SessionLogEntry] {
    let failed = MRZParser.parse(lines, today: today)?.failedChecks ?? []
    return [
      SessionLogEntry(
        .debug,
        "session \(session): the MRZ keeps failing its check digits ("
          + (failed.isEmpty ? "field kinds or dates" : failed.joined(separator: ", "))
          + "): cannot be verified"),
      SessionLogEntry(
        .log,
        "session \(session): unverifiable MRZ "
          + LogPrivacy.mrz(lines, at: .log, redact: settings.redact)),
    ]
  }
}
