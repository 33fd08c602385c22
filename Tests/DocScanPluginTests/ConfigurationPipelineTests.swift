import DocScanCore
import Foundation
import XCTest

/// The properties of the MRZ flow through real pipelines: they are
/// accepted, and bad paths stop the element at READY to PAUSED with an
/// error that names them.
final class ConfigurationPipelineTests: XCTestCase {
  /// What a pipeline whose docscan has these `properties` prints when it
  /// fails to start (it must fail: a zero exit fails the test).
  func startErrors(_ properties: String) throws -> String {
    let (output, _) = try GStreamerRunner.launch(
      "videotestsrc num-buffers=3 ! video/x-raw,width=320,height=240 ! "
        + "docscan analysis=sync \(properties) ! fakesink")
    XCTAssertNotEqual(output.status, 0)
    return output.stdout + output.stderr
  }

  func testUnwritableResultsLocationIsAnElementErrorNamingThePath() throws {
    let path = "/nonexistent-docscan-folder/results.jsonl"
    let errors = try startErrors("results-location=\(path)")
    XCTAssertTrue(errors.contains("ERROR: from element"), errors)
    XCTAssertTrue(errors.contains(path), errors)
    XCTAssertTrue(errors.contains("No such file or directory"), errors)
  }

  func testUnknownBarcodeTypeIsAnElementErrorNamingIt() throws {
    let errors = try startErrors("mode=barcode barcode-types=pdf417,qrcode,bogus93")
    XCTAssertTrue(errors.contains("ERROR: from element"), errors)
    XCTAssertTrue(errors.contains("unknown barcode type 'bogus93'"), errors)
  }

  func testKnownBarcodeTypesStart() throws {
    let (output, _) = try GStreamerRunner.launch(
      "videotestsrc num-buffers=3 ! video/x-raw,width=320,height=240 ! "
        + "docscan analysis=sync mode=barcode barcode-types=PDF417,qr-code,code_128 ! fakesink")
    XCTAssertEqual(output.status, 0, output.stdout + output.stderr)
  }

  func testMissingTessdataIsAnElementErrorNamingThePath() throws {
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let errors = try startErrors("tessdata=\(folder.path)")
    XCTAssertTrue(errors.contains("\(folder.path)/mrz.traineddata"), errors)
    XCTAssertTrue(errors.contains("\(folder.path)/mrz_small.traineddata"), errors)
  }

  func testTessdataWithoutTheSecondModelIsAnElementErrorNamingIt() throws {
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("mrz.traineddata").path,
      withDestinationPath: try GStreamerRunner.requirePlugin() + "/docscan-tessdata/mrz.traineddata"
    )
    let errors = try startErrors("tessdata=\(folder.path)")
    XCTAssertTrue(errors.contains("\(folder.path)/mrz_small.traineddata"), errors)
  }

  func testUnreadableLanguageDataIsAnElementErrorNamingTheFolder() throws {
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    for model in ["mrz", "mrz_small"] {
      FileManager.default.createFile(
        atPath: folder.appendingPathComponent("\(model).traineddata").path,
        contents: Data("x".utf8))
    }
    let errors = try startErrors("tessdata=\(folder.path)")
    XCTAssertTrue(errors.contains("ERROR: from element"), errors)
    XCTAssertTrue(errors.contains("Tesseract cannot load"), errors)
    XCTAssertTrue(errors.contains(folder.path), errors)
  }

  func testPropertiesAreAcceptedAndTheResultsFileIsCreated() throws {
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let results = folder.appendingPathComponent("results.jsonl").path
    // A tessdata folder of our own, holding (links to) the installed models.
    let tessdata = folder.appendingPathComponent("tessdata")
    try FileManager.default.createDirectory(at: tessdata, withIntermediateDirectories: true)
    for file in ["mrz.traineddata", "mrz_small.traineddata"] {
      try FileManager.default.createSymbolicLink(
        atPath: tessdata.appendingPathComponent(file).path,
        withDestinationPath: try GStreamerRunner.requirePlugin() + "/docscan-tessdata/" + file)
    }
    let (output, messages) = try GStreamerRunner.launch(
      "videotestsrc num-buffers=10 ! video/x-raw,width=320,height=240,framerate=30/1 ! "
        + "docscan analysis=sync mode=mrz auto-reset=5 redact=true tessdata=\(tessdata.path) "
        + "results-location=\(results) ! fakesink")
    XCTAssertEqual(output.status, 0, output.stderr)
    XCTAssertFalse(try GStreamerRunner.feedback(in: messages).isEmpty)
    XCTAssertTrue(FileManager.default.fileExists(atPath: results), "opened for appending at start")
    let mode = try FileManager.default.attributesOfItem(atPath: results)[.posixPermissions] as? Int
    XCTAssertEqual(mode, 0o600, "results hold personal data: only the owner reads them")
  }

  func testPropertiesReadBack() throws {
    let script = """
      import gi
      gi.require_version("Gst", "1.0")
      from gi.repository import Gst
      Gst.init(None)
      e = Gst.ElementFactory.make("docscan", None)
      print(e.get_property("mode").value_nick, e.get_property("auto-reset"),
            e.get_property("results-location"), e.get_property("tessdata"),
            e.get_property("redact"), e.get_property("desk"))
      e.set_property("results-location", "/tmp/r.jsonl")
      e.set_property("desk", "counter-3")
      e.set_property("tessdata", "/usr/share/tessdata")
      e.set_property("auto-reset", 7)
      e.set_property("redact", True)
      Gst.util_set_object_arg(e, "mode", "mrz")
      print(e.get_property("mode").value_nick, e.get_property("auto-reset"),
            e.get_property("results-location"), e.get_property("tessdata"),
            e.get_property("redact"), e.get_property("desk"))
      """
    let output = try GStreamerRunner.run("/usr/bin/python3", ["-c", script])
    XCTAssertEqual(output.status, 0, output.stderr)
    XCTAssertEqual(
      output.stdout.split(separator: "\n"),
      [
        "combined 0 None \(try GStreamerRunner.requirePlugin())/docscan-tessdata False None",
        "mrz 7 /tmp/r.jsonl /usr/share/tessdata True counter-3",
      ])
  }
}
