import DocScanCore
import DocScanTestSupport
import XCTest

/// The session's MRZ flow with a scripted reader: which sides are asked
/// for, when `docscan-side` and `docscan-result` are posted, and what the
/// feedback says meanwhile.
final class SessionFlowTests: XCTestCase {
  static let fixture = DocumentFixture(frameWidth: 1280, frameHeight: 720)
  static let frame = fixture.render()
  static let today = MRZDate(year: 2025, month: 6, day: 15)

  static let passport = DocumentFixture.mrz
  static let idCardBack = [
    "I<UTOD231458907<<<<<<<<<<<<<<<",
    "7408122F1204159UTO<<<<<<<<<<<6",
    "ERIKSSON<<ANNA<MARIA<<<<<<<<<<",
  ]
  /// The passport with a wrong composite check digit, as printed.
  static let misprinted = [
    "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
    "L898902C36UTO7408122F1204159ZE184226B<<<<<11",
  ]

  /// The passport page's outline.
  static var pageOutline: Quad { quad(fixture.page) }

  /// An ID-1 card's outline, inside the page (so the dewarped card is sharp
  /// print on paper).
  static var cardOutline: Quad {
    let page = fixture.page
    let height = page.height - 40
    let width = Int(Double(height) * DocumentShape.id1.aspectRatio)
    return quad(
      PixelRect(
        x: page.x + (page.width - width) / 2, y: page.y + 20, width: width, height: height))
  }

  static func quad(_ rect: PixelRect) -> Quad {
    let (x, y) = (Double(rect.x), Double(rect.y))
    let (w, h) = (Double(rect.width), Double(rect.height))
    return Quad(unordered: [
      Point(x: x, y: y), Point(x: x + w, y: y), Point(x: x + w, y: y + h), Point(x: x, y: y + h),
    ])
  }

  /// What one analysed frame produced, read back through the typed messages.
  struct Step {
    var output: SessionOutput
    var sides: [SideMessage]
    var results: [ResultMessage]
    var feedback: [FeedbackMessage]
    var names: [String]
  }

  /// A session on the rendered frame with a scripted outline and reader,
  /// stepped one frame at a time `interval` milliseconds apart.
  final class Desk {
    let session: ScanSession
    let reader: ScriptedReader
    var settings: SessionSettings
    var clock: UInt64 = 0
    let interval: UInt64
    /// What the camera sees from the next frame on.
    var image: LumaImage
    /// The video's colour (chroma planes), when it has any.
    var colour: ChromaImage?

    /// `vision` (a `MovableVision`, say) replaces the fixed `outline`; both
    /// are scripted.
    init(
      outline: Quad?, vision: (any DocumentVision)? = nil, reader: ScriptedReader,
      settings: SessionSettings = SessionSettings(),
      interval: UInt64 = 40, image: LumaImage = SessionFlowTests.frame,
      barcodeReader: (any BarcodeScanning)? = nil, imaging: (any DocumentImaging)? = nil,
      desk: String? = nil
    ) {
      self.reader = reader
      self.settings = settings
      self.interval = interval
      self.image = image
      // A scripted outline is where the test says the document is (a card
      // drawn inside the passport fixture): it is not moved onto the page;
      // and none means no document in view, though the fixture's page and
      // its MRZ are drawn in every frame.
      var detector = DocumentDetector()
      detector.edgeSnap.reach = 0
      detector.outlinesFromMRZBand = false
      session = ScanSession(
        vision: vision ?? ScriptedVision(outline: outline), mrzReader: reader,
        barcodeReader: barcodeReader, imaging: imaging, today: { SessionFlowTests.today },
        desk: desk, detector: detector)
    }

    func step() async throws -> Step {
      let time = clock * Nanoseconds.perMillisecond
      clock += interval
      let frame = AnalysisFrame(
        luma: image, sourceWidth: image.width, sourceHeight: image.height,
        times: StreamTimes(timestamp: time, streamTime: time, runningTime: time),
        sourceChroma: colour)
      return try Step(await session.analyze(frame, settings: settings))
    }

    /// `count` frames; all their steps.
    func steps(_ count: Int) async throws -> [Step] {
      var steps: [Step] = []
      for _ in 0..<count { steps.append(try await step()) }
      return steps
    }
  }

