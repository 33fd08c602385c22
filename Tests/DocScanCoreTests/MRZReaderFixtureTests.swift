import DocScanCore
import DocScanOCR
import DocScanTestSupport
import XCTest

/// The MRZ reader on the project's rendered documents as the session sees
/// them (dewarped to 720 pixels), clean and under camera effects: one frame
/// gives the exact MRZ or none, never a wrong one.
final class MRZReaderFixtureTests: XCTestCase {
  static let passportTD3 = DocumentFixture.mrz
  static let cardBackTD1 = DocumentFixture.td1Mrz
  static let today = MRZDate(year: 2026, month: 11, day: 24)

  func render(_ mrz: [String]) -> LumaImage {
    DocumentFixture.dewarped(mrz: mrz).render()
  }

  func testRenderedDocumentsReadExactlyUnderCameraEffects() throws {
    let reader = try MRZModelReader(tessdata: MRZModelFolder.path)
    let effects: [(String, (LumaImage) -> LumaImage)] = [
      ("clean", { $0 }),
      ("noisy", { $0.noisy(amplitude: 12, seed: 7) }),
      ("blurred", { $0.gaussianBlurred(sigma: 1.2) }),
      ("low light", { $0.lit(left: 0.4, right: 0.5).noisy(amplitude: 4, seed: 3) }),
      ("upside down", { $0.rotatedHalfTurn() }),
    ]
    var exact = 0
    for mrz in [Self.passportTD3, Self.cardBackTD1] {
      for (name, effect) in effects {
        let image = effect(render(mrz))
        let reading = try XCTUnwrap(reader.readMRZ(in: image), "\(mrz.count)-line MRZ, \(name)")
        // The session turns the document's picture by this.
        XCTAssertEqual(reading.upsideDown, name == "upside down", "\(mrz.count) lines, \(name)")
        // As the element decides on a still: the one frame's votes and
        // opinions, fused until they agree (check digits choose between the
        // views' candidates; independent views confirm the rest).
        var fusion = MRZFusion()
        var state = MRZFusion.State.collecting
        for _ in 0..<fusion.requiredAgreement { state = fusion.add(reading, today: Self.today) }
        var accepted: [String]?
        if case .accepted(let record) = state { accepted = record.lines }
        if accepted == mrz { exact += 1 }
        XCTAssertTrue(
          accepted == nil || accepted == mrz,
          "WRONG \(mrz.count)-line MRZ, \(name): \(accepted ?? [])")
        print("MRZ fixture \(mrz.count) lines, \(name): \(accepted == mrz ? "exact" : "withheld")")
      }
    }
    // A dissenting view withholds a single still frame (the blurred TD3 page,
    // whose binarised strip loses a letter); live frames differ and settle it.
    XCTAssertGreaterThanOrEqual(exact, 9, "of 10")
  }

  /// Two passports whose numbers differ only in `0` against `O` at the
  /// weights 7 and 3 (24 x 7 + 24 x 3 = 240: the same check digit, the
  /// same composite): the zone's own `0`s (dates) and `O`s (names) tell
  /// each cell apart (`MRZZeroOrLetterO`), and each is read as printed.
  func testANumbersZerosAndOsAreReadAsTheZonePrintsThem() throws {
    let reader = try MRZModelReader(tessdata: MRZModelFolder.path)
    let name = "P<UTOOLSSON<<BJORN<OTTO<<<<<<<<<<<<<<<<<<<<<"
    for number in ["O123O4567", "012304567"] {
      let mrz = [name, number + "0UTO8001014M3001019<<<<<<<<<<<<<<02"]
      let reading = try XCTUnwrap(reader.readMRZ(in: render(mrz)), number)
      var fusion = MRZFusion()
      var state = MRZFusion.State.collecting
      for _ in 0..<fusion.requiredAgreement { state = fusion.add(reading, today: Self.today) }
      guard case .accepted(let record) = state else {
        return XCTFail("\(number) withheld: \(fusion.fusedLines ?? [])")
      }
      XCTAssertEqual(record.lines, mrz)
    }
  }

  /// The element's reader reads each frame with one view, in turn: three
  /// frames of a still give the three views' opinions, and fusion accepts
  /// the MRZ once it has heard them all.
  func testViewsInTurnGiveEachViewsOpinionOnConsecutiveFrames() throws {
    let reader = try MRZModelReader(tessdata: MRZModelFolder.path, viewsInTurn: true)
    let image = render(Self.passportTD3)
    var fusion = MRZFusion()
    var sources: [String] = []
    var states: [MRZFusion.State] = []
    for _ in 0..<MRZModelReader.defaultViews.count {
      let reading = try XCTUnwrap(reader.readMRZ(in: image))
      sources += reading.opinions.map(\.source)
      states.append(fusion.add(reading, today: Self.today))
    }
    XCTAssertEqual(sources, MRZModelReader.defaultViews.map(\.source))
    XCTAssertEqual(states.dropLast(), [.collecting, .collecting])
    guard case .accepted(let record) = states.last else {
      return XCTFail("not accepted after every view read: \(states)")
    }
    XCTAssertEqual(record.lines, Self.passportTD3)
  }

  /// A reader that has just read an MRZ band the right way up, given the
  /// same band turned half a turn in an image of the same size (its rows
  /// land where they were), reads it upside down: a remembered
  /// orientation is kept only while the kept way still reads confidently
  /// (`MRZOrientationMemory`).
  func testABandTurnedOverWhereItsRowsWereIsReadTheOtherWayUp() throws {
    let reader = try MRZModelReader(tessdata: MRZModelFolder.path)
    let band = Self.centredMRZBand(of: render(Self.passportTD3))
    for (index, turned) in [false, false, true, true, false].enumerated() {
      let image = turned ? band.rotatedHalfTurn() : band
      let reading = try XCTUnwrap(reader.readMRZ(in: image), "image \(index)")
      XCTAssertEqual(reading.upsideDown, turned, "image \(index)")
      var fusion = MRZFusion()
      var state = MRZFusion.State.collecting
      for _ in 0..<fusion.requiredAgreement { state = fusion.add(reading, today: Self.today) }
      if case .accepted(let record) = state {
        XCTAssertEqual(record.lines, Self.passportTD3, "image \(index)")
      }
    }
  }

