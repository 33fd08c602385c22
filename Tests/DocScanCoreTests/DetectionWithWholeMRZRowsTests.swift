import DocScanCore
import XCTest

/// A whole MRZ row in view (25 characters or more, not running off the
/// frame) tells detection where the document is and how large it can be.
final class DetectionWithWholeMRZRowsTests: XCTestCase {
  /// `count` characters at `pitch` along the width, their tops at `y`,
  /// centred in a 1280-pixel frame; capitals `capital` tall.
  func row(count: Int = 44, pitch: Double, capital: Double? = nil, y: Int) -> MRZRow {
    let start = 640 - Double(count) * pitch / 2
    let height = Int(capital ?? pitch)
    let characters = (0..<count).map {
      PixelRect(x: Int(start + Double($0) * pitch), y: y, width: Int(pitch * 0.8), height: height)
    }
    return MRZRow(
      characters: characters, alongWidth: true, capitalHeight: Double(height), pitch: pitch)
  }

  func testARegionFarLargerThanAnyDocumentWithTheRowIsTheDesk() {
    // A white desk's bright region fills the frame around a visa cut by
    // the top border (as a development frame showed it): its 44-character
    // row at 17.5 px pitches allows a page of at most 861 x 606 px, 1.5
    // times that with perspective; the cut page's own region is chosen.
    let visaRow = row(pitch: 17.5, y: 280)
    let desk = Outline(
      quad: .values([0, 0, 1279, 0, 1279, 719, 0, 719]), source: .brightRegion, fill: 0.99,
      sideSupport: 1, weakestSideSupport: 1)
    let page = Outline(
      quad: .values([200, 0, 1080, 0, 1080, 330, 200, 330]), source: .brightRegion, fill: 0.99,
      sideSupport: 1, weakestSideSupport: 1)
    let detect = { (rows: [MRZRow]) in
      DocumentDetector().detect(
        candidates: [desk, page], frameWidth: 1280, frameHeight: 720, mrzRows: rows)
    }
    XCTAssertEqual(detect([]).quad, desk.quad)
    let detection = detect([visaRow])
    XCTAssertEqual(detection.quad, page.quad)
    XCTAssertEqual(detection.status, .documentPartiallyVisible)
    // Printed large enough to be a page filling the frame, it may be one.
    XCTAssertEqual(detect([row(pitch: 25, y: 280)]).quad, desk.quad)
  }

  func testABrightRegionFillingTheFrameRoundWholeRowsIsNotTheDocument() {
    // A white desk's bright region fills the frame round a card whose
    // three rows lie whole in view: its outline is the frame's. The card
    // its band gives is the document.
    let (image, rows) = cardOnAWhiteDesk()
    let desk = Outline(
      quad: .values([0, 0, 1279, 0, 1279, 719, 0, 719]), source: .brightRegion, fill: 0.99,
      sideSupport: 1, weakestSideSupport: 1)
    let seen = DocumentDetector().detect(
      candidates: [desk], frameWidth: 1280, frameHeight: 720, image: image, mrzRows: rows)
    XCTAssertEqual(seen.status, .success)
    XCTAssertLessThan(seen.quad?.area ?? .infinity, 0.3 * 1280 * 720)
    // Without rows it is all there is: a page filling the frame.
    XCTAssertEqual(
      DocumentDetector().detect(candidates: [desk], frameWidth: 1280, frameHeight: 720).status,
      .cameraTooClose)
  }

