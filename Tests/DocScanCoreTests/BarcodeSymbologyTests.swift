import DocScanBarcode
import DocScanCore
import XCTest

/// `barcode-types` parsing, the symbology names, and the joining of
/// structured-append parts.
final class BarcodeSymbologyTests: XCTestCase {
  func testNamesOfEverySymbology() {
    XCTAssertEqual(
      BarcodeSymbology.all.map(\.name),
      [
        "pdf417", "qrcode", "datamatrix", "aztec", "code128", "code39", "code93", "ean13", "ean8",
        "upca", "upce", "itf", "codabar",
      ])
    XCTAssertEqual(Set(BarcodeSymbology.all).count, 13)
    XCTAssertEqual(BarcodeSymbology.all.filter(\.isLinear).count, 9)
    XCTAssertEqual(BarcodeSymbology.pdf417.description, "pdf417")
  }

  func testParseList() throws {
    XCTAssertEqual(try BarcodeSymbology.parse(list: "pdf417"), [.pdf417])
    XCTAssertEqual(try BarcodeSymbology.parse(list: "pdf417,qrcode"), [.pdf417, .qrcode])
    XCTAssertEqual(
      try BarcodeSymbology.parse(list: " PDF417 , QR-Code code_128\tean13,,"),
      [.pdf417, .qrcode, .code128, .ean13])
    XCTAssertEqual(try BarcodeSymbology.parse(list: "qrcode,qrcode"), [.qrcode])
    XCTAssertEqual(try BarcodeSymbology.parse(list: ""), [])
    XCTAssertEqual(try BarcodeSymbology.parse(list: " , "), [])
    let all = BarcodeSymbology.all.map(\.name).joined(separator: ",")
    XCTAssertEqual(try BarcodeSymbology.parse(list: all), Set(BarcodeSymbology.all))
    XCTAssertEqual(BarcodeSymbology.list(Set(BarcodeSymbology.all)), all)
    XCTAssertEqual(BarcodeSymbology.list([.qrcode, .pdf417]), "pdf417,qrcode")
  }

  func testParseNamesTheUnknownType() {
    XCTAssertThrowsError(try BarcodeSymbology.parse(list: "pdf417,qr,code128")) { error in
      XCTAssertEqual(error as? BarcodeSymbologyError, .unknown("qr"))
      let message = "\(error)"
      XCTAssertTrue(message.contains("unknown barcode type 'qr'"), message)
      XCTAssertTrue(message.contains("pdf417, qrcode, datamatrix"), message)
    }
    XCTAssertThrowsError(try BarcodeSymbology.parse(list: "maxicode")) { error in
      XCTAssertEqual(error as? BarcodeSymbologyError, .unknown("maxicode"))
    }
    XCTAssertNil(BarcodeSymbology(name: "databar"))
    XCTAssertEqual(BarcodeSymbology(name: "EAN-8"), .ean8)
  }

  static func part(_ index: Int, of count: Int?, _ bytes: String, id: String = "7")
    -> DecodedBarcode
  {
    DecodedBarcode(
      symbology: .pdf417, bytes: Array(bytes.utf8), text: bytes, corners: [],
      structuredAppend: StructuredAppendPart(index: index, count: count, id: id))
  }

  func testAssemblerJoinsPartsInIndexOrderAcrossFrames() {
    var assembler = StructuredAppendAssembler()
    XCTAssertNil(assembler.add(Self.part(2, of: 3, "C")))
    XCTAssertNil(assembler.add(Self.part(0, of: nil, "A")))
    XCTAssertNil(assembler.add(Self.part(0, of: nil, "A")))  // read again
    XCTAssertNil(assembler.add(Self.part(0, of: nil, "B", id: "other")))
    XCTAssertEqual(assembler.pendingParts, 3)
    let joined = assembler.add(Self.part(1, of: nil, "B"))
    XCTAssertEqual(joined?.bytes, Array("ABC".utf8))
    XCTAssertEqual(joined?.text, "ABC")
    XCTAssertEqual(joined?.symbology, .pdf417)
    XCTAssertNil(joined?.structuredAppend)
    XCTAssertEqual(assembler.pendingParts, 1)
    assembler.reset()
    XCTAssertEqual(assembler.pendingParts, 0)
  }

  func testAssemblerPassesWholeBarcodesThroughAndWaitsForTheSize() {
    var assembler = StructuredAppendAssembler()
    let whole = DecodedBarcode(symbology: .qrcode, bytes: [1, 2], text: nil, corners: [])
    XCTAssertEqual(assembler.add(whole), whole)
    // No part gives the set's size: it is not known to be complete.
    XCTAssertNil(assembler.add(Self.part(0, of: nil, "A")))
    XCTAssertNil(assembler.add(Self.part(1, of: nil, "B")))
    XCTAssertEqual(assembler.add(Self.part(2, of: 3, "C"))?.text, "ABC")
  }

  func testJoinedBinaryPayloadHasNoText() {
    var assembler = StructuredAppendAssembler()
    let first = DecodedBarcode(
      symbology: .pdf417, bytes: [0x78, 0x9C, 0x00, 0xFF], text: nil, corners: [],
      structuredAppend: StructuredAppendPart(index: 0, count: 2, id: "9"))
    var second = first
    second.bytes = [0x01, 0x02, 0xFE]
    second.structuredAppend?.index = 1
    XCTAssertNil(assembler.add(first))
    let joined = assembler.add(second)
    XCTAssertEqual(joined?.bytes, [0x78, 0x9C, 0x00, 0xFF, 0x01, 0x02, 0xFE])
    XCTAssertNil(joined?.text)
  }
}
