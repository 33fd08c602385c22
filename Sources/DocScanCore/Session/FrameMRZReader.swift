/// Reads the MRZ of one analysed frame: which images are tried and in what
/// order (`images`), and in which orientation (quarter turns, the one that
/// worked last first).
struct FrameMRZReader: Sendable {
  /// What one frame's MRZ reading gave.
  struct Outcome {
    /// The MRZ read; nil when none was.
    var reading: MRZReading?
    /// Which way up the MRZ lay on the dewarped document; nil when it was
    /// read in the whole frame (or not at all).
    var upsideDownOnDocument: Bool?
    var logs: [SessionLogEntry] = []
  }

  let reader: any MRZTextReader
  /// Clockwise quarter turns under which the last MRZ was read (the
  /// document lies upside down or sideways): tried first next time.
  private(set) var quarterTurns = 0

  init(reader: any MRZTextReader) {
    self.reader = reader
  }

  /// The images to read an MRZ in, in the order they are tried: the
  /// dewarped document turned landscape, whatever the quality gate says
  /// (check digits and fusion decide what is accepted), and the whole frame
  /// as it is, where the MRZ is also found when the document fills the
  /// frame or its outline was missed or is another part of the picture. In
  /// `mrz` mode the whole frame is always read; otherwise only when no
  /// document was found. The whole frame goes first when the outline is
  /// not a whole document in view (`success`: it is then more often a part
  /// of the picture than the document), and when the document is larger in
  /// the frame than its dewarped copy (the frame has more pixels per
  /// character then). `inInk`: both are the ink image
  /// (`AnalysisFrame.readingImage`, `MRZImageTurns`), where coloured print
  /// fades.
  static func images(
    _ frame: AnalysisFrame, _ detection: Detection, _ document: LumaImage?, mode: ScanMode,
    inInk: Bool = false, dewarper: DocumentDewarper
  ) -> [(image: LumaImage, wholeFrame: Bool)] {
    var images: [(image: LumaImage, wholeFrame: Bool)] = []
    if let document {
      let read = dewarper.documentForReading(frame, detection, inInk: inInk) ?? document
      let landscape = read.height > read.width ? read.rotatedClockwise() : read
      images.append((landscape, false))
    }
    if mode == .mrz || document == nil {
      let whole = (frame.readingImage(atSourceSize: false, inInk: inInk) ?? frame.luma, true)
      let longSide = detection.quad.map { $0.sides.max() ?? 0 } ?? 0
      if detection.status == .success && longSide <= Double(ScanSession.dewarpedLongSide) {
        images.append(whole)
      } else {
        images.insert(whole, at: 0)
      }
    }
    return images
  }

  /// Reads `images` in order until one gives an MRZ.
  mutating func read(
    _ images: [(image: LumaImage, wholeFrame: Bool)], session: UInt32, redact: Bool
  ) -> Outcome {
    var outcome = Outcome()
    for image in images where outcome.reading == nil {
      guard let reading = read(image.image, sideways: image.wholeFrame) else { continue }
      outcome.reading = reading
      outcome.logs.append(
        log(reading, wholeFrame: image.wholeFrame, session: session, redact: redact))
      if !image.wholeFrame {
        outcome.upsideDownOnDocument = reading.upsideDown != (quarterTurns == 2)
      }
    }
    return outcome
  }

  /// Whether the MRZ lies upside down on a landscape dewarped document; nil
  /// when no MRZ is read there. The turn found here is not the frames'
  /// hint for the next readings.
  mutating func upsideDown(on landscape: LumaImage) -> Bool? {
    // Such a reader is asked once, as it lies (`read` does the same).
    if reader.readsAnyOrientation { return reader.mrzUpsideDown(in: landscape) }
    let hint = quarterTurns
    defer { quarterTurns = hint }
    guard let reading = read(landscape, sideways: false) else { return nil }
    return reading.upsideDown != (quarterTurns == 2)
  }

  /// Reads the MRZ on an image in every orientation until one reads: as
  /// it is and a half turn, and when `sideways` (a whole frame, where the
  /// document may lie sideways) a quarter turn either way. The orientation
  /// that worked last is tried first. A reader that settles the half turn
  /// itself is asked once per quarter turn.
  mutating func read(_ image: LumaImage, sideways: Bool) -> MRZReading? {
    let last = sideways ? quarterTurns : quarterTurns / 2 * 2
    var turns =
      reader.readsAnyOrientation ? [last % 2] : [last, (last + 2) % 4]
    if sideways {
      turns += reader.readsAnyOrientation ? [1 - last % 2] : [(last + 1) % 4, (last + 3) % 4]
    }
    for turn in turns {
      if let reading = reader.readMRZ(in: image.rotated(quarterTurns: turn)) {
        quarterTurns = turn
        return reading
      }
    }
    return nil
  }

  /// For development (`GST_DEBUG=docscan:7`): what each view read and where.
  private func log(_ reading: MRZReading, wholeFrame: Bool, session: UInt32, redact: Bool)
    -> SessionLogEntry
  {
    let views = reading.opinions.map {
      "\($0.source) " + LogPrivacy.mrz($0.lines, at: .trace, redact: redact)
    }
    return SessionLogEntry(
      .trace,
      "session \(session): MRZ read in the \(wholeFrame ? "whole frame" : "document"), "
        + "quarter turns \(quarterTurns): " + views.joined(separator: "; "))
  }
}
