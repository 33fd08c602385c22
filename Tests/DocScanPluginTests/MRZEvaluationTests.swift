import Foundation
import XCTest

/// The MRZ evaluation (`plugin/mrz-eval.sh`) as floors: documents nobody
/// tuned on, read through the built element. A change that returns a wrong
/// MRZ, or reads fewer of them, fails here.
final class MRZEvaluationTests: XCTestCase {
  /// One set's figures from the evaluation's JSON report.
  struct SetReport: Decodable {
    var set: String
    var documents: Int
    var exact: Int
    var wrong: Int
    var error: Int
    /// Clips only: the share of clips whose MRZ is readable (capitals 12 px
    /// and taller) that were read exactly.
    var bands: Bands?
  }

  struct Bands: Decodable {
    var readableClips: Int
    var readableExactRate: Double?

    enum CodingKeys: String, CodingKey {
      case readableClips = "readable_clips"
      case readableExactRate = "readable_exact_rate"
    }
  }

  struct Report: Decodable {
    var sets: [SetReport]
  }

  /// Two pipelines at a time: each document's outcome is the same as alone
  /// (analysis=sync), in half the time on CI's two cores.
  func evaluate(_ arguments: [String], timeout: Double) throws -> SetReport {
    let plugin = try GStreamerRunner.requirePlugin()
    let script = GStreamerRunner.packageRoot.appendingPathComponent("plugin/mrz-eval.sh").path
    let output = try GStreamerRunner.run(
      "/bin/bash", [script, "--plugin-dir", plugin, "--json", "--jobs", "2"] + arguments,
      timeout: timeout)
    XCTAssertEqual(output.status, 0, output.stderr)
    let report = try JSONDecoder().decode(Report.self, from: Data(output.stdout.utf8))
    let set = try XCTUnwrap(report.sets.first)
    print("MRZ evaluation \(arguments): \(set)")
    return set
  }

  /// The four countries of the shared synthetic set that are only ever
  /// reported (plugin/mrz-eval-split.tsv).
  func testReportedCountriesAreReadAndNeverWrong() throws {
    // 40 pages, each through its own pipeline, one after another: 41 s
    // measured on an idle machine, over 120 s on a loaded one. The limit
    // catches a hang, not slowness (speed is measured by mrz-eval.sh).
    let set = try evaluate(["--set", "shared-reported"], timeout: 300)
    XCTAssertEqual(set.wrong, 0, "a wrong MRZ was returned")
    XCTAssertEqual(set.error, 0)
    XCTAssertGreaterThanOrEqual(set.exact, Self.reportedFloor, "fewer pages read than before")
  }

  /// Rendered desk clips of a seed nobody tuned on (Tests/SecondLook).
  func testSecondLookClipsAreReadAndNeverWrong() throws {
    // 12 clips rendered, then played through the element one after another: 64-65 s measured.
    let set = try evaluate(
      ["--set", "second-look", "--generate", "--seed", "90210", "--count", "12"], timeout: 180)
    XCTAssertEqual(set.wrong, 0, "a wrong MRZ was returned")
    XCTAssertEqual(set.error, 0)
    XCTAssertGreaterThanOrEqual(
      set.bands?.readableExactRate ?? 0, Self.secondLookFloor, "fewer clips read than before")
  }

