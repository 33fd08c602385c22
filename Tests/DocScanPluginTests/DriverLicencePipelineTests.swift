import DocScanCore
import DocScanTestSupport
import Foundation
import XCTest

/// A driver licence scanned in the default mode: a rendered licence front
/// (portrait and printed lines, no MRZ) on a desk for 1 s, then its back
/// (an AAMVA PDF417) for 2 s, as H.264 in MP4 through `docscan
/// analysis=sync`: the front, then the barcode side, then a
/// `driver-license` result with every AAMVA field. And a TD1 card the same
/// way (a front, then the MRZ back): barcode reading leaves it as it was.
final class DriverLicencePipelineTests: XCTestCase {
  static let fps = 30

  /// 1 s of `front`, then 2 s of the back: `backPage`, or the TD1 MRZ
  /// back when nil. `backFirst` swaps the sides.
  func renderClip(
    front frontPage: LumaImage, back backPage: LumaImage?, backFirst: Bool = false,
    in folder: URL
  ) throws -> String {
    var scene = DeskScene.placed(
      shape: .id1, centerX: 640, centerY: 370, longSide: 860, rotation: 6, keystone: 0.06)
    scene.page = frontPage
    let front = scene.render().gaussianBlurred(sigma: 0.7)
    scene.page = backPage
    scene.mrz = DocumentFixture.td1Mrz
    let back = scene.render().gaussianBlurred(sigma: 0.7)
    for index in 0..<(3 * Self.fps) {
      let first = backFirst ? back : front
      let second = backFirst ? front : back
      let image = (index < Self.fps ? first : second).noisy(
        amplitude: 4, seed: UInt64(index + 1))
      let path = folder.appendingPathComponent("frame\(String(index + 100_000).dropFirst()).pgm")
      XCTAssertTrue(image.writePGM(to: path.path))
    }
    return try GStreamerRunner.encodeClip(framesIn: folder, named: "licence.mp4")
  }

  func testLicenceFrontThenBackGivesEveryAAMVAField() throws {
    _ = try GStreamerRunner.requirePlugin()
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let clip = try renderClip(
      front: CardFront.render(),
      back: try XCTUnwrap(BarcodeCardBack.render(payload: AAMVASample.payload())), in: folder)
    let (output, messages) = try GStreamerRunner.launch(
      "filesrc location=\(clip) ! qtdemux ! avdec_h264 ! videoconvert ! "
        + "docscan analysis=sync ! fakesink")
    XCTAssertEqual(output.status, 0, output.stderr)

    let sides = try messages.filter { $0.name == SideMessage.structureName }.map(SideMessage.init)
    XCTAssertEqual(sides.map(\.side), [.front, .barcode])
    XCTAssertEqual(sides.last?.documentClass, .driverLicense)
    XCTAssertEqual(sides.last?.barcodeType, "pdf417")
    let frontTime = Double(sides.first?.times.streamTime ?? .max) / 1e9
    XCTAssertLessThan(frontTime, 1, "the front is captured while it is in view")

    let results = try messages.filter { $0.name == ResultMessage.structureName }
      .map(ResultMessage.init)
    XCTAssertEqual(results.count, 1)
    let result = try XCTUnwrap(results.first)
    let payload = AAMVASample.payload()
    let parsed = try AAMVAParser.parse(Array(payload.utf8))
    XCTAssertEqual(result.documentClass, .driverLicense)
    XCTAssertEqual(result.barcodeType, "pdf417")
    XCTAssertEqual(result.barcodeData, BarcodeData(text: payload, isBase64: false))
    XCTAssertTrue(result.barcodeExtracted)
    XCTAssertFalse(result.mrzExtracted)
    XCTAssertFalse(result.mrzValid)
    XCTAssertNil(result.mrzLines)
    XCTAssertEqual(result.dataMatch, .notAvailable)
    XCTAssertEqual(result.mismatchedFields, [])
    XCTAssertEqual(result.documentNumber, "T64235789")
    XCTAssertEqual(result.surname, "SAMPLE")
    XCTAssertEqual(result.givenNames, "JOHN QUINCY")
    XCTAssertEqual(result.dateOfBirth, "1990-01-15")
    XCTAssertEqual(result.dateOfExpiry, "2030-08-31")
    XCTAssertEqual(result.sex, "M")
    XCTAssertEqual(result.nationality, "USA")
    XCTAssertEqual(result.issuer, "VA")
    XCTAssertEqual(result.barcodeFields, parsed.elements)
    XCTAssertEqual(
      result.barcodeFields?.map(\.id), AAMVASample.licenceElements.map(\.0), "every element")

    // The guidance: the front, the request to flip, then the barcode side.
    let feedback = try GStreamerRunner.feedback(in: messages)
    let flip = try XCTUnwrap(feedback.firstIndex { $0.events.contains(.requestSideBack) })
    XCTAssertEqual(feedback[flip].side, .back)
    XCTAssertEqual(feedback[flip].instruction, Instruction.flipDocument.rawValue)
    XCTAssertTrue(feedback[..<flip].allSatisfy { $0.side == .front })
    let barcode = try XCTUnwrap(feedback.firstIndex { $0.side == .barcode })
    XCTAssertGreaterThan(barcode, flip)
    XCTAssertEqual(feedback.last?.side, .barcode)
    XCTAssertEqual(feedback.last?.scanningStatus, .documentScanned)
    let resultTime = Double(result.times.streamTime ?? .max) / 1e9
    print(
      "DRIVER LICENCE front then back: front at \(frontTime) s, result at \(resultTime) s "
        + "(back shown from 1.0 s), \(result.framesAnalyzed) frames analysed, feedback sides "
        + feedback.map { "\($0.side.rawValue)/\($0.scanningStatus.rawValue)" }.joined(
          separator: " "))
  }

