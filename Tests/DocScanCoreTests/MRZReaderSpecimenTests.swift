import DocScanCore
import DocScanOCR
import DocScanTestSupport
import Foundation
import XCTest

/// The MRZ reader (OpenCV blobs, docscan's Tesseract model) on the
/// real specimen scans in `../shared/data/mrz-Arg0s1080-mrz/`: one frame per
/// document, where the document fills the picture, fused as the element
/// fuses a still.
final class MRZReaderSpecimenTests: XCTestCase {
  static let today = MRZDate(year: 2026, month: 11, day: 22)
  /// Specimens that must read exactly from one frame, upright (16
  /// measured here; the element, over frames, reads 18) and turned half
  /// round (16 measured; 15 without rows taking the others' grid, the
  /// Serbian card withheld; the Spanish card is withheld, two of its views
  /// reading its issuer `CSP`, a letter a view does not take from the list
  /// of codes): a change that reads fewer fails here.
  static let floor = (upright: 15, halfRound: 16)

  func testSpecimenScansReadExactly() throws {
    try readSpecimens(quarterTurns: 0, floor: Self.floor.upright)
  }

  /// Upside down the line finder chains each line from its other end, and
  /// the reader turns the rows it found: a row fitted on a grid of its own
  /// (a Serbian card's last row, 0.7 cells off the others in its middle)
  /// read a name one letter short, alike in every view, and was returned.
  func testSpecimenScansTurnedHalfRoundReadExactly() throws {
    try readSpecimens(quarterTurns: 2, floor: Self.floor.halfRound)
  }

  /// Reads every specimen turned `quarterTurns`: none wrong, at least
  /// `floor` exact.
  private func readSpecimens(quarterTurns: Int, floor: Int) throws {
    let folder = MRZSpecimenTests.dataFolder
    guard FileManager.default.fileExists(atPath: folder.path) else {
      throw XCTSkip(
        "!!! MRZ SPECIMEN DATA MISSING: \(folder.path) does not exist; "
          + "the specimen reading test did NOT run !!!")
    }
    let reader = try MRZModelReader(tessdata: MRZModelFolder.path)
    XCTAssertEqual(MRZModelReader.openMPThreadLimit, 1)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".png") }.sorted()
    var exact = 0
    var wrong: [String] = []
    var rawCharacters = (right: 0, total: 0)
    for name in names {
      let base = String(name.dropLast(4))
      let truth = try String(
        contentsOf: folder.appendingPathComponent(base + ".txt"), encoding: .utf8
      ).split(whereSeparator: \.isNewline).map(String.init)
      let image = try XCTUnwrap(LumaImage(pngFile: folder.appendingPathComponent(name).path))
        .rotated(quarterTurns: quarterTurns)
      let started = ContinuousClock.now
      let reading = reader.readMRZ(in: image)
      let elapsed = ContinuousClock.now - started
      let best = reading?.bestLines ?? []
      for (read, expected) in zip(best, truth) where read.count == expected.count {
        rawCharacters.right += zip(read, expected).filter { $0 == $1 }.count
      }
      rawCharacters.total += truth.joined().count
      // As the element does with a still: the same reading, fused until
      // it agrees with itself (or is withheld).
      var fusion = MRZFusion()
      var state = MRZFusion.State.collecting
      for _ in 0..<fusion.requiredAgreement {
        if let reading { state = fusion.add(reading, today: Self.today) }
      }
      var accepted: [String]?
      if case .accepted(let record) = state { accepted = record.lines }
      let verdict: String
      if accepted == truth {
        exact += 1
        verdict = "exact"
      } else if let accepted {
        wrong.append(base)
        verdict = "WRONG \(accepted)"
      } else {
        verdict = "rejected"
      }
      print(
        "MRZ specimen \(base) turned \(quarterTurns * 90): \(verdict) in \(elapsed)\n"
          + "  read \(best)\n  true \(truth)")

    }
    print(
      "MRZ specimens turned \(quarterTurns * 90): \(exact) of \(names.count) exact from one frame, \(wrong.count) wrong; "
        + "raw characters \(rawCharacters.right)/\(rawCharacters.total)")
    XCTAssertEqual(wrong, [], "a wrong MRZ passed every check digit")
    XCTAssertGreaterThanOrEqual(exact, floor, "fewer specimens read than before")
  }
}
