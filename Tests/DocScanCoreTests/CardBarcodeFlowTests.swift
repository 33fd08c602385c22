import DocScanCore
import DocScanTestSupport
import XCTest

/// `mode=combined` with a card whose back carries a barcode (an AAMVA
/// driver licence): front, then the barcode; the back first; a back with
/// an MRZ and a PDF417 compared; a TD1 card unchanged by a barcode reader.
/// Rendered card sides on a desk with their true outline; scripted readers.
final class CardBarcodeFlowTests: XCTestCase {
  static let scene = DeskScene.placed(
    shape: .id1, centerX: 640, centerY: 360, longSide: 820, rotation: 4, keystone: 0.05)
  static let outline = scene.truth
  static let licence = AAMVASample.payload()
  static let front: LumaImage = {
    var front = scene
    front.page = CardFront.render()
    return front.render()
  }()
  static let back: LumaImage = {
    var back = scene
    back.page = BarcodeCardBack.render(payload: licence)
    return back.render()
  }()

  /// The TD1 specimen's holder as an AAMVA ID card; `surname` changes the
  /// barcode's surname.
  static func matchingID(surname: String = "ERIKSSON") -> String {
    AAMVASample.payload(
      elements: [
        ("DAQ", "D23145890"), ("DCS", surname), ("DAC", "ANNA"), ("DAD", "MARIA"),
        ("DBB", "08121974"), ("DBA", "04152012"), ("DBC", "2"), ("DCG", "USA"),
      ], type: "ID")
  }

  func makeDesk(barcodes: ScriptedBarcodeReader) -> SessionFlowTests.Desk {
    SessionFlowTests.Desk(
      outline: Self.outline, reader: ScriptedReader(showing: nil), image: Self.front,
      barcodeReader: barcodes)
  }

  func testLicenceFrontThenItsBarcode() async throws {
    let barcodes = ScriptedBarcodeReader()
    let desk = makeDesk(barcodes: barcodes)
    var steps = try await desk.steps(SideFlowFrames.front)
    XCTAssertEqual(steps.first?.feedback.first?.events, [], "the rendered front passes the gate")
    XCTAssertEqual(steps.last?.sides.map(\.side), [.front])
    let flip = try XCTUnwrap(steps.last?.feedback.first)
    XCTAssertEqual(flip.side, .back)
    XCTAssertEqual(flip.scanningStatus, .sideScanned)
    XCTAssertEqual(flip.events, [.requestSideBack])
    XCTAssertEqual(flip.instruction, Instruction.flipDocument.rawValue)

    // The back is shown, its barcode does not decode yet: it is asked for.
    desk.image = Self.back
    steps = try await desk.steps(2)
    let asked = try XCTUnwrap(steps[0].feedback.first)
    XCTAssertEqual(asked.side, .barcode)
    XCTAssertEqual(asked.scanningStatus, .barcodeInProgress)
    XCTAssertTrue(asked.events.contains(.requestSideBarcode))
    XCTAssertFalse(asked.events.contains(.requestSideBack))
    XCTAssertEqual(steps[1].output.annotation.instruction, asked.instruction)
    XCTAssertTrue(
      [Instruction.bringBarcodeCloser.rawValue, Instruction.holdStill.rawValue].contains(
        asked.instruction), asked.instruction)
    XCTAssertTrue(steps.allSatisfy { $0.sides.isEmpty && $0.results.isEmpty })

    barcodes.show([.pdf417(Self.licence)])
    let read = try await desk.step()
    XCTAssertEqual(read.names, ["docscan-side", "docscan-result", "docscan-feedback"])
    let side = try XCTUnwrap(read.sides.first)
    XCTAssertEqual(side.side, .barcode)
    XCTAssertEqual(side.documentClass, .driverLicense)
    XCTAssertEqual(side.barcodeType, "pdf417")
    XCTAssertEqual(side.barcodeData, BarcodeData(text: Self.licence, isBase64: false))
    let result = try XCTUnwrap(read.results.first)
    XCTAssertEqual(result.documentClass, .driverLicense)
    XCTAssertNil(result.mrzFormat)
    XCTAssertFalse(result.mrzExtracted)
    XCTAssertFalse(result.mrzValid)
    XCTAssertTrue(result.barcodeExtracted)
    XCTAssertEqual(result.dataMatch, .notAvailable)
    XCTAssertEqual(result.mismatchedFields, [])
    XCTAssertEqual(result.documentNumber, "T64235789")
    XCTAssertEqual(result.surname, "SAMPLE")
    XCTAssertEqual(result.givenNames, "JOHN QUINCY")
    XCTAssertEqual(result.dateOfBirth, "1990-01-15")
    XCTAssertEqual(result.dateOfExpiry, "2030-08-31")
    XCTAssertEqual(result.issuer, "VA")
    XCTAssertEqual(result.barcodeFields?.map(\.id), AAMVASample.licenceElements.map(\.0))
    XCTAssertEqual(result.framesAnalyzed, UInt32(SideFlowFrames.front + 3))
    let done = try XCTUnwrap(read.feedback.first)
    XCTAssertEqual(done.side, .barcode)
    XCTAssertEqual(done.scanningStatus, .documentScanned)
    XCTAssertEqual(done.instruction, Instruction.done.rawValue)
    XCTAssertEqual(
      read.output.annotation.result?.lines,
      [
        "Driver licence", "SAMPLE, JOHN QUINCY", "No. T64235789",
        "Born 1990-01-15, expires 2030-08-31", "PDF417 AAMVA VA",
      ])
  }