  func testAWholeOutlineBesideTheRowsIsNotTheDocument() {
    // The photo of a visa whose MRZ rows lie whole below it, the rest of
    // the page lost on the desk: a document holds its MRZ.
    let visaRow = row(pitch: 17.5, y: 280)
    let photo = Outline(
      quad: .values([98, 38, 366, 38, 366, 178, 98, 178]), source: .straightSides, fill: 0.72)
    let detect = { (candidates: [Outline], rows: [MRZRow]) in
      DocumentDetector().detect(
        candidates: candidates, frameWidth: 1280, frameHeight: 720, mrzRows: rows)
    }
    XCTAssertEqual(detect([photo], []).quad, photo.quad)
    XCTAssertEqual(detect([photo], [visaRow]), .none)
    // The page round both is the document.
    let page = Outline(
      quad: .values([60, 20, 1000, 20, 1000, 340, 60, 340]), source: .unlikeDesk, fill: 0.99)
    XCTAssertEqual(detect([photo, page], [visaRow]).quad, page.quad)
    // A row of a few characters (a line of capitals at a regular pitch)
    // says nothing.
    XCTAssertEqual(detect([photo], [row(count: 20, pitch: 17.5, y: 280)]).quad, photo.quad)
  }

  func testAnOutlineReachingFarBeyondACardsRowsIsNotTheCard() {
    // A card lying flat on a wood desk (as a validation frame showed it):
    // its edges give the card, 552 x 350 px; a straight line of the grain
    // 150 px beyond its far side, the card's sides and its MRZ band's edge
    // make a larger straight-sided quad, 1.4 card heights across the rows,
    // which the largest-outline rule took and called too steep. Three rows
    // of 30 at 16.5 px pitches are an ID-1 card's: 54 mm is 351 px.
    let rows = [494, 520, 546].map { row(count: 30, pitch: 16.5, capital: 16, y: $0) }
    let card = Outline(
      quad: .values([364, 246, 916, 246, 916, 596, 364, 596]), source: .edges, fill: 1.01,
      sideSupport: 0.98, weakestSideSupport: 0.97)
    let grain = Outline(
      quad: .values([364, 94, 916, 94, 916, 484, 364, 484]), source: .straightSides, fill: 0.64)
    let detect = { (rows: [MRZRow]) in
      DocumentDetector().detect(
        candidates: [card, grain], frameWidth: 1280, frameHeight: 720, mrzRows: rows)
    }
    XCTAssertEqual(detect(rows).quad, card.quad)
    XCTAssertEqual(detect(rows).status, .success)
    // Two rows may be any format's, partly hidden: they bound nothing here.
    XCTAssertNotEqual(detect(Array(rows[1...])).quad, card.quad)
  }

  func testRowsAcrossBoundOnlyAThreeRowCard() {
    let across = MRZRowsAcross()
    let rows = [494, 520, 546].map { row(count: 30, pitch: 16.5, capital: 16, y: $0) }
    // 351 px is the card's 54 mm; 1.25 of it is 439 px.
    let tall = { (height: Double) in
      Quad.values([364, 596 - height, 916, 596 - height, 916, 596, 364, 596])
    }
    XCTAssertFalse(across.reachesBeyondTheDocument(tall(351), rows: rows))
    XCTAssertFalse(across.reachesBeyondTheDocument(tall(430), rows: rows))
    XCTAssertTrue(across.reachesBeyondTheDocument(tall(450), rows: rows))
    XCTAssertFalse(across.reachesBeyondTheDocument(tall(450), rows: Array(rows[..<2])))
    // Held portrait: the rows run down the frame, and the extent across
    // them is the quad's width.
    let turned = [300, 326, 352].map { x in
      MRZRow(
        characters: (0..<30).map {
          PixelRect(x: x, y: 100 + Int(Double($0) * 16.5), width: 16, height: 13)
        },
        alongWidth: false, capitalHeight: 16, pitch: 16.5)
    }
    XCTAssertFalse(
      across.reachesBeyondTheDocument(.values([20, 80, 370, 80, 370, 640, 20, 640]), rows: turned))
    XCTAssertTrue(
      across.reachesBeyondTheDocument(
        .values([-100, 80, 370, 80, 370, 640, -100, 640]), rows: turned))
  }

