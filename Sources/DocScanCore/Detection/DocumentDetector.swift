/// What detection saw in one frame.
public struct Detection: Equatable, Sendable {
  /// The document's outline in the analysed image's pixels; nil when none.
  public var quad: Quad?
  public var status: DetectionStatus
  /// Every geometric problem seen (more than one may hold at once).
  public var events: [FeedbackEvent]
  public var shape: DocumentShape?

  public static let none = Detection(quad: nil, status: .failed, events: [], shape: nil)

  public init(quad: Quad?, status: DetectionStatus, events: [FeedbackEvent], shape: DocumentShape?)
  {
    self.quad = quad
    self.status = status
    self.events = events
    self.shape = shape
  }
}

/// Picks the document among candidate outlines and judges its position.
///
/// Thresholds are fractions of the frame, chosen for a 720p desk camera
/// (docs/detection.md lists them with their reasons).
public struct DocumentDetector: Sendable {
  /// Long over short side of a plausible document seen whole; perspective
  /// stretches the 1.42 .. 1.59 of ICAO's shapes both ways (a steep view
  /// shortens the far side until the page looks almost square, or the
  /// short sides until a card tilted 60 degrees looks 3.2 times as long:
  /// such a card is `camera-angle-too-steep`, not missing).
  public var aspectRange: ClosedRange<Double> = 1.0...3.2
  /// Candidates smaller than this fraction of the frame are ignored.
  public var minimumAreaFraction = 0.02
  /// The visible part of a document cut by the frame (a region, or three
  /// straight sides and the border) must cover this much:
  /// as much as a whole document (a card half out of a 1080p frame covers
  /// 4 % of it and is still a document to bring back into view).
  public var minimumCutAreaFraction = 0.02
  /// A cut region unlike the desk is a page when it fills this much of its
  /// outline (cut pages fill 0.98-1.0; uneven light on a wood desk, 0.7-0.95).
  public var minimumCutFill = 0.97
  /// ... or fills at least `straightCutFill` and the sides the frame does
  /// not cut lie along straight edges for `straightCutSupport` of their
  /// length on average: a page with grey print on a white desk differs from
  /// the desk in patches (fill 0.85-0.95), a patch of light has no
  /// straight sides.
  public var straightCutFill = 0.85
  public var straightCutSupport = 0.4
  /// Even a cut region that fills its outline lies along straight edges
  /// for this share of the sides the frame does not cut: a page's edge is
  /// straight, the light falling off across an empty desk is not (a darker
  /// end of a green desk, 0 % of its side along an edge, was a page at the
  /// start of a clip; cut pages chosen on the development sets: 25 % and up).
  public var minimumCutRegionSupport = 0.1
  /// A region seen whole inside the frame that fills less than this share
  /// of its outline is ragged, not a page (a page with a hand's bite out
  /// of it fills 0.8-0.95): patches of a desk of the page's own level.
  public var minimumWholeFill = 0.6
  /// A bright region the frame cuts whose other sides lie along straight
  /// edges for this share of their length is a page filling the frame,
  /// not a white desk, even beside a ragged region unlike the desk (see
  /// `detect`): a desk's bright region runs off the frame on every side
  /// or ends in the ragged outline of what lies on it.
  public var pageSidedSupport = 0.8
  /// A whole outline holding a page the frame cuts (see `detect`) is not
  /// the document when that page covers less than this share of it.
  public var cutPageShare = 0.9
  /// An outline of lines (straight sides or a contour of edges) whose
  /// sides lie along edges for less than this share on average, holding a
  /// whole region whose rim is found all round (`rimFoundSupport`) and
  /// that covers from `stretchedPageShare` to under `cutPageShare` of it,
  /// is not the document: it
  /// closes the page with lines of the desk beyond the page's own sides (a
  /// grain line past a page seen steeply, a wedge of grain joined to a
  /// card far away). A page's own sides are covered more, fingers over one
  /// side included.
  public var stretchedSideSupport = 0.8
  /// A page's portrait covers under 30 % of the page.
  public var stretchedPageShare = 0.35
  /// An outline holding at least this many characters of a whole MRZ row
  /// and leaving at least as many outside cuts the row (`cutsAWholeRow`):
  /// more than an outline found a little small (a pitch short at one end)
  /// leaves out.
  public var rowCutCharacters = 3
  /// A whole outline holding no character of an MRZ row that runs off the
  /// frame, and covering less than this share of the smallest document
  /// that row can belong to (`MRZRow.smallestDocumentArea`), is a part of
  /// that row's page: its portrait (ICAO 9303: at most 35 x 45 mm, 0.34
  /// of an ID-1 card), not a second document (a card tilted 60 degrees
  /// still covers half of its area).
  public var partOfAPageShare = 0.45
  /// The camera is too far when the document is small in the frame (its
  /// long side under this share of the frame's) and its print is small too
  /// (MRZ capitals under `minimumCharacterHeight` analysed pixels, from the
  /// long side and the nearest ICAO shape). The print matters: a card's MRZ
  /// is as tall as a passport's on a page two-thirds its length, so a card
  /// at a quarter of a 1080p frame is still readable. 7 px is where the MRZ
  /// reader stops reading: synthetic passport pages shrunk to capitals of
  /// about 8 and 7 analysed pixels read as at full size (16 of 18 each),
  /// at 6 px 5 of 9, at 5 px none.
  public var tooFarLongSide = 0.35
  public var minimumCharacterHeight = 7.0
  /// Once the camera was reported too far, the print must be this much
  /// larger than `minimumCharacterHeight` to be near enough again, so that a
  /// document whose outline (and with it the estimated print size) wavers
  /// around the limit, as under a moving hand, does not flicker.
  public var tooFarHysteresis = 1.1
  /// Above this area fraction the document fills the frame; a document
  /// the frame cuts, above `tooCloseCutAreaFraction`.
  public var tooCloseAreaFraction = 0.80
  public var tooCloseCutAreaFraction = 0.5
  /// A corner this close to the border (fraction of the frame's short side)
  /// is too close to the edge.
  public var edgeMargin = 0.025
  /// A corner within this many pixels of the border is cut by the frame.
  public var borderTolerance = 2.0
  /// Opposite sides differing more than this, or corners off 90 degrees by
  /// more than `maximumSkewDegrees`, mean the camera looks too steeply.
  public var maximumPerspectiveRatio = 1.3
  public var maximumSkewDegrees = 20.0
  /// An outline whose proportions no document shape has unless tilted by
  /// more than this (`DocumentShape.leastTilt`) is seen too steeply too.
  public var maximumForeshorteningDegrees = 35.0
  /// A region (bright, or unlike the desk) that fills less of the chosen
  /// outline than this has something over the document: `occlusion`. A
  /// page seen whole fills 0.97-1.0 (rounded corners, print at its edge).
  public var minimumFill = 0.95
  /// ... and only when the region lies inside the chosen outline for at
  /// least this share of its own: a region that runs out beyond the page
  /// has joined the desk (a light streak of wood beside a pale card), and
  /// its hull holds desk between the two, not a bite.
  public var biteInsideShare = 0.95
  /// A region or edge outline whose sides lie along straight edges for
  /// less than this share, holding a straight-sided quad (`StraightSide
  /// Finder`) of at least `bridgedAreaShare` of its area, better supported
  /// by `bridgedSupportGain`, was bridged over something touching the page
  /// (a hand reaching in from the frame's border): the quad is the page
  /// (`occlusion` when the region is one unlike the desk: see
  /// `bridgedBeyondShare`).
  public var bridgedSupport = 0.6
  public var bridgedAreaShare = 0.4
  public var bridgedSupportGain = 0.2
  /// ... or a region (bright, or unlike the desk) reaching the frame's
  /// border with one side along straight edges for less than this share
  /// (the hull's side from the page to a hand that comes in from outside
  /// follows no edge, while a page's sides and the frame's cuts do),
  /// holding such a quad better supported than itself that has a
  /// document's proportions (a block of print inside a pale page the frame
  /// cuts, whose faint edge gives the weak side, has not).
  public var bridgedSideSupport = 0.2
  /// A straight-sided quad overlapping the chosen outline this much
  /// (intersection over union) replaces it.
  public var refiningOverlap = 0.9
  /// Moves a whole outline's sides outward onto the page's edges when the
  /// frame is given (a pale page's region stops short of its rim).
  public var edgeSnap = EdgeSnap()
  /// Moves a whole outline's side out past MRZ rows just outside it (a
  /// white MRZ band on a white desk shows no edge).
  public var bandReach = MRZBandReach()
  /// Moves a whole outline's side that whole MRZ rows cross out past their
  /// ends (the far end of a page in low light as dark as the desk).
  public var rowEnds = MRZRowEnds()
  /// A whole region (bright, or unlike the desk) whose sides lie along
  /// straight edges for less than this share is a document only when it
  /// does not look tilted (`looksTilted`): a page's sides are straight.
  public var raggedRegionSupport = 0.2
  /// Tells an outline reaching further across a card's three MRZ rows than
  /// the card can.
  public var rowsAcross = MRZRowsAcross()
  /// A region unlike the desk bridged over something touching the page
  /// (see `bridgedSupport`) that reaches the frame's border, and whose
  /// straight-sided quad was chosen, has a hand from outside over the page
  /// when it reaches beyond the quad by this share of the quad's area:
  /// `occlusion`. A page seen whole adds under 2 % (its hull's rounded
  /// corners and blurred rim); a shadow or a folder under the page is no
  /// bridge (its sides are straight edges); a pale page's region joined to
  /// a light streak of desk does not reach the border.
  public var bridgedBeyondShare = 0.04
  /// ... unless an outline of the page's edges or brightness has every side
  /// along straight edges for at least this share: fingers over the
  /// page's edge would hide a stretch of it.
  public var wholeRimSupport = 0.95
  /// A region of one texture this many times the outline found, holding
  /// it, is the page the outline is a part of.
  public var texturedPageShare = 1.5
  /// Finds fingers across a side of a whole document's outline when the
  /// frame's colour copy is given: `occlusion`.
  public var fingersOverEdge = FingersOverEdge()
  /// Outlines a page no candidate outlines from its whole MRZ band
  /// (`MRZBandDocument`), and one whose region the frame cuts while that
  /// band's document lies inside the frame, and inside the region for at
  /// least `bandInsideRegionShare` of its area.
  public var outlinesFromMRZBand = true
  public var bandInsideRegionShare = 0.75
  /// A whole region of one texture overlapping the band's document this
  /// much (intersection over union) is the page (see `detect`): the band
  /// places a page a few percent off where its layout departs from ICAO's
  /// margins, a photo or a block of print overlaps it by half or less.
  public var bandConfirms = 0.8
  /// A whole outline that looks tilted, its ends along the page's whole MRZ
  /// rows differing by at least `maximumPerspectiveRatio`, while those rows
  /// change their pitch from end to end by less than this share of that
  /// difference (`MRZRow.endPitchRatio`), missed part of a page that faces
  /// the camera: the document the band gives replaces it. A page turned
  /// that far shows nearly the whole difference along rows spanning most of
  /// its width; one face-on shows its rows' pitch within a few percent.
  public var rowPerspectiveShare = 1.0 / 3
  /// An outline much the same as a region or contour of edges whose every
  /// side lies along straight edges for at least this share found the
  /// page's rim all round: MRZ characters that only graze a side do not
  /// lay it out past them (`MRZBandReach`), the page printing its MRZ
  /// nearer its edge than ICAO's margin. A region's hull round a white
  /// band's print on a white desk follows the characters, not an edge.
  public var rimFoundSupport = 0.8
  /// ... and when the region reaches beyond that document by at least
  /// this share of its area: a hand from the border over a card adds a
  /// third of the card or more, while a region found a little larger than
  /// the band's document (which places the page from its rows, give or
  /// take a few pixels) or run onto the border across a narrow gap adds a
  /// few hundredths.
  public var reachedBeyondShare = 0.15
  /// A whole outline with at least this many characters of the frame's
  /// print outside it, and more than this share of all, is a part of a page
  /// (`PagePrint`): its photo inside a page that fills the frame, whose
  /// fields lie around it. A document seen whole on a desk leaves at most a
  /// fifth of the print outside (a desk's grain, noise in low light).
  public var printBesideCount = 24
  public var printBesideShare = 0.6