  /// The front captured, then the back whose barcode reads at once: the
  /// desk and the step that read it.
  func licenceReadAtOnce() async throws -> (SessionFlowTests.Desk, SessionFlowTests.Step) {
    let barcodes = ScriptedBarcodeReader()
    let desk = makeDesk(barcodes: barcodes)
    _ = try await desk.steps(SideFlowFrames.front)
    desk.image = Self.back
    barcodes.show([.pdf417(Self.licence)])
    return (desk, try await desk.step())
  }

  func testABarcodeReadAtOnceEndsTheSessionWithoutBeingAskedFor() async throws {
    let (_, read) = try await licenceReadAtOnce()
    XCTAssertEqual(read.sides.map(\.side), [.barcode])
    XCTAssertEqual(read.results.first?.documentClass, .driverLicense)
    XCTAssertEqual(read.feedback.first?.side, .barcode)
    XCTAssertFalse(read.feedback.contains { $0.events.contains(.requestSideBarcode) })
  }

  func testTheOverlaysResultFollowsRedactAfterTheResult() async throws {
    let (desk, read) = try await licenceReadAtOnce()
    let result = try XCTUnwrap(read.results.first)
    let card = try XCTUnwrap(read.output.annotation.result)
    XCTAssertEqual(card, ResultCard(result, redact: false))
    desk.settings.redact = true
    let redacted = try await desk.step().output.annotation.result
    XCTAssertEqual(redacted, ResultCard(result, redact: true))
    XCTAssertNotEqual(redacted, card)
    desk.settings.redact = false
    let shownAgain = try await desk.step().output.annotation.result
    XCTAssertEqual(shownAgain, card)
  }

  func testAnMRZReadOnABackWithBarsMakesItTheMRZBack() async throws {
    let desk = makeDesk(barcodes: ScriptedBarcodeReader())
    _ = try await desk.steps(SideFlowFrames.front)
    desk.image = Self.back
    let seen = try await desk.step()
    XCTAssertEqual(seen.feedback.first?.side, .barcode)
    // Bars and an MRZ on one back: the MRZ is read, the back is asked for.
    desk.reader.show(SessionFlowTests.idCardBack)
    let steps = try await desk.steps(3)
    XCTAssertEqual(steps[0].feedback.first?.side, .back)
    XCTAssertEqual(steps[0].feedback.first?.scanningStatus, .sideInProgress)
    XCTAssertEqual(steps.map { $0.results.count }, [0, 0, 1])
    XCTAssertEqual(steps[2].results.first?.mrzFormat, .td1)
  }