  /// The part of the page's lower quarter that holds ink, with as much
  /// paper on each side as on the opposite one: turned half a turn, its
  /// rows lie where they were.
  static func centredMRZBand(of page: LumaImage) -> LumaImage {
    let lower = page.height * 3 / 4..<page.height
    let inkedRows = lower.filter { y in (0..<page.width).contains { page[$0, y] < 100 } }
    let inkedColumns = (0..<page.width).filter { x in lower.contains { page[x, $0] < 100 } }
    let margin = 40
    let top = max(inkedRows.first! - margin, 0)
    let left = max(inkedColumns.first! - margin, 0)
    var band = LumaImage(
      width: min(inkedColumns.last! + margin, page.width - 1) - left + 1,
      height: min(inkedRows.last! + margin, page.height - 1) - top + 1)
    for y in 0..<band.height {
      for x in 0..<band.width { band[x, y] = page[left + x, top + y] }
    }
    return band
  }

  /// A visa's MRV-A lines (44 characters) whose last 8 fillers are printed
  /// too faint for the blob finder: the rows it finds are 36 cells long,
  /// and their first 36 characters pass MRV-B's checks. The reader sees
  /// the model read characters beyond them and reads the whole lines.
  func testAVisaWhoseLastFillersAreFaintIsReadAsMRVA() throws {
    let visa = [
      "V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
      "L8988901C4UTO7408122F1204159<<<<<<<<<<<<<<<<",
    ]
    var image = render(visa)
    // The fixture prints line n's cell k from 6.6 + 2.54 k mm, lines at 69
    // and 76 mm, on a page 88 mm high.
    let unit = Double(image.height) / 88
    let paper = Double(image.pixels.max() ?? 255)
    for y in Int(67 * unit)..<Int(86 * unit) {
      for x in Int((6.6 + 36 * 2.54 - 0.6) * unit)..<min(image.width, Int(120 * unit)) {
        let index = y * image.stride + x
        // 4.5 % of the ink's contrast: about 9 levels, fainter than the
        // 10 the blob finder asks of ink.
        image.pixels[index] = UInt8(paper - (paper - Double(image.pixels[index])) * 0.045)
      }
    }
    let reader = try MRZModelReader(tessdata: MRZModelFolder.path)
    let reading = try XCTUnwrap(reader.readMRZ(in: image))
    XCTAssertEqual(reading.lines.map(\.count), [44, 44], "rows of MRV-A's 44 cells")
    var fusion = MRZFusion()
    var state = MRZFusion.State.collecting
    for _ in 0..<fusion.requiredAgreement { state = fusion.add(reading, today: Self.today) }
    if case .accepted(let record) = state {
      XCTAssertEqual(record.format, .mrvA)
      XCTAssertEqual(record.lines, visa)
    }
  }

  /// A page turned away from the camera about a vertical axis and read as
  /// it lies (no outline to straighten it by, as under a hand): its far
  /// side is smaller, and the MRZ's pitch grows by about a quarter along
  /// each line. Every character must still land in its own cell.
  func testAPageSeenInPerspectiveIsReadInTheWholeImage() throws {
    let page = render(Self.passportTD3)
    // A pinhole view: source column u (0...1) lies at depth 1 + g u, so it
    // shows at x = a u / (1 + g u), and its height scales by 1 / (1 + g u).
    let g = -0.1
    let (width, height) = (page.width + 80, page.height + 80)
    let a = Double(page.width) * (1 + g)
    var image = LumaImage(width: width, height: height, fill: 60)
    for y in 0..<height {
      for x in 0..<width {
        let xd = Double(x - 40)
        let u = xd / (a - g * xd)
        let depth = 1 + g * u
        let v = 0.5 + (Double(y) - Double(height) / 2) * depth / Double(page.height)
        // Bilinear, as a lens and sensor blend neighbouring source pixels.
        let (fx, fy) = (u * Double(page.width) - 0.5, v * Double(page.height) - 0.5)
        let (sx, sy) = (Int(fx.rounded(.down)), Int(fy.rounded(.down)))
        guard sx >= 0, sy >= 0, sx + 1 < page.width, sy + 1 < page.height else { continue }
        let (dx, dy) = (fx - Double(sx), fy - Double(sy))
        func at(_ x: Int, _ y: Int) -> Double { Double(page.pixels[y * page.stride + x]) }
        let top = at(sx, sy) * (1 - dx) + at(sx + 1, sy) * dx
        let bottom = at(sx, sy + 1) * (1 - dx) + at(sx + 1, sy + 1) * dx
        image.pixels[y * image.stride + x] = UInt8((top * (1 - dy) + bottom * dy).rounded())
      }
    }
    let reader = try MRZModelReader(tessdata: MRZModelFolder.path)
    let reading = try XCTUnwrap(reader.readMRZ(in: image))
    var fusion = MRZFusion()
    var state = MRZFusion.State.collecting
    for _ in 0..<fusion.requiredAgreement { state = fusion.add(reading, today: Self.today) }
    guard case .accepted(let record) = state else {
      return XCTFail("not read: \(reading.bestLines) \(reading.opinions)")
    }
    XCTAssertEqual(record.lines, Self.passportTD3)
  }
}