  func testACutRegionBesideTheRowsIsNotTheDocument() {
    // A card on a white desk, fingers from the bottom border over it (as
    // a development frame showed it): the card gives no region, a
    // finger's region is cut by the border, and the card's three rows lie
    // whole above it.
    let rows = [380, 422, 464].map { row(count: 30, pitch: 28, capital: 26, y: $0) }
    let finger = Outline(
      quad: .values([278, 552, 368, 508, 416, 718, 222, 718]), source: .unlikeDesk, fill: 1.19,
      sideSupport: 0.42, weakestSideSupport: 0)
    let detect = { (rows: [MRZRow]) in
      DocumentDetector().detect(
        candidates: [finger], frameWidth: 1280, frameHeight: 720, mrzRows: rows)
    }
    XCTAssertEqual(detect([]).status, .documentPartiallyVisible)
    XCTAssertEqual(detect(rows), .none)
    // A cut region holding the rows is the card.
    let cutCard = Outline(
      quad: .values([190, 340, 1090, 330, 1090, 719, 190, 719]), source: .unlikeDesk, fill: 0.99,
      sideSupport: 0.6, weakestSideSupport: 0.3)
    let detection = DocumentDetector().detect(
      candidates: [finger, cutCard], frameWidth: 1280, frameHeight: 720, mrzRows: rows)
    XCTAssertEqual(detection.quad, cutCard.quad)
    XCTAssertEqual(detection.status, .documentPartiallyVisible)
  }

  func testACutPageStoppingAtItsWhiteBandHoldsTheRowsJustBelowIt() {
    // A page cut by the top border on a white desk: its region stops at
    // the inner side of its white MRZ band, the rows whole just below.
    let rows = [412, 442].map { row(count: 36, pitch: 20, capital: 18, y: $0) }
    let tinted = Outline(
      quad: .values([250, 0, 1030, 0, 1030, 400, 250, 400]), source: .unlikeDesk, fill: 0.99,
      sideSupport: 0.7, weakestSideSupport: 0.5)
    let detection = DocumentDetector().detect(
      candidates: [tinted], frameWidth: 1280, frameHeight: 720, mrzRows: rows)
    XCTAssertEqual(detection.quad, tinted.quad)
    XCTAssertEqual(detection.status, .documentPartiallyVisible)
  }

  func testARowAgainstTheBorderAcrossItRunsOffTheFrame() {
    // A card upside down, cut by the top border through its last row's
    // capitals: ICAO leaves about two capital heights of card beyond it.
    let cut = row(count: 31, pitch: 23, capital: 20, y: -2)
    XCTAssertTrue(cut.runsOffFrame(width: 1280, height: 720))
    XCTAssertFalse(
      row(count: 31, pitch: 23, capital: 20, y: 30).runsOffFrame(width: 1280, height: 720))
    let bottom = row(count: 31, pitch: 23, capital: 20, y: 700)
    XCTAssertTrue(bottom.runsOffFrame(width: 1280, height: 720))
  }

  func testAMarkBeyondARowsEndIsNotTheRows() {
    // A row 75 px from the left border, and a blob on the desk 3 pitches
    // before its first character, near the border, joined to the run.
    let page = row(count: 30, pitch: 20, y: 400)
    let shift = 75 - page.characters[0].x
    var characters = page.characters.map {
      PixelRect(x: $0.x + shift, y: $0.y, width: $0.width, height: $0.height)
    }
    XCTAssertFalse(
      MRZRow(characters: characters, alongWidth: true, capitalHeight: 20, pitch: 20)
        .runsOffFrame(width: 1280, height: 720))
    characters.insert(PixelRect(x: 10, y: 402, width: 16, height: 18), at: 0)
    XCTAssertFalse(
      MRZRow(characters: characters, alongWidth: true, capitalHeight: 20, pitch: 20)
        .runsOffFrame(width: 1280, height: 720))
    // The same row cut by the border runs off.
    let cut = characters.dropFirst().map {
      PixelRect(x: $0.x - 70, y: $0.y, width: $0.width, height: $0.height)
    }
    XCTAssertTrue(
      MRZRow(characters: Array(cut), alongWidth: true, capitalHeight: 20, pitch: 20)
        .runsOffFrame(width: 1280, height: 720))
  }