  func testPassportIsScannedFromOneSideAndReportedOnce() async throws {
    let desk = Desk(outline: Self.pageOutline, reader: ScriptedReader(showing: Self.passport))
    let steps = try await desk.steps(8)
    XCTAssertEqual(steps[0].feedback.first?.scanningStatus, .sideInProgress)
    XCTAssertEqual(steps[0].feedback.first?.events, [], "the rendered page passes the gate")
    // Accepted on the third reading that agrees.
    XCTAssertEqual(steps.map { $0.results.count }, [0, 0, 1, 0, 0, 0, 0, 0])
    XCTAssertEqual(steps.flatMap(\.sides).count, 1)
    XCTAssertEqual(
      steps[2].names, ["docscan-side", "docscan-result", "docscan-feedback"],
      "side, then result, then the new guidance")

    let side = try XCTUnwrap(steps[2].sides.first)
    XCTAssertEqual(side.side, .front)
    XCTAssertEqual(side.documentClass, .passport)
    XCTAssertEqual(side.mrzLines, Self.passport)

    let result = try XCTUnwrap(steps[2].results.first)
    XCTAssertEqual(result.session, 1)
    XCTAssertEqual(result.documentClass, .passport)
    XCTAssertEqual(result.mrzFormat, .td3)
    XCTAssertEqual(result.mrzLines, Self.passport)
    XCTAssertTrue(result.mrzValid)
    XCTAssertEqual(result.documentNumber, "L898902C3")
    XCTAssertEqual(result.surname, "ERIKSSON")
    XCTAssertEqual(result.givenNames, "ANNA MARIA")
    XCTAssertEqual(result.nationality, "UTO")
    XCTAssertEqual(result.issuer, "UTO")
    XCTAssertEqual(result.sex, "F")
    XCTAssertEqual(result.optionalData, "ZE184226B")
    XCTAssertEqual(result.dateOfBirth, "1974-08-12")
    XCTAssertEqual(result.dateOfExpiry, "2012-04-15")
    XCTAssertEqual(result.dataMatch, .notAvailable)
    XCTAssertEqual(result.mismatchedFields, [])
    XCTAssertTrue(result.mrzExtracted)
    XCTAssertFalse(
      result.barcodeExtracted || result.vizExtracted || result.documentImageExtracted
        || result.faceImageExtracted)
    XCTAssertEqual(result.framesAnalyzed, 3)
    XCTAssertEqual(result.elapsed, 80 * Nanoseconds.perMillisecond)
    XCTAssertEqual(result.times.streamTime, 80 * Nanoseconds.perMillisecond)

    let done = try XCTUnwrap(steps[2].feedback.first)
    XCTAssertEqual(done.scanningStatus, .documentScanned)
    XCTAssertEqual(done.instruction, Instruction.done.rawValue)
    for step in steps[3...] {
      XCTAssertEqual(step.output.annotation.instruction, Instruction.done.rawValue)
      XCTAssertTrue(step.feedback.allSatisfy { $0.scanningStatus == .documentScanned })
    }
    let card = try XCTUnwrap(steps.last?.output.annotation.result)
    XCTAssertEqual(
      card.lines,
      [
        "Passport", "ERIKSSON, ANNA MARIA", "No. L898902C3",
        "Born 1974-08-12, expires 2012-04-15", "MRZ valid",
      ])
  }