  func testBarcodeBackFirstIsKeptAndTheFrontIsAskedFor() async throws {
    let barcodes = ScriptedBarcodeReader(showing: [.pdf417(Self.licence)])
    let desk = makeDesk(barcodes: barcodes)
    desk.image = Self.back
    var steps = try await desk.steps(3)
    XCTAssertEqual(steps[0].sides.map(\.side), [.barcode])
    XCTAssertTrue(steps.allSatisfy { $0.results.isEmpty }, "the front is still missing")
    XCTAssertEqual(steps.flatMap(\.sides).count, 1, "the barcode side is captured once")
    let flip = try XCTUnwrap(steps[0].feedback.first)
    XCTAssertEqual(flip.side, .front)
    XCTAssertEqual(flip.scanningStatus, .sideScanned)
    XCTAssertEqual(flip.events, [], "a side shown first is no wrong side")
    XCTAssertEqual(flip.instruction, Instruction.flipDocument.rawValue)

    barcodes.show([])
    desk.image = Self.front
    steps = try await desk.steps(SideFlowFrames.front)
    XCTAssertEqual(steps[0].feedback.first?.scanningStatus, .sideInProgress)
    XCTAssertEqual(steps.map { $0.results.count }, [0, 0, 0, 0, 1])
    XCTAssertEqual(steps.last?.sides.map(\.side), [.front])
    let result = try XCTUnwrap(steps.last?.results.first)
    XCTAssertEqual(result.documentClass, .driverLicense)
    XCTAssertEqual(result.surname, "SAMPLE")
    XCTAssertEqual(steps.last?.feedback.first?.side, .front, "the front was captured last")
  }

  func testAnUndecodedBarcodeBackDoesNotCountAsTheFront() async throws {
    let desk = makeDesk(barcodes: ScriptedBarcodeReader())
    desk.image = Self.back
    let steps = try await desk.steps(SideFlowFrames.front + 3)
    XCTAssertTrue(steps.allSatisfy { $0.sides.isEmpty })
    XCTAssertTrue(steps.flatMap(\.feedback).allSatisfy { $0.side == .front })
  }

  func testAnUndecodedBarcodeBackShownFirstAsksForTheFront() async throws {
    let desk = makeDesk(barcodes: ScriptedBarcodeReader())
    desk.image = Self.back
    var steps = try await desk.steps(2)
    let flip = try XCTUnwrap(steps[0].feedback.first)
    XCTAssertEqual(flip.side, .front)
    XCTAssertEqual(flip.scanningStatus, .sideInProgress, "nothing is captured yet")
    XCTAssertEqual(flip.events, [], "nothing was captured: no side shown again")
    XCTAssertEqual(flip.instruction, Instruction.flipDocument.rawValue)

    // Turned over: the front counts, then the back is asked for.
    desk.image = Self.front
    steps = try await desk.steps(SideFlowFrames.front)
    XCTAssertEqual(steps[0].feedback.first?.events, [], "no wrong-side on the front")
    XCTAssertEqual(steps.last?.sides.map(\.side), [.front])
    XCTAssertEqual(steps.last?.feedback.first?.events, [.requestSideBack])
  }

  func testBackWithMRZAndBarcodeComparesThem() async throws {
    for (surname, expected) in [("ERIKSSON", DataMatch.match), ("ERIKSEN", .mismatch)] {
      let barcodes = ScriptedBarcodeReader()
      let desk = makeDesk(barcodes: barcodes)
      _ = try await desk.steps(SideFlowFrames.front)
      // The MRZ fuses over 3 frames; the barcode reads from the first and
      // waits for it.
      barcodes.show([.pdf417(Self.matchingID(surname: surname))])
      desk.reader.show(SessionFlowTests.idCardBack)
      let steps = try await desk.steps(4)
      XCTAssertEqual(steps.map { $0.results.count }, [0, 0, 1, 0], surname)
      XCTAssertEqual(steps[0].sides.map(\.side), [.barcode])
      XCTAssertEqual(steps[2].sides.map(\.side), [.back])
      let result = try XCTUnwrap(steps[2].results.first)
      XCTAssertEqual(result.documentClass, .idCard, "the AAMVA class: an ID card")
      XCTAssertEqual(result.mrzFormat, .td1)
      XCTAssertTrue(result.mrzExtracted && result.barcodeExtracted)
      XCTAssertEqual(result.surname, "ERIKSSON", "the MRZ's fields")
      XCTAssertEqual(result.dataMatch, expected, surname)
      XCTAssertEqual(result.mismatchedFields, expected == .match ? [] : ["surname"])
      XCTAssertNotNil(result.barcodeFields)
      let lines = try XCTUnwrap(steps[3].output.annotation.result?.lines)
      XCTAssertEqual(
        Array(lines.suffix(expected == .match ? 1 : 2)),
        expected == .match
          ? ["PDF417 AAMVA VA, matches the MRZ"]
          : ["PDF417 AAMVA VA differs from the MRZ:", "  ERIKSEN"])
    }
  }

