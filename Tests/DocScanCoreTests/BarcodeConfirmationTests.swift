import XCTest

@testable import DocScanCore

/// A barcode counts once two independent readings gave its bytes.
final class BarcodeConfirmationTests: XCTestCase {
  let still = LumaImage(width: 40, height: 30, fill: 90)
  let nextFrame = LumaImage(width: 40, height: 30, fill: 91)

  func barcode(_ payload: String, sources: Set<String>) -> ScannedBarcode {
    ScannedBarcode(symbology: "pdf417", bytes: Array(payload.utf8), sources: sources)
  }

  func testTwoDecoderPassesOnOneImageConfirmAtOnce() {
    var confirmation = BarcodeConfirmation()
    let both = barcode("DAQ123", sources: ["local", "histogram"])
    XCTAssertEqual(confirmation.confirmed([both], readIn: still), [both])
  }

  func testTheSamePixelsReadAgainProveNothing() {
    var confirmation = BarcodeConfirmation()
    let once = barcode("DAQ123", sources: ["local"])
    for _ in 0..<5 { XCTAssertEqual(confirmation.confirmed([once], readIn: still), []) }
    XCTAssertEqual(
      confirmation.confirmed([once], readIn: nextFrame), [once],
      "another frame's pixels are an independent reading")
  }

  func testAnotherPassOnALaterFrameConfirmsAndTheReadingsAreThePayloads() {
    var confirmation = BarcodeConfirmation()
    XCTAssertEqual(
      confirmation.confirmed([barcode("DAQ123", sources: ["local"])], readIn: still), [])
    XCTAssertEqual(
      confirmation.confirmed([barcode("DAQ124", sources: ["histogram"])], readIn: still), [],
      "a misreading of the same symbol confirms nothing")
    let agreeing = barcode("DAQ123", sources: ["histogram"])
    XCTAssertEqual(confirmation.confirmed([agreeing], readIn: still), [agreeing])
  }

  func testAReaderThatNamesNoPassCountsAsOne() {
    var confirmation = BarcodeConfirmation()
    let unnamed = barcode("X", sources: [])
    XCTAssertEqual(confirmation.confirmed([unnamed, unnamed], readIn: still), [])
    XCTAssertEqual(confirmation.confirmed([unnamed], readIn: nextFrame), [unnamed])
  }

  func testOldWaitingPayloadsAreForgotten() {
    var confirmation = BarcodeConfirmation()
    XCTAssertEqual(confirmation.confirmed([barcode("first", sources: ["a"])], readIn: still), [])
    for index in 0..<BarcodeConfirmation.capacity {
      _ = confirmation.confirmed([barcode("other \(index)", sources: ["a"])], readIn: still)
    }
    XCTAssertEqual(
      confirmation.confirmed([barcode("first", sources: ["a"])], readIn: nextFrame), [],
      "its first reading was forgotten")
  }

  func testTheFingerprintIgnoresRowPaddingAndSeesOnePixel() {
    var padded = LumaImage(width: 4, height: 2, stride: 8, fill: 7)
    let plain = LumaImage(width: 4, height: 2, fill: 7)
    padded.pixels[5] = 99
    XCTAssertEqual(
      BarcodeConfirmation.fingerprint(of: padded), BarcodeConfirmation.fingerprint(of: plain))
    padded[1, 1] = 8
    XCTAssertNotEqual(
      BarcodeConfirmation.fingerprint(of: padded), BarcodeConfirmation.fingerprint(of: plain))
  }
}