  /// The back first, its PDF417 not decoded (`barcode-types=qrcode`) but
  /// seen: the person is told to turn the card over, then the front counts.
  func testUndecodedBarcodeBackFirstAsksForTheFront() throws {
    _ = try GStreamerRunner.requirePlugin()
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let clip = try renderClip(
      front: CardFront.render(),
      back: try XCTUnwrap(BarcodeCardBack.render(payload: AAMVASample.payload())),
      backFirst: true, in: folder)
    let (output, messages) = try GStreamerRunner.launch(
      "filesrc location=\(clip) ! qtdemux ! avdec_h264 ! videoconvert ! "
        + "docscan analysis=sync barcode-types=qrcode ! fakesink")
    XCTAssertEqual(output.status, 0, output.stderr)

    let feedback = try GStreamerRunner.feedback(in: messages)
    let flip = try XCTUnwrap(
      feedback.first { $0.instruction == Instruction.flipDocument.rawValue })
    XCTAssertEqual(flip.side, .front)
    XCTAssertEqual(flip.scanningStatus, .sideInProgress)
    XCTAssertLessThan(
      Double(flip.times.streamTime ?? .max) / 1e9, 1, "while the back is in view")
    XCTAssertFalse(
      feedback.contains { $0.events.contains(.wrongSide) },
      "each side is shown once: no side shown again")
    let sides = try messages.filter { $0.name == SideMessage.structureName }.map(SideMessage.init)
    XCTAssertEqual(sides.map(\.side), [.front], "the front counts once turned over")
    XCTAssertGreaterThanOrEqual(Double(sides.first?.times.streamTime ?? 0) / 1e9, 1)
  }

  func testTD1CardFrontThenBackIsUnchanged() throws {
    _ = try GStreamerRunner.requirePlugin()
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let front = CardFront.render(
      title: "UTOPIA   IDENTITY CARD",
      lines: ["ERIKSSON", "ANNA MARIA", "UTOPIAN", "12 08 1974", "D23145890", "15 04 2012"])
    let clip = try renderClip(front: front, back: nil, in: folder)
    let (output, messages) = try GStreamerRunner.launch(
      "filesrc location=\(clip) ! qtdemux ! avdec_h264 ! videoconvert ! "
        + "docscan analysis=sync ! fakesink")
    XCTAssertEqual(output.status, 0, output.stderr)
    let sides = try messages.filter { $0.name == SideMessage.structureName }.map(SideMessage.init)
    XCTAssertEqual(sides.map(\.side), [.front, .back])
    XCTAssertEqual(sides.last?.mrzLines, DocumentFixture.td1Mrz)
    let results = try messages.filter { $0.name == ResultMessage.structureName }
      .map(ResultMessage.init)
    XCTAssertEqual(results.count, 1)
    let result = try XCTUnwrap(results.first)
    XCTAssertEqual(result.documentClass, .idCard)
    XCTAssertEqual(result.mrzLines, DocumentFixture.td1Mrz)
    XCTAssertTrue(result.mrzExtracted)
    XCTAssertFalse(result.barcodeExtracted)
    XCTAssertNil(result.barcodeType)
    XCTAssertEqual(result.dataMatch, .notAvailable)
    let feedback = try GStreamerRunner.feedback(in: messages)
    XCTAssertTrue(feedback.contains { $0.events.contains(.requestSideBack) })
    XCTAssertFalse(feedback.contains { $0.side == .barcode }, "no barcode side on a TD1 card")
  }