  public init() {}

  /// `wasTooFar`: the status reported for the last analysed frame was
  /// `camera-too-far` (see `tooFarHysteresis`). `image`: the analysed
  /// frame the candidates were found in, for `edgeSnap`; `chroma`, its
  /// colour copy, for `fingersOverEdge`. `mrzRows`: the MRZ print seen in
  /// it, for `bandReach`. `pagePrint`: its print (`printBesideCount`).
  ///
  /// Outlines found by texture (`Outline.Source.texture`) are looked at
  /// only when the others give no document, a part of the textured one, or
  /// an outline the frame cuts holding most of a textured one (a white
  /// desk's bright region round a card), or another outline than a textured
  /// one the MRZ band confirms (`bandConfirms`), and then as regions unlike
  /// the desk, and taken only when not tilted.
  public func detect(
    candidates: [Outline], frameWidth: Int, frameHeight: Int, wasTooFar: Bool = false,
    image: LumaImage? = nil, chroma: ChromaImage? = nil, mrzRows: [MRZRow] = [],
    pagePrint: PagePrint = .none
  ) -> Detection {
    let (textured, others) = (
      candidates.filter { $0.source == .texture }, candidates.filter { $0.source != .texture }
    )
    let detection = detect(
      among: others, frameWidth: frameWidth, frameHeight: frameHeight, wasTooFar: wasTooFar,
      image: image, chroma: chroma, mrzRows: mrzRows, pagePrint: pagePrint)
    // A region of one texture holding the outline found, and much larger:
    // that outline is a part of the page (its photo, a block of print).
    let holdsAPart = { (part: Quad) in
      textured.contains {
        $0.fill >= self.minimumFill && $0.quad.area >= self.texturedPageShare * part.area
          && $0.quad.intersectionArea(with: part) >= self.biteInsideShare * part.area
      }
    }
    // ... or an outline the frame cuts holding most of a region of one
    // texture a quarter its size or more: it may be a white desk's bright
    // region around a pale card (a hand over the desk makes Otsu's split),
    // which the desk rule tells once it sees the card's region.
    let aroundAPart = { (outer: Quad) -> Bool in
      let cut = outer.corners.contains {
        self.isOnBorder($0, frameWidth: frameWidth, frameHeight: frameHeight)
      }
      return cut
        && textured.contains {
          $0.quad.area >= 0.25 * outer.area
            && $0.quad.intersectionArea(with: outer) > 0.5 * $0.quad.area
        }
    }
    // ... or a whole region of one texture that the page's MRZ band
    // confirms (`bandConfirms`), where the outline found is another.
    let confirmed = bandConfirmed(
      textured, frameWidth: frameWidth, frameHeight: frameHeight, image: image, mrzRows: mrzRows)
    let besideTheConfirmed = { (found: Quad) in
      confirmed.contains { $0.quad.intersectionOverUnion(with: found) < self.refiningOverlap }
    }
    guard !textured.isEmpty,
      detection.quad.map({ holdsAPart($0) || aroundAPart($0) || besideTheConfirmed($0) }) ?? true
    else { return detection }
    let unlikeDesk = textured.map { outline in
      var outline = outline
      outline.source = .unlikeDesk
      return outline
    }
    let withTexture = detect(
      among: others + unlikeDesk, frameWidth: frameWidth, frameHeight: frameHeight,
      wasTooFar: wasTooFar, image: image, chroma: chroma, mrzRows: mrzRows, pagePrint: pagePrint)
    // Texture is weaker evidence than a page's level, colour or edges: a
    // wooden desk's grain makes such regions too, of no document's shape.
    // Only an outline a document seen face-on gives is taken.
    return withTexture.events.contains(.tilt) ? detection : withTexture
  }