  func testIDCardInCombinedModeNeedsTheFrontThenTheBack() async throws {
    let reader = ScriptedReader(showing: nil)
    let desk = Desk(outline: Self.cardOutline, reader: reader)
    var steps = try await desk.steps(SideFlowFrames.front)
    XCTAssertEqual(steps.map { $0.sides.count }, [0, 0, 0, 0, 1])
    let front = try XCTUnwrap(steps.last?.sides.first)
    XCTAssertEqual(front.side, .front)
    XCTAssertEqual(front.documentClass, .idCard)
    XCTAssertNil(front.mrzLines)
    let flip = try XCTUnwrap(steps.last?.feedback.first)
    XCTAssertEqual(flip.side, .back)
    XCTAssertEqual(flip.scanningStatus, .sideScanned)
    XCTAssertTrue(flip.events.contains(.requestSideBack))
    XCTAssertEqual(flip.instruction, Instruction.flipDocument.rawValue)

    // Still the front in view: the request stands, nothing else happens.
    steps = try await desk.steps(3)
    XCTAssertTrue(steps.allSatisfy { $0.sides.isEmpty && $0.results.isEmpty })
    XCTAssertEqual(steps.last?.output.annotation.instruction, Instruction.flipDocument.rawValue)

    reader.show(Self.idCardBack)
    steps = try await desk.steps(4)
    let seen = try XCTUnwrap(steps[0].feedback.first, "the back in view changes the guidance")
    XCTAssertEqual(seen.side, .back)
    XCTAssertEqual(seen.scanningStatus, .sideInProgress)
    XCTAssertFalse(seen.events.contains(.requestSideBack))
    XCTAssertEqual(steps.map { $0.results.count }, [0, 0, 1, 0])
    let back = try XCTUnwrap(steps[2].sides.first)
    XCTAssertEqual(back.side, .back)
    XCTAssertEqual(back.mrzLines, Self.idCardBack)
    let result = try XCTUnwrap(steps[2].results.first)
    XCTAssertEqual(result.documentClass, .idCard)
    XCTAssertEqual(result.mrzFormat, .td1)
    XCTAssertEqual(result.documentNumber, "D23145890")
    XCTAssertEqual(result.framesAnalyzed, 11, "5 of the front, 3 asking to flip, 3 of the back")
  }

  func testIDCardBackFirstIsKeptAndTheFrontIsAskedFor() async throws {
    let reader = ScriptedReader(showing: Self.idCardBack)
    let vision = MovableVision()
    vision.show(Self.cardOutline)
    let desk = Desk(outline: nil, vision: vision, reader: reader)
    var steps = try await desk.steps(3)
    XCTAssertEqual(steps[2].sides.map(\.side), [.back])
    XCTAssertEqual(steps[2].sides.first?.mrzLines, Self.idCardBack)
    XCTAssertTrue(steps.allSatisfy { $0.results.isEmpty }, "the front is still missing")
    let flip = try XCTUnwrap(steps[2].feedback.first)
    XCTAssertEqual(flip.side, .front)
    XCTAssertEqual(flip.scanningStatus, .sideScanned)
    XCTAssertFalse(flip.events.contains(.wrongSide), "a side shown first is no wrong side")
    XCTAssertEqual(flip.instruction, Instruction.flipDocument.rawValue)

    // The back stays in view: the flip is asked for, nothing captured again.
    steps = try await desk.steps(3)
    XCTAssertTrue(steps.allSatisfy { $0.sides.isEmpty && $0.results.isEmpty })
    XCTAssertFalse(steps.flatMap(\.feedback).contains { $0.events.contains(.wrongSide) })
    XCTAssertTrue(
      steps.last?.output.annotation.instruction == Instruction.flipDocument.rawValue)

    // Taken away and shown again the same side up: now the wrong side.
    vision.show(nil)
    reader.show(nil)
    let shown = desk.image
    desk.image = LumaImage(width: shown.width, height: shown.height, fill: 80)  // the bare desk
    _ = try await desk.steps(3)  // FlipWatch.framesAway frames without a document
    desk.image = shown
    vision.show(Self.cardOutline)
    reader.show(Self.idCardBack)
    steps = try await desk.steps(2)
    XCTAssertTrue(steps.allSatisfy { $0.sides.isEmpty && $0.results.isEmpty })
    let again = try XCTUnwrap(steps.flatMap(\.feedback).last)
    XCTAssertTrue(again.events.contains(.wrongSide))
    XCTAssertEqual(again.instruction, Instruction.flipDocument.rawValue)

    reader.show(nil)
    steps = try await desk.steps(SideFlowFrames.front)
    let front = try XCTUnwrap(steps[0].feedback.first, "the front in view changes the guidance")
    XCTAssertFalse(front.events.contains(.wrongSide))
    XCTAssertEqual(front.scanningStatus, .sideInProgress)
    XCTAssertEqual(steps.map { $0.results.count }, [0, 0, 0, 0, 1])
    XCTAssertEqual(steps.last?.sides.map(\.side), [.front])
    let result = try XCTUnwrap(steps.last?.results.first)
    XCTAssertEqual(result.mrzLines, Self.idCardBack, "the back's MRZ was kept")
    XCTAssertEqual(result.documentClass, .idCard)
  }

