extension MRZRow {
  /// A row showing this many characters, not running off the frame, is
  /// taken for a whole MRZ row: most of a TD1 row (30), far more than a
  /// line of ordinary capitals at a regular pitch.
  public static let minimumCharactersOfAWholeRow = 25

  /// The rows showing most of an MRZ row and not running off the frame.
  static func wholeRows(of rows: [MRZRow], frameWidth: Int, frameHeight: Int) -> [MRZRow] {
    rows.filter {
      $0.characters.count >= minimumCharactersOfAWholeRow
        && !$0.runsOffFrame(width: frameWidth, height: frameHeight)
    }
  }

  /// The largest document with an MRZ: a TD3 page, 125 x 88 mm.
  static let largestDocumentMillimetres = (along: 125.0, across: 88.0)
  /// How much larger than the largest document at the row's print size an
  /// outline may be and still be that document: perspective enlarges the
  /// side of a tilted page nearest the camera (by a quarter or so at
  /// 60 degrees, the page's far side holding the MRZ).
  public static let largestDocumentSlack = 1.5

  /// The largest area, in pixels, that the document holding this row can
  /// cover (ICAO 9303 prints every MRZ at 10 characters per inch): a
  /// region holding a whole row and larger than this takes in the desk
  /// around the document (a white desk's bright region filling the frame),
  /// whatever the row's length (a row partly hidden shows fewer characters
  /// than its format's).
  public var largestDocumentArea: Double {
    let pixelsPerMillimetre = pitch / MRZPrint.pitchMillimetres
    let size = Self.largestDocumentMillimetres
    return Self.largestDocumentSlack * size.along * size.across * pixelsPerMillimetre
      * pixelsPerMillimetre
  }

  /// The area, in pixels, of the smallest document with an MRZ whose rows
  /// are at least as long as this one shows (`MRZPrint.smallestDocument`:
  /// an ID-1 card for a row cut short by the frame).
  public var smallestDocumentArea: Double {
    let print = MRZPrint(
      pitch: pitch, rowsAlongWidth: alongWidth, longestRowLength: characters.count)
    let (along, across) = print.smallestDocument
    return along * across
  }
}