  /// The whole regions of one texture that fill their outline, hold every
  /// character of the frame's whole MRZ rows and overlap the document that
  /// band gives (`MRZBandDocument`) by at least `bandConfirms`: the page
  /// seen twice, once as what it shows and once as where its rows place
  /// it. On a light desk the page's sides may show no edge while its print
  /// differs from the desk; the band alone places the page only as well
  /// as ICAO's layout fits it.
  private func bandConfirmed(
    _ textured: [Outline], frameWidth: Int, frameHeight: Int, image: LumaImage?,
    mrzRows: [MRZRow]
  ) -> [Outline] {
    let wholeRows = MRZRow.wholeRows(of: mrzRows, frameWidth: frameWidth, frameHeight: frameHeight)
    guard outlinesFromMRZBand, !wholeRows.isEmpty, let image,
      let banded = MRZBandDocument.outline(rows: wholeRows, in: image)
    else { return [] }
    return textured.filter { outline in
      outline.fill >= minimumFill
        && !outline.quad.corners.contains {
          isOnBorder($0, frameWidth: frameWidth, frameHeight: frameHeight)
        }
        && wholeRows.allSatisfy { $0.characterCentres.allSatisfy(outline.quad.contains) }
        && outline.quad.intersectionOverUnion(with: banded) >= bandConfirms
    }
  }