  func testMRZModeIsDoneWithTheBackOfAnIDCard() async throws {
    let desk = Desk(
      outline: Self.cardOutline, reader: ScriptedReader(showing: Self.idCardBack),
      settings: SessionSettings(mode: .mrz))
    let steps = try await desk.steps(4)
    XCTAssertEqual(steps.map { $0.results.count }, [0, 0, 1, 0])
    XCTAssertEqual(steps.flatMap(\.sides).map(\.side), [.back])
    XCTAssertFalse(steps.flatMap(\.feedback).contains { $0.events.contains(.wrongSide) })
    XCTAssertEqual(steps[2].results.first?.mrzFormat, .td1)
  }

  func testMRZModeReadsTheWholeFrameWhenNoOutlineIsFound() async throws {
    let reader = ScriptedReader(showing: Self.passport)
    let desk = Desk(outline: nil, reader: reader, settings: SessionSettings(mode: .mrz))
    let steps = try await desk.steps(3)
    XCTAssertEqual(steps[2].results.count, 1)
    XCTAssertEqual(reader.sizes.first?.width, 1280, "the whole analysis frame")

    // A page filling the frame shows no outline in combined mode either.
    let combinedReader = ScriptedReader(showing: Self.passport)
    let combined = Desk(outline: nil, reader: combinedReader)
    let filling = try await combined.steps(3)
    XCTAssertEqual(filling[2].results.count, 1)
    XCTAssertEqual(combinedReader.sizes.first?.width, 1280, "the whole analysis frame")
  }

  func testTheQualityGateNeverKeepsAReadableMRZFromBeingRead() async throws {
    // So blurred that every frame raises the blur event: the MRZ is still
    // read, and the check digits and fusion decide.
    let desk = Desk(
      outline: Self.pageOutline, reader: ScriptedReader(showing: Self.passport),
      image: Self.frame.gaussianBlurred(sigma: 6))
    let steps = try await desk.steps(3)
    XCTAssertTrue(steps[0].feedback.first?.events.contains(.blur) ?? false, "blurred")
    XCTAssertEqual(steps.map { $0.results.count }, [0, 0, 1])
    XCTAssertEqual(steps[2].results.first?.mrzLines, Self.passport)
  }

  func testASideWayFrameIsReadAQuarterTurnRound() async throws {
    let reader = ScriptedReader(showing: Self.passport)
    reader.readOnlyLandscape()
    let desk = Desk(
      outline: nil, reader: reader, settings: SessionSettings(mode: .mrz),
      image: Self.frame.rotatedClockwise())
    let steps = try await desk.steps(3)
    XCTAssertEqual(steps[2].results.count, 1)
    XCTAssertTrue(reader.sizes.contains { $0.width > $0.height }, "turned back to landscape")
  }

  func testWrongCheckDigitNeverGivesAResult() async throws {
    let desk = Desk(outline: Self.pageOutline, reader: ScriptedReader(showing: Self.misprinted))
    let steps = try await desk.steps(12)
    XCTAssertTrue(steps.allSatisfy { $0.results.isEmpty && $0.sides.isEmpty })
    let instructions = steps.map(\.output.annotation.instruction)
    XCTAssertEqual(instructions.first, Instruction.scanning.rawValue)
    XCTAssertEqual(instructions.last, "MRZ cannot be verified")
    let unverified = try XCTUnwrap(steps.flatMap(\.feedback).last)
    XCTAssertEqual(unverified.instruction, "MRZ cannot be verified")
    XCTAssertEqual(unverified.scanningStatus, .sideInProgress)
    XCTAssertEqual(unverified.events, [], "no event of its own: SPEC's list is fixed")
    XCTAssertEqual(steps.last?.output.annotation.tone, .warning)
    let debug = steps.flatMap(\.output.logs).filter { $0.level == .debug }
    XCTAssertTrue(debug.contains { $0.message.contains("composite") }, "\(debug)")
  }