  func testABarcodeWaitsOnlySoLongForAnMRZThatDoesNotVerify() async throws {
    let barcodes = ScriptedBarcodeReader()
    let desk = makeDesk(barcodes: barcodes)
    _ = try await desk.steps(SideFlowFrames.front)
    barcodes.show([.pdf417(Self.licence)])
    desk.reader.show(SessionFlowTests.misprinted)
    let steps = try await desk.steps(12)
    let results = steps.flatMap(\.results)
    XCTAssertEqual(results.count, 1)
    XCTAssertEqual(
      steps.firstIndex { !$0.results.isEmpty }, 8,  // SideFlow.framesWaitingForMRZ
      "the barcode waits while an MRZ is being read")
    XCTAssertFalse(results[0].mrzExtracted, "an MRZ that does not verify is never a result")
    XCTAssertEqual(results[0].dataMatch, .notAvailable)
  }

  func testGlareOnTheBackDoesNotKeepItsBarcodeFromBeingRead() async throws {
    let barcodes = ScriptedBarcodeReader()
    let desk = makeDesk(barcodes: barcodes)
    _ = try await desk.steps(SideFlowFrames.front)
    desk.image = Self.back.withHighlight(centerX: 760, centerY: 230, radius: 90)
    barcodes.show([.pdf417(Self.licence)])
    let read = try await desk.step()
    XCTAssertTrue(
      read.feedback.first?.events.contains(.glare) == true, "the premise: glare on the back")
    XCTAssertEqual(read.sides.map(\.side), [.barcode])
    XCTAssertEqual(read.results.count, 1)
  }

  func testAnyBarcodeOnTheBackOfACardIsItsBarcodeSide() async throws {
    let qr = ScannedBarcode(
      symbology: "qrcode", bytes: Array("MEMBER 0042".utf8), text: "MEMBER 0042",
      sources: ["zxing", "zbar"])
    let barcodes = ScriptedBarcodeReader()
    let desk = makeDesk(barcodes: barcodes)
    _ = try await desk.steps(SideFlowFrames.front)
    barcodes.show([qr])
    let read = try await desk.step()
    let result = try XCTUnwrap(read.results.first)
    XCTAssertEqual(result.documentClass, .barcode)
    XCTAssertEqual(result.barcodeType, "qrcode")
    XCTAssertNil(result.barcodeFields)
    XCTAssertEqual(read.output.annotation.result?.lines, ["Barcode", "QR code: MEMBER 0042"])
  }

  func testTD1CardIsUnchangedByTheBarcodeReader() async throws {
    let barcodes = ScriptedBarcodeReader()
    let desk = SessionFlowTests.Desk(
      outline: SessionFlowTests.cardOutline, reader: ScriptedReader(showing: nil),
      barcodeReader: barcodes)
    _ = try await desk.steps(SideFlowFrames.front)
    desk.reader.show(SessionFlowTests.idCardBack)
    let steps = try await desk.steps(3)
    XCTAssertEqual(steps.map { $0.results.count }, [0, 0, 1])
    let result = try XCTUnwrap(steps[2].results.first)
    XCTAssertEqual(result.documentClass, .idCard)
    XCTAssertFalse(result.barcodeExtracted)
    XCTAssertNil(result.barcodeType)
    XCTAssertGreaterThan(barcodes.calls, 0, "the card was looked at for a barcode")
    XCTAssertFalse(steps.flatMap(\.feedback).contains { $0.side == .barcode })
  }

  func testPassportPagesAreNotReadForBarcodes() async throws {
    let barcodes = ScriptedBarcodeReader()
    let desk = SessionFlowTests.Desk(
      outline: SessionFlowTests.pageOutline,
      reader: ScriptedReader(showing: SessionFlowTests.passport), barcodeReader: barcodes)
    _ = try await desk.steps(3)
    XCTAssertEqual(barcodes.calls, 0, "only an ID-1 card may carry its data in a barcode")
  }
}