  func testACutRegionIsNotBridgedToAQuadNoDocumentIsShapedLike() {
    // A card turned a quarter, mostly out past the right border (as a
    // development frame showed it): its region the frame cuts holds its
    // MRZ band's straight sides, five times as long as wide.
    let cutCard = Outline(
      quad: .values([1064, 30, 1278, 14, 1278, 644, 1108, 652]), source: .unlikeDesk,
      fill: 1.04, sideSupport: 0.5, weakestSideSupport: 0)
    let band = Outline(
      quad: .values([1068.1, 22.4, 1189.2, 20.7, 1225.4, 643.3, 1101.8, 649.6]),
      source: .straightSides, fill: 0.97)
    let detection = DocumentDetector().detect(
      candidates: [cutCard, band], frameWidth: 1280, frameHeight: 720)
    XCTAssertEqual(detection.status, .documentPartiallyVisible)
    XCTAssertEqual(detection.quad, cutCard.quad)
  }

  func testAnOutlineCuttingAWholeRowIsNotTheDocument() {
    // A TD2 card turned a quarter on a white desk (as a development frame
    // showed it): its region unlike the desk holds both 36-character rows;
    // straight sides, one taken from the photo's lower edge, stop short of
    // the rows' last six characters (once laid past the rows just outside
    // them), and the region had been taken as bridged over a hand to them.
    let rows = [MRZRow](
      (0..<2).map { index in
        let characters = (0..<36).map {
          let y = 116 + Double($0) * 14.5
          let x = 630 + 23 * Double(index) - (y - 116) * 34 / 504
          return PixelRect(x: Int(x), y: Int(y), width: 14, height: 11)
        }
        return MRZRow(characters: characters, alongWidth: false, capitalHeight: 14, pitch: 14.5)
      })
    let card = Outline(
      quad: .values([256, 38, 680, 74, 640, 662, 224, 640]), source: .unlikeDesk, fill: 0.99,
      sideSupport: 0.12, weakestSideSupport: 0)
    let cutShort = Outline(
      quad: .values([247, 34.9, 620.4, 62.3, 587.2, 544, 234.6, 582.4]), source: .straightSides,
      fill: 0.65)
    let detect = { (rows: [MRZRow]) in
      DocumentDetector().detect(
        candidates: [card, cutShort], frameWidth: 1280, frameHeight: 720, mrzRows: rows)
    }
    XCTAssertEqual(detect([]).quad, cutShort.quad)
    let detection = detect(rows)
    XCTAssertEqual(detection.quad, card.quad)
    XCTAssertEqual(detection.status, .success)
    // Short of the rows' end by a character, an outline found a little
    // small is still the document.
    let aCharacterShort = Outline(
      quad: .values([247, 34.9, 700, 62.3, 667.2, 618, 234.6, 618]), source: .straightSides,
      fill: 0.9)
    XCTAssertEqual(
      DocumentDetector().detect(
        candidates: [aCharacterShort], frameWidth: 1280, frameHeight: 720, mrzRows: rows
      ).quad, aCharacterShort.quad)
  }

  func testARaggedCutRegionHoldingAFilledOneIsNotThePage() {
    // A passport page cut by the right border on a light wood desk (as a
    // development frame showed it): its region unlike the desk fills its
    // outline; the bright region joins it to the desk's pale streaks, a
    // triangle out to the bottom left that fills two thirds of its hull.
    let page = Outline(
      quad: .values([728, 72, 1278, 26, 1278, 608, 776, 654]), source: .unlikeDesk, fill: 1.01,
      sideSupport: 0.74, weakestSideSupport: 0)
    let joined = Outline(
      quad: .values([734, 78, 1278, 34, 1278, 668, 162, 660]), source: .brightRegion, fill: 0.65,
      sideSupport: 0.5, weakestSideSupport: 0)
    let detection = DocumentDetector().detect(
      candidates: [page, joined], frameWidth: 1280, frameHeight: 720)
    XCTAssertEqual(detection.quad, page.quad)
    XCTAssertEqual(detection.status, .documentPartiallyVisible)
    // Filling its hull, the larger region may be the page (the smaller
    // one then its print and photo).
    var filled = joined
    filled.fill = 0.98
    XCTAssertEqual(
      DocumentDetector().detect(candidates: [page, filled], frameWidth: 1280, frameHeight: 720)
        .quad, filled.quad)
  }
}