  func testAutoResetStartsTheNextSessionAfterTheResult() async throws {
    let desk = Desk(
      outline: Self.pageOutline, reader: ScriptedReader(showing: Self.passport),
      settings: SessionSettings(autoResetSeconds: 2), interval: 200)
    // Result at 400 ms; session 2 from 2400 ms, its result at 2800 ms.
    let steps = try await desk.steps(16)
    let results = steps.flatMap(\.results)
    XCTAssertEqual(results.map(\.session), [1, 2])
    XCTAssertEqual(results.map { $0.times.streamTime! / Nanoseconds.perMillisecond }, [400, 2800])
    XCTAssertEqual(results.last?.elapsed, 400 * Nanoseconds.perMillisecond)
    XCTAssertEqual(results.last?.framesAnalyzed, 3)
    let feedback = steps.flatMap(\.feedback)
    XCTAssertFalse(feedback.contains { $0.scanningStatus == .cancelled })
    let firstOfSession2 = try XCTUnwrap(feedback.first { $0.session == 2 })
    XCTAssertEqual(firstOfSession2.times.streamTime, 2400 * Nanoseconds.perMillisecond)
    XCTAssertEqual(firstOfSession2.scanningStatus, .sideInProgress)
  }

  func testAutoResetAlsoWhenTheStreamTimeStartsAgain() async throws {
    let desk = Desk(
      outline: Self.pageOutline, reader: ScriptedReader(showing: Self.passport),
      settings: SessionSettings(autoResetSeconds: 1), interval: 200)
    // Result at 400 ms; then the clip loops: stream time starts again at 0
    // (a file played again with segment seeks).
    let first = try await desk.steps(6)
    desk.clock = 0
    let again = try await desk.steps(8)
    let results = (first + again).flatMap(\.results)
    XCTAssertEqual(results.map(\.session), [1, 2], "the next pass gives its own result")
    // 600 ms of the first pass after the result, then 400 ms of the next:
    // session 2 from its frame at 400 ms, its result three frames on.
    XCTAssertEqual(results.last?.times.streamTime, 800 * Nanoseconds.perMillisecond)
    XCTAssertEqual(results.last?.elapsed, 400 * Nanoseconds.perMillisecond)
  }

  func testEveryResultHasItsOwnIDAndEverySideAndResultTheDesk() async throws {
    let desk = Desk(
      outline: Self.pageOutline, reader: ScriptedReader(showing: Self.passport),
      settings: SessionSettings(autoResetSeconds: 2), interval: 200, desk: "hall B, desk 4")
    let steps = try await desk.steps(16)
    let results = steps.flatMap(\.results)
    XCTAssertEqual(results.map(\.session), [1, 2], "the same document shown twice")
    XCTAssertEqual(Set(results.map(\.resultID)).count, 2, "one ID per result")
    XCTAssertEqual(results.map(\.desk), ["hall B, desk 4", "hall B, desk 4"])
    XCTAssertEqual(steps.flatMap(\.sides).map(\.desk), ["hall B, desk 4", "hall B, desk 4"])
    XCTAssertTrue(steps.flatMap(\.feedback).allSatisfy { $0.structure["desk"] == nil })
  }

  func testNoAutoResetWhenDisabledAndNoTimeoutAfterTheResult() async throws {
    let desk = Desk(
      outline: Self.pageOutline, reader: ScriptedReader(showing: Self.passport),
      settings: SessionSettings(timeoutSeconds: 1), interval: 400)
    let steps = try await desk.steps(8)
    XCTAssertEqual(steps.flatMap(\.results).count, 1)
    XCTAssertTrue(steps.flatMap(\.feedback).allSatisfy { $0.session == 1 })
    XCTAssertFalse(steps.flatMap(\.feedback).contains { $0.scanningStatus == .timeout })
  }

  func testResetAfterTheResultPostsNoCancelled() async throws {
    let desk = Desk(outline: Self.pageOutline, reader: ScriptedReader(showing: Self.passport))
    _ = try await desk.steps(3)
    let reset = await desk.session.reset()
    XCTAssertEqual(reset.messages, [], "the session had finished")
    XCTAssertNil(reset.annotation.result)
    let next = try await desk.step()
    XCTAssertEqual(next.feedback.map(\.session), [2])
    XCTAssertEqual(next.feedback.first?.scanningStatus, .sideInProgress)
    XCTAssertNil(next.output.annotation.result)
    // Playing again after the result: no cancelled either.
    _ = try await desk.steps(2)
    let resumed = await desk.session.resume()
    XCTAssertEqual(resumed.messages, [])
  }