  /// A whole outline seen too steeply: opposite sides too different,
  /// corners too far off square, or proportions no document has face-on.
  /// `proportions`: those the document may have (`MRZRow.documentProportions`);
  /// nil for every ICAO shape's.
  private func looksTilted(_ quad: Quad, proportions: [Double]? = nil) -> Bool {
    let leastTilt =
      proportions.map { DocumentShape.leastTilt(forAspectRatio: quad.aspectRatio, among: $0) }
      ?? DocumentShape.leastTilt(forAspectRatio: quad.aspectRatio)
    return quad.perspectiveRatio > maximumPerspectiveRatio
      || quad.maximumCornerSkew > maximumSkewDegrees
      || leastTilt > maximumForeshorteningDegrees
  }

  /// A corner within `borderTolerance` of the frame's border: the frame
  /// cuts the outline there.
  private func isOnBorder(_ corner: Point, frameWidth: Int, frameHeight: Int) -> Bool {
    corner.x <= borderTolerance || corner.y <= borderTolerance
      || corner.x >= Double(frameWidth) - 1 - borderTolerance
      || corner.y >= Double(frameHeight) - 1 - borderTolerance
  }

  private func detect(
    among found: [Outline], frameWidth: Int, frameHeight: Int, wasTooFar: Bool,
    image: LumaImage?, chroma: ChromaImage?, mrzRows: [MRZRow], pagePrint: PagePrint
  ) -> Detection {
    let width = Double(frameWidth)
    let height = Double(frameHeight)
    let frameArea = width * height

    // The mean straight-edge support of the sides the frame does not cut
    // (`Outline.sideSupport` counts a cut side as supported; the cut sides
    // are counted with SideSupport's default border tolerance, as the
    // vision measures them).
    func uncutSideSupport(_ outline: Outline) -> Double {
      guard let mean = outline.sideSupport else { return 0 }
      let cut = SideSupport().sidesOnBorder(
        of: outline.quad, frameWidth: frameWidth, frameHeight: frameHeight)
      guard cut < 4 else { return 0 }
      return min(1, max(0, (4 * mean - Double(cut)) / Double(4 - cut)))
    }
    // Whether a region the frame cuts lies along straight edges somewhere
    // inside the frame (`minimumCutRegionSupport`); one the frame cuts on
    // every side has nothing else to show, nor one whose sides were not
    // measured.
    func showsAStraightEdge(_ outline: Outline) -> Bool {
      guard outline.sideSupport != nil else { return true }
      let cut = SideSupport().sidesOnBorder(
        of: outline.quad, frameWidth: frameWidth, frameHeight: frameHeight)
      return cut == 4 || uncutSideSupport(outline) >= minimumCutRegionSupport
    }
    // A region's outline (bright, or unlike the desk), whose fill says how
    // much of it the region covers; edges and straight sides trace print too.
    func isRegion(_ outline: Outline) -> Bool {
      outline.source == .unlikeDesk || outline.source == .brightRegion
    }
    func touchesBorder(_ quad: Quad) -> Bool {
      quad.corners.contains { isOnBorder($0, frameWidth: frameWidth, frameHeight: frameHeight) }
    }
    // `quad` with its corners moved just inside the border's tolerance.
    func inside(_ quad: Quad) -> Quad {
      let low = borderTolerance + 1
      return Quad(
        unordered: quad.corners.map {
          Point(x: min(max($0.x, low), width - 1 - low), y: min(max($0.y, low), height - 1 - low))
        })
    }
    // An MRZ row that runs off the frame belongs to a document the frame
    // cuts (`MRZRow.runsOffFrame`), so a whole outline holding part of it
    // is not that document: the page's sides closed by the desk's grain
    // or seams beyond the border.
    let rowsRunningOff = mrzRows.filter {
      $0.runsOffFrame(width: frameWidth, height: frameHeight)
    }
    let wholeRows = MRZRow.wholeRows(of: mrzRows, frameWidth: frameWidth, frameHeight: frameHeight)
    // Where no whole outline holds the whole rows, a whole region that
    // they cross found part of the page: its side across them is laid
    // past their ends (`MRZRowEnds`), kept just inside the frame where
    // that reaches the border. Whole rows end inside the frame, and so
    // does their page, give or take its margin: laid far beyond the
    // frame, the region was no part of the page. (Edges and straight
    // sides also follow a desk's grain; a region is what differs from the
    // desk.)
    let slack = edgeMargin * min(width, height)
    let rowsHeldWhole = found.contains { outline in
      !touchesBorder(outline.quad)
        && wholeRows.allSatisfy { $0.characterCentres.allSatisfy(outline.quad.contains) }
    }
    let candidates = found.map { outline in
      guard !rowsHeldWhole, isRegion(outline), !touchesBorder(outline.quad) else { return outline }
      let reached = rowEnds.extended(outline.quad, rows: wholeRows)
      guard reached != outline.quad,
        reached.corners.allSatisfy({
          $0.x >= -slack && $0.y >= -slack && $0.x <= width - 1 + slack
            && $0.y <= height - 1 + slack
        })
      else { return outline }
      var extended = outline
      extended.quad = touchesBorder(reached) ? inside(reached) : reached
      return extended
    }
    // A document holds its MRZ rows whole (ICAO 9303 prints them inside
    // its margins): an outline holding some characters of a whole row and
    // leaving others outside, even once laid past rows just outside it, is
    // a part of the document (a straight side taken from its photo's edge),
    // not the document.
    func cutsAWholeRow(_ outline: Outline) -> Bool {
      let quad =
        touchesBorder(outline.quad)
        ? outline.quad : bandReach.extended(outline.quad, rows: mrzRows)
      return wholeRows.contains { row in
        let inside = row.characterCentres.filter(quad.contains).count
        return inside >= rowCutCharacters && row.characters.count - inside >= rowCutCharacters
      }
    }
    // A large region unlike the desk, lying mostly inside a bright region
    // that the frame cuts, shows that bright region to be the desk itself
    // (a white desk around a page): it is not believed. The region unlike
    // the desk must be clearly another one, or lie whole inside the frame
    // (then the bright region runs on past the page to the border). When
    // both are much the same cut region, both see the page.
    //
    // A bright region filling the whole frame is the desk when a whole
    // document inside it is seen by two sources: its straight sides agree
    // with its difference from the desk, or, when the region unlike the
    // desk was bridged over something to those sides (a hand from the
    // border over a card on a white desk), with the contour its edges
    // trace; or when a region unlike the desk was bridged over a hand to
    // straight sides lying whole inside the frame (the hull of a hand from
    // the border and the page it holds, whose straight sides stop short of
    // the border). Not a part of a page the frame cuts (its portrait beside
    // an MRZ row running off the frame, too small for that row's document:
    // a card filling the frame, its photo seen by edges and straight sides).
    //
    // A page filling the frame is the opposite case: the border then shows
    // mostly page, the desk model learns the page, and what is unlike it is
    // the strip of real desk and the page's own photo and print, one ragged
    // region that runs off the frame. The bright region is then the page:
    // its sides the frame does not cut lie along straight edges
    // (`pageSidedSupport`), the unlike region's do not.
    let straight = candidates.filter { $0.source == .straightSides && !cutsAWholeRow($0) }
    /// Proportions a document has when seen at no more than the tilt limit.
    func hasDocumentProportions(_ quad: Quad) -> Bool {
      DocumentShape.leastTilt(forAspectRatio: quad.aspectRatio) <= maximumForeshorteningDegrees
    }
    /// `outline` was bridged over something to the straight-sided `inner`.
    /// Not when only the outline has a document's proportions: then the
    /// straight sides stop short of the page (a card's white MRZ band on a
    /// white desk shows no edge, and the tinted rest is 2.2:1).
    func bridges(_ outline: Outline, to inner: Outline) -> Bool {
      guard outline.source != .straightSides, let own = outline.sideSupport else { return false }
      let sideOverHand =
        outline.source != .edges && touchesBorder(outline.quad)
        && (outline.weakestSideSupport ?? 1) < bridgedSideSupport
      let straighter =
        (own < bridgedSupport && inner.fill >= own + bridgedSupportGain)
        || (sideOverHand && inner.fill > own && hasDocumentProportions(inner.quad))
      return straighter && inner.quad.area >= bridgedAreaShare * outline.quad.area
        && inner.quad.intersectionArea(with: outline.quad) >= 0.6 * inner.quad.area
        && (hasDocumentProportions(inner.quad) || !hasDocumentProportions(outline.quad))
    }
    // ... and beside a row running off the frame, a whole outline smaller
    // than any document that row can belong to is a part of the page the
    // frame cuts (its portrait), not a document of its own.
    func aPartBesideRowsRunningOff(_ quad: Quad) -> Bool {
      rowsRunningOff.contains { row in
        !row.characterCentres.contains(where: quad.contains)
          && quad.area < partOfAPageShare * row.smallestDocumentArea
      }
    }
    // ... and, with or without rows, a whole outline with most of the
    // frame's print around it is a part of a page (`printBesideCount`).
    func besideThePrint(_ quad: Quad) -> Bool {
      pagePrint.liesMostlyOutside(quad, count: printBesideCount, share: printBesideShare)
    }
    func aPartOfAPage(_ quad: Quad) -> Bool {
      aPartBesideRowsRunningOff(quad) || besideThePrint(quad)
    }
    let unlikeDesk = candidates.filter { $0.source == .unlikeDesk }
    let bridgedTo = straight.filter { inner in unlikeDesk.contains { bridges($0, to: inner) } }
    let seenTwice =
      candidates.contains { outline in
        let region = outline.quad
        let sides = outline.source == .edges ? bridgedTo : straight
        return (outline.source == .unlikeDesk || outline.source == .edges)
          && !touchesBorder(region)
          && region.area >= minimumAreaFraction * frameArea
          && !aPartOfAPage(region)
          && sides.contains { $0.quad.intersectionOverUnion(with: region) >= 0.9 }
      }
      || bridgedTo.contains {
        !touchesBorder($0.quad) && $0.quad.area >= minimumAreaFraction * frameArea
          && !aPartOfAPage($0.quad)
      }
    func isDesk(_ outline: Outline) -> Bool {
      guard outline.source == .brightRegion else { return false }
      if seenTwice && outline.quad.area >= 0.98 * frameArea { return true }
      return unlikeDesk.contains { unlike in
        let region = unlike.quad
        let raggedBesidePage =
          touchesBorder(region) && uncutSideSupport(outline) >= pageSidedSupport
          && uncutSideSupport(unlike) < straightCutSupport
        return region.area >= 0.25 * outline.quad.area
          && region.intersectionArea(with: outline.quad) > 0.5 * region.area
          && (region.intersectionOverUnion(with: outline.quad) < 0.6 || !touchesBorder(region))
          && !raggedBesidePage
      }
    }
    // The straight-sided quad a region was bridged to, when it may be the
    // document: cut by the frame, or shaped as a whole one (a card's MRZ
    // band, its straight sides five times as long as wide, is not what a
    // region of the card the frame cuts reached over a hand to).
    func straightQuadInside(_ outline: Outline) -> Outline? {
      straight.first {
        (touchesBorder($0.quad) || aspectRange.contains($0.quad.aspectRatio))
          && bridges(outline, to: $0)
      }
    }
    func holdsARowRunningOff(_ quad: Quad) -> Bool {
      rowsRunningOff.contains { $0.characterCentres.contains(where: quad.contains) }
    }
    // A whole MRZ row gives the largest the document holding it can be
    // (`MRZRow.largestDocumentArea`).
    func tooLargeForItsRows(_ quad: Quad) -> Bool {
      wholeRows.contains {
        quad.area > $0.largestDocumentArea && $0.characterCentres.allSatisfy(quad.contains)
      }
    }
    // ... and a document holds its MRZ: a whole outline that holds no
    // character of a whole row is the page's photo or a block of its
    // print, not the document.
    func besideTheRows(_ quad: Quad) -> Bool {
      !wholeRows.isEmpty
        && !wholeRows.contains { $0.characterCentres.contains(where: quad.contains) }
    }
    // A page the frame cuts, seen as a region unlike the desk with straight
    // sides, lying inside a larger whole outline: that outline closes the
    // page with the desk's grain or seams beyond its own side, and is not
    // the document. (A document near the border whose region reaches it
    // fills its outline, which is then not larger.)
    func isCutRegion(_ outline: Outline) -> Bool {
      isRegion(outline) && touchesBorder(outline.quad) && outline.fill >= minimumCutFill
    }
    let cutPages = candidates.filter { isCutRegion($0) && uncutSideSupport($0) >= pageSidedSupport }
    /// Whether one of `pages` lies inside `quad` (80 % of its area) and
    /// covers from `least` to under `cutPageShare` of it.
    func holdsAPage(_ quad: Quad, among pages: [Outline], least: Double = 0) -> Bool {
      pages.contains {
        $0.quad.area >= least * quad.area && $0.quad.area < cutPageShare * quad.area
          && $0.quad.intersectionArea(with: quad) >= 0.8 * $0.quad.area
      }
    }
    // ... and the same of a whole page whose rim is found all round, held
    // by an outline of lines with bare stretches along its sides
    // (`stretchedSideSupport`).
    let rimmedPages = candidates.filter {
      isRegion($0) && !touchesBorder($0.quad) && ($0.weakestSideSupport ?? 0) >= rimFoundSupport
    }
    func stretchedPastAPage(_ outline: Outline) -> Bool {
      guard outline.source == .straightSides || outline.source == .edges,
        (outline.sideSupport ?? outline.fill) < stretchedSideSupport
      else { return false }
      return holdsAPage(outline.quad, among: rimmedPages, least: stretchedPageShare)
    }
    // ... and a cut region that does not fill its outline, holding one that
    // does: a page is convex, so the ragged one is the page joined to a
    // patch of desk beside it (light wood's pale streaks beside a page).
    let filledCutRegions = candidates.filter(isCutRegion)
    func raggedAroundACutPage(_ outline: Outline) -> Bool {
      outline.fill < straightCutFill && holdsAPage(outline.quad, among: filledCutRegions)
    }
    // A bright region filling the whole frame round whole MRZ rows
    // outlines the frame, not the document, when the document those rows
    // give (`MRZBandDocument`) covers under `tooCloseCutAreaFraction` of
    // the frame: a white desk round a card the frame cuts. A page held so
    // close that it fills the frame covers more (and rows running off the
    // frame place no document: the region is believed).
    let frameQuad = Quad(unordered: [
      Point(x: 0, y: 0), Point(x: width - 1, y: 0), Point(x: width - 1, y: height - 1),
      Point(x: 0, y: height - 1),
    ])
    func fillsTheFrame(_ outline: Outline) -> Bool {
      outline.source == .brightRegion && outline.quad.area >= 0.98 * frameArea
        && !wholeRows.isEmpty
        && wholeRows.allSatisfy { $0.characterCentres.allSatisfy(outline.quad.contains) }
    }
    // Placed only when such a region is there (it costs a look at the image).
    let bandDocumentShown =
      candidates.contains(where: fillsTheFrame)
      ? image.flatMap { MRZBandDocument.outline(rows: wholeRows, in: $0) }
        .map { $0.intersectionArea(with: frameQuad) } : nil
    func framesTheRows(_ outline: Outline) -> Bool {
      guard fillsTheFrame(outline), let shown = bandDocumentShown else { return false }
      return shown < tooCloseCutAreaFraction * frameArea
    }
    let plausible = candidates.filter { outline in
      if straightQuadInside(outline) != nil || framesTheRows(outline) { return false }
      let quad = outline.quad
      if tooLargeForItsRows(quad) || cutsAWholeRow(outline) { return false }
      let areaFraction = quad.area / frameArea
      // Cut by the frame, the visible part may have any proportions (up to
      // the whole frame, when the page fills it), but only a region is
      // believed (edges of a textured desk also run off the frame): a
      // bright one, or one unlike the desk that fills its outline as a
      // straight-sided page does (uneven light on a desk, which the desk
      // model also sees, runs off the frame in a ragged patch). Whole, it
      // must look like a document.
      if touchesBorder(quad) {
        let region =
          (outline.source == .brightRegion && !isDesk(outline))
          || (outline.source == .unlikeDesk
            && ((outline.fill >= minimumCutFill && showsAStraightEdge(outline))
              || (outline.fill >= straightCutFill
                && uncutSideSupport(outline) >= straightCutSupport)))
        // Or three straight sides and the border (`StraightSideFinder`):
        // a pale page on a desk of its level, which gives no region.
        let sided = outline.source == .straightSides
        // A document holds its MRZ, cut or whole: beside whole rows, a cut
        // region holding none of them, even laid past rows just outside
        // it (a cut page stopping at its white MRZ band), is a hand or a
        // patch of desk.
        return (region || sided) && areaFraction >= minimumCutAreaFraction
          && !raggedAroundACutPage(outline)
          && !besideTheRows(bandReach.extended(quad, rows: mrzRows))
      }
      // A region whose sides follow no straight edge is believed only when
      // shaped as a document seen face-on: a patch of a wood desk's grain,
      // squashed like a page seen steeply, said `camera-angle-too-steep`
      // over an empty desk (as texture outlines are judged, see `detect`).
      if isRegion(outline), (outline.sideSupport ?? 1) < raggedRegionSupport, looksTilted(quad) {
        return false
      }
      // Judged as it would be reported: laid past MRZ rows just outside it.
      let reached = bandReach.extended(quad, rows: mrzRows)
      return areaFraction >= minimumAreaFraction && aspectRange.contains(quad.aspectRatio)
        && !(isRegion(outline) && outline.fill < minimumWholeFill)
        && !holdsARowRunningOff(reached) && !besideTheRows(reached)
        && !aPartOfAPage(reached)
        && !holdsAPage(quad, among: cutPages) && !stretchedPastAPage(outline)
        && !rowsAcross.reachesBeyondTheDocument(reached, rows: wholeRows)
    }.map(\.quad)
    // The largest: smaller outlines inside a document are its photo or
    // its text blocks.
    // No outline left, but a whole MRZ band in view: the document its rows
    // give (`MRZBandDocument`), its corners brought into the frame.
    let fromRows =
      plausible.isEmpty && outlinesFromMRZBand
      ? image.flatMap { MRZBandDocument.outline(rows: wholeRows, in: $0) }.map { inferred in
        Quad(
          unordered: inferred.corners.map {
            Point(x: min(max($0.x, 0), width - 1), y: min(max($0.y, 0), height - 1))
          })
      } : nil
    guard var quad = plausible.max(by: { $0.area < $1.area }) ?? fromRows else { return .none }
    var outlinedFromItsRows = plausible.isEmpty
    // A region the frame cuts, holding whole the document its whole MRZ
    // band gives, which lies inside the frame: the document is not cut, the
    // region reached over something on it to the border (a hand from the
    // border over a card on a white desk, hand and card one region). The
    // band's document is the outline (`outlinesFromMRZBand`). Not when
    // that document lies within the edge margin: a page that near the
    // border has its region run onto it across the gap (a white MRZ band
    // on a white desk), which the rules above judge.
    // A corner within the edge margin (`edgeMargin`) of the border.
    let margin = edgeMargin * min(width, height)
    func nearTheEdge(_ quad: Quad) -> Bool {
      quad.corners.contains {
        $0.x < margin || $0.y < margin || $0.x > width - 1 - margin || $0.y > height - 1 - margin
      }
    }
    var reachedOverAHand = false
    if outlinesFromMRZBand, touchesBorder(quad),
      let banded = image.flatMap({ MRZBandDocument.outline(rows: wholeRows, in: $0) }),
      !nearTheEdge(banded),
      banded.intersectionArea(with: quad) >= bandInsideRegionShare * banded.area,
      quad.area - quad.intersectionArea(with: banded) >= reachedBeyondShare * banded.area
    {
      reachedOverAHand = true
      quad = banded
    }
    // Much the same outline found by its straight sides gives the corners:
    // lines cross exactly where hulls round a corner off, and where closing
    // joins a page a few pixels from the border onto the border.
    // A cut region much the same as a whole contour of the page's edges
    // has spilled onto the border (a white MRZ band and a white desk run
    // together there): the edges, closing inside the frame, give the
    // corners, and the page is near the edge, not cut.
    let wholeEdges =
      touchesBorder(quad)
      ? candidates.filter { $0.source == .edges && !touchesBorder($0.quad) }.map(\.quad) : []
    let refiners = plausible.filter { straight.map(\.quad).contains($0) || wholeEdges.contains($0) }
    if let sides = refiners.max(by: {
      $0.intersectionOverUnion(with: quad) < $1.intersectionOverUnion(with: quad)
    }), sides.intersectionOverUnion(with: quad) >= refiningOverlap {
      quad = sides
    }
    // Occlusion compares regions with the outline they gave; the status
    // and the reported outline use the page's edges.
    let chosen = quad
    // The page's rim found all round: a region or contour of edges much
    // the same as the outline, every side along straight edges
    // (`rimFoundSupport`).
    let rimFound = candidates.contains {
      $0.source != .straightSides && ($0.weakestSideSupport ?? 0) >= rimFoundSupport
        && $0.quad.intersectionOverUnion(with: chosen) >= refiningOverlap
    }
    if !touchesBorder(quad) {
      let reached = bandReach.extended(quad, rows: mrzRows, rimFound: rimFound)
      // Laid past its rows, a page reaching the border (rows whole, but
      // nearer the border than ICAO's margin below them) ends at most a
      // few pixels inside the frame: it is kept just inside, so that it is
      // too close to the edge, not cut, and holds its rows.
      quad = touchesBorder(reached) ? inside(reached) : reached
    }
    if let image, !touchesBorder(quad) {
      let snapped = edgeSnap.snapped(quad, in: image)
      if !touchesBorder(snapped) { quad = snapped }
    }
    // An outline that looks tilted along the page's rows while the rows
    // keep one pitch from end to end (`rowPerspectiveShare`): a grey page
    // on a desk of its level whose region stopped short of its far end.
    // The band's document replaces it when it lies inside the frame and
    // holds most of the outline.
    func rowsShowNoPerspective(_ quad: Quad) -> Bool {
      let judged = wholeRows.compactMap { row -> Bool? in
        guard let ratio = row.endPitchRatio, let direction = row.direction else { return nil }
        let ends = quad.endRatio(along: direction)
        return ends >= maximumPerspectiveRatio && ratio - 1 < rowPerspectiveShare * (ends - 1)
      }
      return !judged.isEmpty && judged.allSatisfy { $0 }
    }
    if outlinesFromMRZBand, !touchesBorder(quad), looksTilted(quad), rowsShowNoPerspective(quad),
      let banded = image.flatMap({ MRZBandDocument.outline(rows: wholeRows, in: $0) }),
      banded.corners.allSatisfy({
        $0.x >= 0 && $0.y >= 0 && $0.x <= width - 1 && $0.y <= height - 1
      }),
      banded.intersectionArea(with: quad) >= 0.9 * quad.area
    {
      quad = banded
      outlinedFromItsRows = true
    }

    var events: [FeedbackEvent] = []
    let cut = touchesBorder(quad)
    let areaFraction = quad.area / frameArea
    let shape = DocumentShape.nearest(to: quad.aspectRatio)
    let characterHeight = shape.mrzCharacterHeight(longSide: Int(quad.sides.max()!))
    let nearEdge = nearTheEdge(quad)
    let tooClose =
      areaFraction > tooCloseAreaFraction || (cut && areaFraction > tooCloseCutAreaFraction)
    let tooFar =
      !cut && quad.sides.max()! / max(width, height) < tooFarLongSide
      && characterHeight < minimumCharacterHeight * (wasTooFar ? tooFarHysteresis : 1)
    // Judged against the proportions of the document its whole MRZ rows
    // belong to, where they tell them: a passport tilted 47 degrees about
    // its rows looks 1.93 times as long as high, 35 degrees off an ID-1
    // card's proportions but 39 off a TD3 page's or an MRV-A visa's.
    let tilted =
      !cut && looksTilted(quad, proportions: MRZRow.documentProportions(of: wholeRows))
    if cut { events.append(.notFullyVisible) }
    if tooClose { events.append(.tooClose) }
    if tooFar { events.append(.tooFar) }
    if tilted { events.append(.tilt) }
    if nearEdge && !cut { events.append(.tooCloseToEdge) }
    // The region behind the outline (or one much like it) has a bite out
    // of it: a hand or an object over the document. (Not told of a page
    // the frame cuts: one with grey print on a light desk differs from the
    // desk only in patches, and the first thing asked is the whole page.
    // Nor of a region laid past its rows' ends: it stopped where the light
    // left the page, not a hand. Nor of a region beside an outline its MRZ
    // band gave: that region was judged no document, too ragged, a grey
    // page on a desk of its level seen in patches, and its fill tells the
    // patches, not a bite. Nor of a region whose sides follow no straight
    // edge, `raggedRegionSupport`: a bite is seen against the page's sides,
    // which the rest of the region follows; a pale page on a desk of its
    // level is seen in patches whose hull follows nothing.)
    let occluded =
      zip(found, candidates).contains { outline, judged in
        !cut && !outlinedFromItsRows && isRegion(outline) && judged.quad == outline.quad
          && (outline.sideSupport ?? 1) >= raggedRegionSupport
          && outline.fill < minimumFill && outline.quad.intersectionOverUnion(with: chosen) > 0.8
          && outline.quad.intersectionArea(with: chosen) >= biteInsideShare * outline.quad.area
      }
    // The page's rim seen all round: an outline of its edges or of its
    // brightness much the same as the chosen one, every side along straight
    // edges. Fingers over the page's edge hide a stretch of it.
    let rimSeenWhole = candidates.contains {
      ($0.source == .edges || $0.source == .brightRegion)
        && ($0.weakestSideSupport ?? 0) >= wholeRimSupport
        && $0.quad.intersectionOverUnion(with: chosen) >= refiningOverlap
    }
    // A region that reached over something to the page (a hand from the
    // border) and was dropped for the straight-sided quad inside it; not
    // when the page's rim is seen whole (then what it reached over is desk
    // the desk model took for something else, beside a side).
    let bridged = candidates.contains { outline in
      guard !cut, !rimSeenWhole, outline.source == .unlikeDesk, touchesBorder(outline.quad),
        straight.contains(where: {
          bridges(outline, to: $0) && $0.quad.intersectionOverUnion(with: chosen) >= refiningOverlap
        })
      else { return false }
      let beyond = outline.quad.area - outline.quad.intersectionArea(with: chosen)
      return beyond >= bridgedBeyondShare * chosen.area
    }
    // Fingers across a side, seen in colour.
    func fingers() -> Bool {
      guard !cut, let image, let chroma else { return false }
      return fingersOverEdge.covers(quad, luma: image, chroma: chroma)
    }
    // Not told of a page seen too steeply either: its outline is less sure
    // there (a desk's grain line taken for a side), and facing the camera
    // comes first.
    // ... or a region reaching over something to the border from the
    // document its MRZ band gives (`reachedOverAHand`).
    if !tilted && (occluded || bridged || reachedOverAHand || fingers()) {
      events.append(.occlusion)
    }

    let status: DetectionStatus
    if tooClose {
      status = .cameraTooClose
    } else if cut {
      status = .documentPartiallyVisible
    } else if tooFar {
      status = .cameraTooFar
    } else if tilted {
      status = .cameraAngleTooSteep
    } else if nearEdge {
      status = .documentTooCloseToEdge
    } else {
      status = .success
    }
    return Detection(
      quad: quad, status: status, events: events,
      shape: cut ? nil : shape)
  }
}
