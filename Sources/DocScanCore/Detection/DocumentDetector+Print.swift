extension DocumentDetector {
  /// `detection` judged again with the MRZ rows seen in the frame: first by
  /// their print's size (`judged(_:print:frameWidth:frameHeight:)`), unless
  /// a whole outline holds the longest row (a document holds its own rows;
  /// a patch of its print taken for a whole document does not, while a
  /// false row, such as a line of large capitals, could wrongly make a
  /// document found whole too close); then, where no document was found, a
  /// row that runs off the frame shows a document the frame cuts
  /// (`MRZRow.runsOffFrame`): `document-partially-visible`, without an
  /// outline (the page's own may not show: a white MRZ band on a white
  /// desk).
  public func judged(
    _ detection: Detection, rows: [MRZRow], frameWidth: Int, frameHeight: Int
  ) -> Detection {
    let gauge = MRZPrintGauge()
    var judged = detection
    let holdsItsRow =
      detection.quad.map { quad in
        !detection.events.contains(.notFullyVisible)
          && gauge.longestRow(of: rows)?.characterCentres.allSatisfy(quad.contains) == true
      } ?? false
    if !holdsItsRow {
      judged = self.judged(
        detection, print: gauge.measure(rows: rows), frameWidth: frameWidth,
        frameHeight: frameHeight)
    }
    if detection.quad == nil, judged.status != .cameraTooClose,
      let shown = shownAreaOfACutDocument(
        rows: rows, frameWidth: frameWidth, frameHeight: frameHeight),
      shown > tooCloseCutAreaFraction * Double(frameWidth * frameHeight)
    {
      return Detection(
        quad: nil, status: .cameraTooClose, events: [.notFullyVisible, .tooClose], shape: nil)
    }
    guard judged.status == .failed,
      rows.contains(where: { $0.runsOffFrame(width: frameWidth, height: frameHeight) })
    else { return judged }
    return Detection(
      quad: nil, status: .documentPartiallyVisible, events: [.notFullyVisible], shape: nil)
  }

  /// `detection` judged again with the MRZ print seen in the frame: when
  /// even the smallest document with an MRZ whose rows are that long,
  /// printed that large, would cover more than `tooCloseAreaFraction` of
  /// the frame, or cannot fit the frame along its rows or across them and
  /// would cover more than `tooCloseCutAreaFraction` of it where it meets
  /// the frame, the camera is too close, as for an outline found that
  /// large, whatever outline was found (a card filling the frame shows at
  /// most its MRZ band, or nothing, as an outline, or a patch of its own
  /// print taken for a whole document: such an outline is dropped with
  /// what was judged from it). Its document is then not fully visible when
  /// it cannot fit the frame.
  public func judged(
    _ detection: Detection, print: MRZPrint?, frameWidth: Int, frameHeight: Int
  ) -> Detection {
    guard let print, detection.status != .cameraTooClose else { return detection }
    let (along, across) = print.smallestDocument
    let frameAlong = Double(print.rowsAlongWidth ? frameWidth : frameHeight)
    let frameAcross = Double(print.rowsAlongWidth ? frameHeight : frameWidth)
    let fits = along <= frameAlong && across <= frameAcross
    let frameArea = frameAlong * frameAcross
    let overlap = min(along, frameAlong) * min(across, frameAcross)
    guard
      along * across > tooCloseAreaFraction * frameArea
        || (!fits && overlap > tooCloseCutAreaFraction * frameArea)
    else { return detection }
    let cut = detection.events.contains(.notFullyVisible)
    var events: [FeedbackEvent] = []
    if cut || !fits { events.append(.notFullyVisible) }
    events.append(.tooClose)
    return Detection(
      quad: cut ? detection.quad : nil, status: .cameraTooClose, events: events, shape: nil)
  }

  /// The least a document whose MRZ rows run off the frame shows of itself
  /// inside the frame, in pixels: along its rows, as far as its rows are
  /// seen; across them, the smallest document with such rows
  /// (`MRZPrint.smallestDocument`), as far as the frame reaches on the side
  /// the document lies. ICAO prints the rows along the document's edge, at
  /// most `MRZBandDocument.bottomMargin` capital heights of it beyond the
  /// last row's centre line, so rows within that of a border across them
  /// have the document on their other side; rows with room on both sides
  /// count the smaller. Nil when no row runs off the frame.
  func shownAreaOfACutDocument(rows: [MRZRow], frameWidth: Int, frameHeight: Int) -> Double? {
    let gauge = MRZPrintGauge()
    guard let longest = gauge.longestRow(of: rows),
      longest.runsOffFrame(width: frameWidth, height: frameHeight),
      let print = gauge.measure(rows: rows)
    else { return nil }
    let band = rows.filter { $0.alongWidth == longest.alongWidth }
    let along = { (box: PixelRect) in Double(longest.alongWidth ? box.x : box.y) }
    let alongEnd = { (box: PixelRect) in
      Double(longest.alongWidth ? box.x + box.width : box.y + box.height)
    }
    let across = { (box: PixelRect) in Double(longest.alongWidth ? box.y : box.x) }
    let acrossEnd = { (box: PixelRect) in
      Double(longest.alongWidth ? box.y + box.height : box.x + box.width)
    }
    let characters = band.flatMap(\.printedCharacters)
    guard let first = characters.map(along).min(), let last = characters.map(alongEnd).max(),
      let low = characters.map(across).min(), let high = characters.map(acrossEnd).max()
    else { return nil }
    let frameAcross = Double(longest.alongWidth ? frameHeight : frameWidth)
    let (roomBefore, roomAfter) = (low, frameAcross - high)
    let margin = MRZBandDocument.bottomMargin * longest.capitalHeight
    let room =
      roomBefore < margin
      ? roomAfter : roomAfter < margin ? roomBefore : min(roomBefore, roomAfter)
    let rowsAcross = high - low
    return (last - first) * min(print.smallestDocument.across, rowsAcross + room)
  }
}