  /// A TD1 card's front for 1 s, lifted off the desk for 0.2 s, the same
  /// front put back turned half round and moved (not flipped) for 1 s,
  /// then its back for 1.5 s: `wrong-side` while the front is shown again,
  /// never before the front is captured, nor while it still lies there
  /// after its capture, nor once the back is in view; the card is then read.
  func testTD1FrontShownAgainBeforeTheFlipRaisesWrongSide() throws {
    _ = try GStreamerRunner.requirePlugin()
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    var scene = DeskScene.placed(
      shape: .id1, centerX: 640, centerY: 370, longSide: 860, rotation: 6, keystone: 0.06)
    scene.page = CardFront.render(
      title: "UTOPIA   IDENTITY CARD",
      lines: ["ERIKSSON", "ANNA MARIA", "UTOPIAN", "12 08 1974", "D23145890", "15 04 2012"])
    let front = scene.render().gaussianBlurred(sigma: 0.7)
    var turned = DeskScene.placed(
      shape: .id1, centerX: 610, centerY: 350, longSide: 820, rotation: 183, keystone: 0.04)
    turned.page = scene.page
    let again = turned.render().gaussianBlurred(sigma: 0.7)
    scene.page = nil
    scene.mrz = DocumentFixture.td1Mrz
    let back = scene.render().gaussianBlurred(sigma: 0.7)
    // The desk alone (plain, as DeskScene's default desk) while the card is lifted.
    let lifted = LumaImage(width: 1280, height: 720, fill: 82)
    let frames =
      Array(repeating: front, count: Self.fps) + Array(repeating: lifted, count: Self.fps / 5)
      + Array(repeating: again, count: Self.fps) + Array(repeating: back, count: 3 * Self.fps / 2)
    for (index, image) in frames.enumerated() {
      let path = folder.appendingPathComponent("frame\(String(index + 100_000).dropFirst()).pgm")
      XCTAssertTrue(image.noisy(amplitude: 4, seed: UInt64(index + 1)).writePGM(to: path.path))
    }
    let clip = try GStreamerRunner.encodeClip(framesIn: folder, named: "again.mp4")
    let (output, messages) = try GStreamerRunner.launch(
      "filesrc location=\(clip) ! qtdemux ! avdec_h264 ! videoconvert ! "
        + "docscan analysis=sync ! fakesink")
    XCTAssertEqual(output.status, 0, output.stderr)
    let sides = try messages.filter { $0.name == SideMessage.structureName }.map(SideMessage.init)
    XCTAssertEqual(sides.map(\.side), [.front, .back])
    let frontTime = try XCTUnwrap(sides.first?.times.streamTime)
    let feedback = try GStreamerRunner.feedback(in: messages)
    let wrongSide = feedback.filter { $0.events.contains(.wrongSide) }.map {
      $0.times.streamTime ?? 0
    }
    XCTAssertFalse(wrongSide.isEmpty, "the front shown again is recognised")
    XCTAssertTrue(
      wrongSide.allSatisfy { $0 > 1_000_000_000 && $0 < 2_300_000_000 }, "\(wrongSide)")
    XCTAssertLessThan(frontTime, 1_000_000_000, "the front is captured while it lies there")
    let results = try messages.filter { $0.name == ResultMessage.structureName }
      .map(ResultMessage.init)
    XCTAssertEqual(results.map(\.mrzLines), [DocumentFixture.td1Mrz])
  }
}