  /// A TD2 card under a highlight whose rim washes out the tops of its
  /// name's `C` and `E` (seed 1130, clip 11: 1080p, glare, then none): every
  /// view read both `L`, frame after frame, and `HALKE` was returned for
  /// `HACKE`. Washed cells confirm nothing (`MRZWashedOutCells`): the name
  /// is read once the highlight has gone.
  func testAGlareWashedNameIsReadOnlyWithoutTheGlare() throws {
    let clips = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: clips) }
    let generator = GStreamerRunner.packageRoot
      .appendingPathComponent("Tests/SecondLook/generate.py").path
    let stories = [
      "steady", "enter", "leave", "tilt", "shake", "hand", "lowlight", "partial", "far", "close",
      "edge", "glare",
    ]
    let made = try GStreamerRunner.run(
      "/usr/bin/python3",
      [generator, "clips", "--out", clips.path, "--seed", "1130", "--first", "11", "--count", "1"]
        + ["--stories"] + stories, timeout: 120)
    XCTAssertEqual(made.status, 0, made.stderr)
    // One 1080p clip of 3.7 s: 16-26 s measured.
    let set = try evaluate(["--set", "second-look", "--clips", clips.path], timeout: 120)
    XCTAssertEqual(set.documents, 1)
    XCTAssertEqual(set.wrong, 0, "a name washed out by glare was returned")
    XCTAssertEqual(set.exact, 1, "read once the glare has gone")
  }

  /// Phone photos (Tests/SecondLook/photos.py: 12 MP JPEG, any way round,
  /// perspective, a desk, uneven light, softness), or with `generator`
  /// `scans.py` small scans, of the images in `folder` whose names end in
  /// `suffix`, made with `seed` and read through the element.
  func evaluatePhotos(
    of folder: String, suffix: String, seed: Int, generator: String = "photos.py",
    timeout: Double
  ) throws -> SetReport {
    try evaluatePhotos(
      of: folder, suffixes: [suffix], seed: seed, generator: generator, timeout: timeout)
  }

  /// As `evaluatePhotos(of:suffix:...)`, of the images whose names end in
  /// any of `suffixes`.
  func evaluatePhotos(
    of folder: String, suffixes: [String], seed: Int, generator: String, timeout: Double
  ) throws -> SetReport {
    let source = GStreamerRunner.packageRoot.appendingPathComponent(folder).standardizedFileURL
    let images = try FileManager.default.contentsOfDirectory(atPath: source.path)
      .filter { name in suffixes.contains { name.hasSuffix($0) } }.sorted()
      .map { source.appendingPathComponent($0).path }
    let photos = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: photos) }
    let generator = GStreamerRunner.packageRoot
      .appendingPathComponent("Tests/SecondLook/\(generator)").path
    let made = try GStreamerRunner.run(
      "/usr/bin/python3", [generator, "--out", photos.path, "--seed", String(seed)] + images,
      timeout: timeout)
    XCTAssertEqual(made.status, 0, made.stderr)
    return try evaluate(["--set", "photos", "--photos", photos.path], timeout: timeout)
  }

  /// Phone photos of the specimen scans.
  func testPhonePhotosOfTheSpecimensAreReadAndNeverWrong() throws {
    // 20 photos made (about 15 s), then read one after another: 21 s measured.
    let set = try evaluatePhotos(
      of: "../shared/data/mrz-Arg0s1080-mrz/images", suffix: ".png", seed: 4242, timeout: 180)
    XCTAssertEqual(set.documents, 20)
    XCTAssertEqual(set.wrong, 0, "a wrong MRZ was returned")
    XCTAssertEqual(set.error, 0)
    XCTAssertGreaterThanOrEqual(set.exact, Self.specimenPhotoFloor, "fewer photos read than before")
  }

  /// Phone photos of the shared synthetic pages, development and reported
  /// countries alike (only measured: the photos are made anew here). A row
  /// placed a cell off is read again where the check digits say
  /// (`MRZModelReader`).
  func testPhonePhotosOfTheSyntheticPagesAreReadAndNeverWrong() throws {
    // 130 photos made (about 80 s), then read one after another: about 130 s.
    let set = try evaluatePhotos(
      of: "../shared/data/mrz-tony-xlh-MRZ-dataset/images", suffix: ".jpg", seed: 5151,
      timeout: 420)
    XCTAssertEqual(set.documents, 130)
    XCTAssertEqual(set.wrong, 0, "a wrong MRZ was returned")
    XCTAssertEqual(set.error, 0)
    XCTAssertGreaterThanOrEqual(set.exact, Self.pagePhotoFloor, "fewer photos read than before")
  }
}

extension MRZEvaluationTests {
  /// Small scans of the shared synthetic pages (Tests/SecondLook/scans.py:
  /// 420-900 pixels long, MRZ capitals about 6 to 12 pixels, JPEG 35-90),
  /// development and reported countries alike. Two characters run together
  /// are split into their cells before a row is numbered (`MRZLineFinder`).
  func testSmallScansOfTheSyntheticPagesAreReadAndNeverWrong() throws {
    // 130 scans made (about 10 s), then read one after another: about 150 s.
    let set = try evaluatePhotos(
      of: "../shared/data/mrz-tony-xlh-MRZ-dataset/images", suffix: ".jpg", seed: 3131,
      generator: "scans.py", timeout: 420)
    XCTAssertEqual(set.documents, 130)
    XCTAssertEqual(set.wrong, 0, "a wrong MRZ was returned")
    XCTAssertEqual(set.error, 0)
    XCTAssertGreaterThanOrEqual(set.exact, Self.pageScanFloor, "fewer scans read than before")
  }
}

