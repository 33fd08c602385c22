import DocScanCore
import DocScanOCR
import DocScanOpenCV
import DocScanTestSupport
import XCTest

/// The pictures a session keeps of its sides: the dewarped document in
/// every side and result that asks for it (`attach-images`), the flags
/// that say what was extracted, and `mode=front`.
final class SidePictureSessionTests: XCTestCase {
  typealias Desk = SessionFlowTests.Desk

  /// Width and height from a PNG file's header; nil when it is not one.
  static func pngSize(_ bytes: [UInt8]?) -> (width: Int, height: Int)? {
    guard let bytes, bytes.count > 24, bytes.prefix(8) == [137, 80, 78, 71, 13, 10, 26, 10],
      Array(bytes[12..<16]) == Array("IHDR".utf8)
    else { return nil }
    func number(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
    return (number(16), number(20))
  }

  func testAttachedPictureIsTheWholeDocumentInSideResultAndJSONLine() async throws {
    let desk = Desk(
      outline: SessionFlowTests.pageOutline,
      reader: ScriptedReader(showing: SessionFlowTests.passport),
      settings: SessionSettings(attachImages: true), imaging: OpenCVImaging())
    let steps = try await desk.steps(3)
    let side = try XCTUnwrap(steps[2].sides.first)
    let result = try XCTUnwrap(steps[2].results.first)
    let size = try XCTUnwrap(Self.pngSize(side.documentImage), "the side carries a PNG")
    let expected = DocumentShape.td3.dewarpedSize(longSide: 720)
    XCTAssertEqual(size.width, expected.width)
    XCTAssertEqual(size.height, expected.height)
    XCTAssertEqual(result.documentImage, side.documentImage, "one picture, encoded once")
    XCTAssertTrue(result.documentImageExtracted)
    // The rendered fixture page prints no face: none may be claimed.
    XCTAssertFalse(result.faceImageExtracted)
    XCTAssertNil(result.faceImage)
    XCTAssertNil(side.faceImage)
    let line = JSONLine.encode(result.structure)
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    let text = try XCTUnwrap(object["document-image"] as? String)
    XCTAssertEqual(Base64.decode(text), result.documentImage, "base64 of the same PNG")
    XCTAssertNil(object["face-image"])
    // Read back from the message structure.
    XCTAssertEqual(try ResultMessage(structure: result.structure), result)
  }

  /// A passport lying upside down: the MRZ, read after a half turn, turns
  /// its picture upright (the fixture prints no face to do it).
  func testAnMRZReadUpsideDownTurnsThePictureUpright() async throws {
    let frame = SessionFlowTests.frame
    let page = SessionFlowTests.fixture.page
    let turnedPage = PixelRect(
      x: frame.width - page.x - page.width, y: frame.height - page.y - page.height,
      width: page.width, height: page.height)
    var pictures: [LumaImage] = []
    for (image, outline) in [
      (frame, SessionFlowTests.pageOutline),
      (frame.rotatedHalfTurn(), SessionFlowTests.quad(turnedPage)),
    ] {
      let reader = ScriptedReader(showing: SessionFlowTests.passport)
      reader.readOnlyUpright()
      let desk = Desk(
        outline: outline, reader: reader, settings: SessionSettings(attachImages: true),
        image: image, imaging: OpenCVImaging())
      let steps = try await desk.steps(3)
      let png = try XCTUnwrap(steps[2].sides.first?.documentImage)
      let file = FileManager.default.temporaryDirectory.appendingPathComponent(
        "docscan-picture-\(UUID().uuidString).png")
      defer { try? FileManager.default.removeItem(at: file) }
      try Data(png).write(to: file)
      pictures.append(try XCTUnwrap(LumaImage(pngFile: file.path)))
    }
    XCTAssertFalse(ScriptedReader.isUpsideDown(pictures[0]), "upright page, upright picture")
    XCTAssertFalse(ScriptedReader.isUpsideDown(pictures[1]), "upside-down page, upright picture")
  }

  /// `mode=mrz` reads the whole frame too: an MRZ read there while the
  /// outline is another part of the picture gives no picture of that part.
  func testAnOutlineWithoutTheMRZReadInTheWholeFrameIsNotPictured() async throws {
    let frame = SessionFlowTests.frame
    for (onlyWholeFrame, pictured) in [(true, false), (false, true)] {
      let reader = ScriptedReader(showing: SessionFlowTests.passport)
      if onlyWholeFrame { reader.readOnlyImages(width: frame.width, height: frame.height) }
      let desk = Desk(
        outline: SessionFlowTests.pageOutline, reader: reader,
        settings: SessionSettings(mode: .mrz, attachImages: true), imaging: OpenCVImaging())
      let steps = try await desk.steps(3)
      let result = try XCTUnwrap(steps[2].results.first)
      XCTAssertEqual(result.documentImageExtracted, pictured, "whole frame only: \(onlyWholeFrame)")
      XCTAssertEqual(result.documentImage != nil, pictured)
    }
  }

  func testWithoutAttachImagesNothingIsAttachedAndTheFlagsStillTellTheTruth() async throws {
    let desk = Desk(
      outline: SessionFlowTests.pageOutline,
      reader: ScriptedReader(showing: SessionFlowTests.passport), imaging: OpenCVImaging())
    let steps = try await desk.steps(3)
    let side = try XCTUnwrap(steps[2].sides.first)
    let result = try XCTUnwrap(steps[2].results.first)
    XCTAssertNil(side.documentImage)
    XCTAssertNil(result.documentImage)
    XCTAssertTrue(result.documentImageExtracted)
    XCTAssertFalse(result.faceImageExtracted)
    XCTAssertFalse(result.structure.fields.contains { $0.name.hasSuffix("-image") })
  }

  func testWholeFrameReadingWithoutAnOutlineExtractsNoPicture() async throws {
    let desk = Desk(
      outline: nil, reader: ScriptedReader(showing: SessionFlowTests.passport),
      settings: SessionSettings(mode: .mrz, attachImages: true), imaging: OpenCVImaging())
    let steps = try await desk.steps(3)
    let result = try XCTUnwrap(steps[2].results.first)
    XCTAssertFalse(result.documentImageExtracted, "no outline: no document to picture")
    XCTAssertNil(result.documentImage)
  }

  func testFrontModeCapturesAnyDocumentsFrontAndReadsNothing() async throws {
    let reader = ScriptedReader(showing: SessionFlowTests.passport)
    let desk = Desk(
      outline: SessionFlowTests.pageOutline, reader: reader,
      settings: SessionSettings(mode: .front, attachImages: true), imaging: OpenCVImaging())
    let steps = try await desk.steps(SideFlowFrames.front + 2)
    XCTAssertEqual(reader.calls, 0, "mode=front reads no MRZ")
    XCTAssertEqual(steps.map { $0.results.count }, [0, 0, 0, 0, 1, 0, 0])
    let side = try XCTUnwrap(steps[SideFlowFrames.front - 1].sides.first)
    XCTAssertEqual(side.side, .front)
    XCTAssertEqual(side.documentClass, .unknown)
    XCTAssertNil(side.mrzLines)
    let result = try XCTUnwrap(steps[SideFlowFrames.front - 1].results.first)
    XCTAssertEqual(result.documentClass, .unknown)
    XCTAssertFalse(result.mrzExtracted || result.barcodeExtracted || result.vizExtracted)
    XCTAssertEqual(result.documentNumber, "")
    XCTAssertTrue(result.documentImageExtracted)
    XCTAssertNotNil(Self.pngSize(result.documentImage))
    XCTAssertEqual(result.documentImage, side.documentImage)
    XCTAssertEqual(
      steps[SideFlowFrames.front - 1].feedback.first?.scanningStatus, .documentScanned)
    XCTAssertEqual(steps.last?.output.annotation.instruction, Instruction.done.rawValue)
  }

  func testFrontModeWaitsForADocument() async throws {
    let desk = Desk(
      outline: nil, reader: ScriptedReader(showing: nil),
      settings: SessionSettings(mode: .front), imaging: OpenCVImaging())
    let steps = try await desk.steps(SideFlowFrames.front + 3)
    XCTAssertTrue(steps.allSatisfy { $0.sides.isEmpty && $0.results.isEmpty })
  }
}