  func testTraceSaysWhereTheMRZWasReadAndWhatEachViewRead() async throws {
    let desk = Desk(outline: Self.pageOutline, reader: ScriptedReader(showing: Self.passport))
    let trace = try await desk.step().output.logs.filter { $0.level == .trace }.map(\.message)
    XCTAssertEqual(trace.count, 1, "one line per reading")
    let line = try XCTUnwrap(trace.first)
    XCTAssertTrue(line.contains("MRZ read in the document, quarter turns 0"), line)
    XCTAssertTrue(line.contains("first \(Self.passport[0]) / \(Self.passport[1])"), line)
    XCTAssertTrue(line.contains("; second "), line)
  }

  func testRedactMasksTheDrawingAndEveryLogLine() async throws {
    let plain = Desk(outline: Self.pageOutline, reader: ScriptedReader(showing: Self.passport))
    let plainLogs = try await plain.steps(3).flatMap(\.output.logs)
    let info = plainLogs.filter { $0.level <= .debug }.map(\.message).joined(separator: "\n")
    XCTAssertFalse(info.contains("ERIKSSON") || info.contains("L898902C3"), info)
    XCTAssertTrue(info.contains("E*") && info.contains("L*"), info)
    XCTAssertTrue(
      plainLogs.contains { $0.level == .log && $0.message.contains("ERIKSSON") },
      "LOG level shows the MRZ without redact")

    let redacted = Desk(
      outline: Self.pageOutline, reader: ScriptedReader(showing: Self.passport),
      settings: SessionSettings(redact: true))
    let steps = try await redacted.steps(4)
    let all = steps.flatMap(\.output.logs).map(\.message).joined(separator: "\n")
    XCTAssertFalse(all.contains("ERIKSSON") || all.contains("L898902C3"), all)
    let card = try XCTUnwrap(steps.last?.output.annotation.result)
    XCTAssertEqual(
      card.lines, ["Passport", "E*, A* M*", "No. L*", "Born 1*, expires 2012-04-15", "MRZ valid"])
    // The message itself is not redacted: it is the application's data.
    XCTAssertEqual(steps[2].results.first?.surname, "ERIKSSON")
  }

  func testUprightAndUpsideDownDocumentsAreReadLandscape() async throws {
    // The frame turned a quarter: the page stands upright, portrait.
    let turned = Self.frame.rotatedClockwise()
    let page = Self.fixture.page
    let outline = Self.quad(
      PixelRect(
        x: Self.frame.height - page.y - page.height, y: page.x, width: page.height,
        height: page.width))
    let reader = ScriptedReader(showing: Self.passport)
    let desk = Desk(outline: outline, reader: reader, image: turned)
    _ = try await desk.step()
    XCTAssertEqual(reader.sizes.count, 1)
    XCTAssertGreaterThan(reader.sizes[0].width, reader.sizes[0].height, "read on the landscape")

    // Upside down: the first orientation fails, the half turn reads; the
    // next frame starts with the half turn.
    let upsideDown = ScriptedReader(showing: Self.passport)
    upsideDown.readOnlyUpright()
    let flipped = Desk(
      outline: Self.pageOutline, reader: upsideDown, image: Self.frame.rotatedHalfTurn())
    let first = try await flipped.step()
    XCTAssertEqual(upsideDown.calls, 2)
    _ = try await flipped.steps(2)
    XCTAssertEqual(upsideDown.calls, 4, "one read per frame once the orientation is known")
    XCTAssertEqual(first.results.count, 0)
  }

  func testAReaderThatTurnsImagesItselfIsAskedOncePerFrame() async throws {
    let reader = ScriptedReader(showing: nil)
    reader.readAnyOrientation()
    let desk = Desk(outline: Self.pageOutline, reader: reader, image: Self.frame)
    _ = try await desk.steps(3)
    XCTAssertEqual(reader.calls, 3, "no half-turn retry on top of the reader's own")
  }
}

/// Frames a TD1 front needs before it counts as captured.
enum SideFlowFrames {
  static let front = 5
}

extension SessionFlowTests.Step {
  init(_ output: SessionOutput) throws {
    self.output = output
    names = output.messages.map(\.name)
    sides = try output.messages.filter { $0.name == SideMessage.structureName }
      .map(SideMessage.init(structure:))
    results = try output.messages.filter { $0.name == ResultMessage.structureName }
      .map(ResultMessage.init(structure:))
    feedback = try output.messages.filter { $0.name == FeedbackMessage.structureName }
      .map(FeedbackMessage.init(structure:))
  }
}