extension MRZEvaluationTests {
  /// The shared synthetic pages with coloured stamps across their MRZ
  /// (Tests/SecondLook/stamps.py: one to three SPECIMEN-like stamps in
  /// red, blue, violet or green, 25-75 % opaque), two pages of each of the
  /// 13 countries. Coloured print fades in the ink image the MRZ is read
  /// in when grey has not settled it (`InkImage`, `MRZImageTurns`), and a
  /// view that read a cell empty keeps a name unsettled
  /// (`MRZConfirmation`).
  func testStampedPagesAreReadAndNeverWrong() throws {
    // 26 pictures made (about 10 s), then read one after another: about 45 s.
    let set = try evaluatePhotos(
      of: "../shared/data/mrz-tony-xlh-MRZ-dataset/images", suffixes: ["_00.jpg", "_10.jpg"],
      seed: 3535, generator: "stamps.py", timeout: 300)
    XCTAssertEqual(set.documents, 26)
    XCTAssertEqual(set.wrong, 0, "a wrong MRZ was returned")
    XCTAssertEqual(set.error, 0)
    XCTAssertGreaterThanOrEqual(set.exact, Self.stampedPageFloor, "fewer pages read than before")
  }
}

extension MRZEvaluationTests {
  /// The specimen scans turned 90, 180 and 270 degrees (Tests/SecondLook/
  /// turns.py, JPEG 95), 57 with a valid MRZ: the MRZ is found and read
  /// whichever way round, and a view that cannot place a character (a
  /// thin `I` merged into its neighbour's box) abstains around it rather
  /// than hold an unchecked code back (`MRZCellAlignment.placements`).
  func testTurnedSpecimensAreReadAndNeverWrong() throws {
    // 60 stills made (about 5 s), then read two at a time: about 60 s.
    let source = GStreamerRunner.packageRoot
      .appendingPathComponent("../shared/data/mrz-Arg0s1080-mrz/images").standardizedFileURL
    let images = try FileManager.default.contentsOfDirectory(atPath: source.path)
      .filter { $0.hasSuffix(".png") }.sorted().map { source.appendingPathComponent($0).path }
    let turned = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: turned) }
    let script = GStreamerRunner.packageRoot.appendingPathComponent("Tests/SecondLook/turns.py")
    let made = try GStreamerRunner.run(
      "/usr/bin/python3", [script.path, "--out", turned.path] + images, timeout: 120)
    XCTAssertEqual(made.status, 0, made.stderr)
    let set = try evaluate(["--set", "photos", "--photos", turned.path], timeout: 300)
    XCTAssertEqual(set.documents, 60)
    XCTAssertEqual(set.wrong, 0, "a wrong MRZ was returned")
    XCTAssertEqual(set.error, 0)
    XCTAssertGreaterThanOrEqual(set.exact, Self.turnedSpecimenFloor, "fewer turned scans read")
  }
}

extension MRZEvaluationTests {
  /// Turned specimen scans read exactly, of 57 with a valid MRZ (measured
  /// 52; 51 when a view's unplaced character left its cells empty).
  static let turnedSpecimenFloor = 52
  /// Reported pages read exactly, of 40 (measured 40, and 39 before
  /// characters run together were split: see README).
  static let reportedFloor = 39
  /// Specimen photos read exactly, of 19 with a valid MRZ (measured 17).
  static let specimenPhotoFloor = 15
  /// Page photos read exactly, of 130 (seed 5151, all 13 countries):
  /// measured 130; 129 before characters run together were split, and 128
  /// also without rows placed anew by their check digits.
  static let pagePhotoFloor = 129
  /// Page scans read exactly, of 130 (seed 3131, all 13 countries):
  /// measured 120, and 111 with 2 wrong before characters run together
  /// were split.
  static let pageScanFloor = 119
  /// Stamped pages read exactly, of 26 (seed 3535): measured 26 with grey
  /// and ink taking short turns, each image's readings fused apart
  /// (`MRZImageTurns`), and rows a stamp breaks looked for again with
  /// stricter ink thresholds (`MRZModelReader.darknessOffsets`); 19 with
  /// turns of 8 frames and neither, 20 read in ink only, 11 in grey only;
  /// one miss allowed.
  static let stampedPageFloor = 25
  /// Share of readable clips (MRZ capitals 12 px and taller) read exactly
  /// (measured 1.0: 8 of 8; one miss allowed).
  static let secondLookFloor = 0.85
}