/// A page whose own edges do not show, outlined from its MRZ rows.
final class DetectionFromTheMRZBandTests: XCTestCase {
  /// Two 44-character rows at 17.5 px pitches (a TD3 page 861 px wide), the
  /// second row's centre line at `y`.
  func band(y: Int) -> [MRZRow] {
    [y - 30, y].map { centre in
      let characters = (0..<44).map {
        PixelRect(x: 255 + Int(Double($0) * 17.5), y: centre - 8, width: 12, height: 17)
      }
      return MRZRow(characters: characters, alongWidth: true, capitalHeight: 17, pitch: 17.5)
    }
  }

  /// A plain desk with a textured block (the page's photo and fields)
  /// between rows `top` and `bottom`.
  func desk(printedFrom top: Int, to bottom: Int) -> LumaImage {
    var image = LumaImage(width: 1280, height: 720, fill: 200)
    for y in top..<bottom {
      for x in 300..<900 where (x / 6 + y / 6) % 2 == 0 { image[x, y] = 120 }
    }
    return image
  }

  func detect(_ image: LumaImage, rows: [MRZRow]) -> Detection {
    DocumentDetector().detect(
      candidates: [], frameWidth: 1280, frameHeight: 720, image: image, mrzRows: rows)
  }

  func testAPageWithoutEdgesIsOutlinedFromItsRowsOnTheSideOfItsPrint() throws {
    // Rows near the bottom, print above them: a TD3 page 861 x 606 px,
    // centred on the rows, its bottom edge 2.5 capital heights below the
    // last row's centre line (600.5).
    let above = detect(desk(printedFrom: 100, to: 450), rows: band(y: 600))
    let quad = try XCTUnwrap(above.quad)
    XCTAssertEqual(quad.upperLeft.x, 206.4, accuracy: 2)
    XCTAssertEqual(quad.upperLeft.y, 643 - 606.3, accuracy: 2)
    XCTAssertEqual(quad.lowerRight.x, 1067.6, accuracy: 2)
    XCTAssertEqual(quad.lowerRight.y, 643, accuracy: 2)
    XCTAssertEqual(above.status, .success)
    // Higher in the frame, the page reaches past its top: it is cut.
    XCTAssertTrue(
      detect(desk(printedFrom: 100, to: 450), rows: band(y: 500)).events.contains(
        .notFullyVisible))
    // The same page upside down, its print below the rows.
    let below = detect(desk(printedFrom: 260, to: 700), rows: band(y: 230))
    let turned = try XCTUnwrap(below.quad)
    XCTAssertEqual(turned.upperLeft.y, 200.5 - 2.5 * 17, accuracy: 2)
    XCTAssertEqual(turned.lowerLeft.y, 719, accuracy: 2)
  }

  func testRowsWithoutPrintBesideThemOrOfNoFormatGiveNoOutline() {
    // No print on either side: which side the page lies on is not known.
    XCTAssertEqual(
      detect(LumaImage(width: 1280, height: 720, fill: 200), rows: band(y: 600)), .none)
    // Rows of 40 characters are no ICAO format's.
    let forty = band(y: 600).map {
      MRZRow(
        characters: Array($0.characters.prefix(40)), alongWidth: true, capitalHeight: 17,
        pitch: 17.5)
    }
    XCTAssertEqual(detect(desk(printedFrom: 100, to: 450), rows: forty), .none)
  }
}
