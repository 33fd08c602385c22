import Foundation
import XCTest

/// The guidance evaluation (`plugin/guidance-eval.sh`) as floors: rendered
/// desk clips (white, light wood, wood and dark desks; a hand holding the
/// page, a page at the frame's edge, a lamp's highlight, too far, too close,
/// tilted, cut by the frame) through the built element. A change that
/// loses outlines, reports the wrong status or raises blur or glare on
/// clean frames fails here.
final class GuidanceEvaluationTests: XCTestCase {
  struct Rate: Decodable {
    var hits: Int
    var frames: Int
  }

  struct Reaction: Decodable {
    var boundaries: Int
    /// Boundaries where the status followed later than 0.5 s, or never.
    var slow: Int
  }

  struct Summary: Decodable {
    var iou: Double?
    var iouIncludingMissing: Double?
    var statusRecall: [String: Rate]
    var eventRecall: [String: Rate]
    var falseAlarms: Rate
    /// Per event: labelled frames whose truth does not hold it, and those
    /// of them where the element said it.
    var falseEvents: [String: Rate]
    var errors: Int
    /// Status changes inside labelled intervals.
    var flicker: Int
    var reaction: Reaction

    enum CodingKeys: String, CodingKey {
      case iou, errors, flicker, reaction
      case falseEvents = "false_events"
      case iouIncludingMissing = "iou_incl_missing"
      case statusRecall = "status_recall"
      case eventRecall = "event_recall"
      case falseAlarms = "false_alarms"
    }
  }

  struct Report: Decodable {
    var overall: Summary
  }

  /// Renders clips with `guidance-eval.sh` (`arguments` after the plugin
  /// folder), plays them through the element two at a time (each clip's
  /// statuses are the same as alone: analysis=sync) and returns the summary.
  func evaluate(_ arguments: [String], timeout: Double) throws -> Summary {
    let plugin = try GStreamerRunner.requirePlugin()
    let folder = try GStreamerRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let json = folder.appendingPathComponent("guidance.json").path
    let script = GStreamerRunner.packageRoot.appendingPathComponent("plugin/guidance-eval.sh").path
    let output = try GStreamerRunner.run(
      "/bin/bash", [script, "--plugin-dir", plugin, "--jobs", "2"] + arguments + ["--json", json],
      timeout: timeout)
    XCTAssertEqual(output.status, 0, output.stderr)
    return try JSONDecoder().decode(
      Report.self, from: Data(contentsOf: URL(fileURLWithPath: json))
    ).overall
  }

  /// The generator's desks in its order: a seed's clip is drawn the same
  /// only with the same list.
  static let everyDesk = ["dark", "wood", "light-wood", "green", "white"]

  func share(_ rate: Rate?) -> Double {
    guard let rate, rate.frames > 0 else { return 0 }
    return Double(rate.hits) / Double(rate.frames)
  }

  /// `rate` is over more than `frames` labelled frames, and hit on at
  /// least `least` of them.
  func assertRecall(
    _ rate: Rate?, over frames: Int, atLeast least: Double, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertGreaterThan(rate?.frames ?? 0, frames, file: file, line: line)
    XCTAssertGreaterThanOrEqual(share(rate), least, file: file, line: line)
  }

  /// A clip of a card cut by the frame: no error, over 100 frames labelled
  /// `document-partially-visible`, and that status on 95 % of them.
  /// Clip `index` of a development seed alone, rendered with the seed's
  /// `stories` and `desks` (`--first`: the same clip a larger `--count`
  /// gives), through the element. None named: the generator draws them, as
  /// it did for the seed.
  func evaluateClip(
    seed: Int, index: Int, stories: [String] = [], desks: [String] = [], sizes: [String] = []
  ) throws -> Summary {
    func named(_ option: String, _ values: [String]) -> [String] {
      values.isEmpty ? [] : [option] + values
    }
    return try evaluate(
      ["--generate", "--seed", "\(seed)", "--first", "\(index)", "--count", "1"]
        + named("--stories", stories) + named("--desks", desks) + named("--sizes", sizes),
      timeout: 120)
  }

  func assertPartiallyVisible(
    _ overall: Summary, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(overall.errors, 0, file: file, line: line)
    let partial = overall.statusRecall["document-partially-visible"]
    XCTAssertGreaterThan(partial?.frames ?? 0, 100, file: file, line: line)
    XCTAssertGreaterThanOrEqual(share(partial), 0.95, file: file, line: line)
  }

  /// Fingers across a visa page's edge on a dark desk, a clip on
  /// which the region rules see no hand: only `FingersOverEdge` says
  /// `occlusion`. Measured: 34 of 34 frames; 0 of 34 with its call taken
  /// out of `DocumentDetector`.
  func testFingersAcrossAPagesEdgeAreOcclusion() throws {
    // One 3-second 720p clip: 10 s to play alone, 40 s with its rendering
    // beside a build.
    let overall = try evaluate(
      ["--generate", "--seed", "1357", "--count", "1", "--stories", "hand"], timeout: 120)
    XCTAssertEqual(overall.errors, 0)
    XCTAssertGreaterThan(overall.eventRecall["occlusion"]?.frames ?? 0, 20)
    XCTAssertGreaterThanOrEqual(share(overall.eventRecall["occlusion"]), 0.9)
    XCTAssertGreaterThanOrEqual(share(overall.statusRecall["success"]), 0.95)
  }

  /// A card cut by the frame on a white desk, its white MRZ band and the
  /// desk one region: its MRZ rows running off the frame show it cut
  /// (`MRZRow.runsOffFrame`). Measured: `document-partially-visible` on
  /// 126 of 126 frames; 89.7 % (the rest `failed`) without the MRZ-row
  /// rules (the build of 285ac7f).
  func testACardCutByTheFrameOnAWhiteDeskIsPartiallyVisible() throws {
    // One 4-second 1080p clip: about 20 s to render and play.
    let overall = try evaluate(
      [
        "--generate", "--seed", "8686", "--count", "1", "--stories", "partial", "--desks",
        "white", "--sizes", "1920x1080",
      ], timeout: 120)
    assertPartiallyVisible(overall)
  }

  /// A TD1 card upside down, cut by the top border through its MRZ, on a
  /// light wood desk: its sides and a grain line of the desk below it make
  /// a whole straight-sided quad that holds the cut card's region, and its
  /// MRZ row lies against the border. Measured: `document-partially-visible`
  /// on 127 of 127 frames; 0 (`success`, and the front taken as captured)
  /// with the build of 5ae0d54.
  func testACardCutByTheFrameOnALightWoodDeskIsPartiallyVisible() throws {
    // Clip 38 of the development seed 2929 alone: about 15 s to render
    // and play.
    let overall = try evaluateClip(
      seed: 2929, index: 38, stories: ["partial"], desks: ["light-wood"])
    assertPartiallyVisible(overall)
  }

  /// A passport page cut by the right border on a light wood desk, a pale
  /// streak of the desk joining its bright region out to the frame's
  /// corner: the ragged region holding the filled cut page is not the
  /// page. Measured: `document-partially-visible` on 118 of 118 frames;
  /// 0 (`camera-too-close`) with the build of 54454b0.
  func testAPageJoinedToAStreakOfDeskIsPartiallyVisible() throws {
    // Clip 20 of the development seed 6868 alone: about 15 s to render
    // and play.
    let overall = try evaluateClip(
      seed: 6868, index: 20, stories: ["partial", "edge"], desks: ["light-wood", "white"])
    assertPartiallyVisible(overall)
  }

  /// A passport page on a white desk so close that it fills the frame,
  /// its MRZ below the frame: its photo, outlined by straight sides and
  /// edges, is no card on the desk, since the page's fields lie printed
  /// round it (`PagePrint`). Measured: `camera-too-close` on 40 of 40
  /// frames; 0 of 40 with the build of bc79100 (`document-too-close-to-edge`
  /// around the photo).
  func testAPageFillingTheFrameIsTooCloseThoughItsPhotoLooksLikeACard() throws {
    // Clip 4 of the development seed 6262 alone: about 15 s.
    let overall = try evaluateClip(
      seed: 6262, index: 4, stories: ["close"], desks: ["white", "light-wood"])
    XCTAssertEqual(overall.errors, 0)
    assertRecall(overall.statusRecall["camera-too-close"], over: 30, atLeast: 0.95)
  }

  /// A card held by a hand from the frame's border on a white desk, hand
  /// and card one region that the border cuts: the card its whole MRZ band
  /// gives lies inside the frame, so the card is whole, with a hand over
  /// it. Measured: `success` on 120 of 120 frames, `occlusion` on 80 of
  /// 84; 56 of 120 and 20 of 84 with the build of 47c0112, the rest
  /// `document-partially-visible`.
  func testAHandFromTheBorderOverACardLeavesTheCardWhole() throws {
    // Clip 12 of the development seed 2424 alone: about 20 s.
    let overall = try evaluateClip(
      seed: 2424, index: 12, stories: ["hand"], desks: ["white", "green", "light-wood"])
    XCTAssertEqual(overall.errors, 0)
    assertRecall(overall.statusRecall["success"], over: 100, atLeast: 0.95)
    assertRecall(overall.eventRecall["occlusion"], over: 70, atLeast: 0.9)
  }

  /// A grey visa facing the camera on a white desk of its level, whose
  /// region stops short of the page's far corner: that outline looks
  /// tilted, but the page's MRZ rows keep one pitch from end to end, so the
  /// document their band gives is the outline (`MRZRow.endPitchRatio`).
  /// Measured: `success` on 39 of 39 frames; 0 of 39 with the build of
  /// 18c0336 (`camera-angle-too-steep`).
  func testAPageFacingTheCameraWhoseOutlineLooksTiltedIsNotTooSteep() throws {
    // Clip 9 of the development seed 5757 alone: about 15 s.
    let overall = try evaluateClip(seed: 5757, index: 9, stories: ["close"], desks: ["white"])
    XCTAssertEqual(overall.errors, 0)
    assertRecall(overall.statusRecall["success"], over: 30, atLeast: 0.95)
  }

  /// A visa on an over-exposed white desk at 1080p: the page's sides show
  /// no edge, its region unlike the desk is ragged, and only its texture
  /// outlines it, where its MRZ band places it (`bandConfirms`).
  /// Measured: `success` on 25 of 25 frames; 0 of 25 with the build of
  /// 18c0336 (`document-too-close-to-edge` and `camera-angle-too-steep`
  /// from outlines the band gave or the ragged region).
  func testATexturedPageTheMRZBandConfirmsIsThePage() throws {
    // Clip 8 of the development seed 6565 alone: about 15 s.
    let overall = try evaluateClip(
      seed: 6565, index: 8, stories: ["close"], desks: ["white"], sizes: ["1920x1080"])
    XCTAssertEqual(overall.errors, 0)
    assertRecall(overall.statusRecall["success"], over: 20, atLeast: 0.95)
  }

  /// A pale card shaken on a white desk of its level: its region unlike
  /// the desk is patches whose hull is the card and whose sides follow no
  /// straight edge, no bite. Measured: `occlusion` said on 0 of 108
  /// frames; 67 of 108 with the build of 18c0336. While it is shaken its
  /// smeared edges give no outline: blur is measured where the outline
  /// was held, `blur` on 12 of 21 shaken frames (4 with the build of
  /// b0124ff; the rest come after the status turned `failed`).
  func testAPaleCardSeenInPatchesHasNothingOverIt() throws {
    // Clip 3 of the development seed 1313 alone: about 20 s.
    let overall = try evaluateClip(seed: 1313, index: 3, desks: ["white"])
    XCTAssertEqual(overall.errors, 0)
    XCTAssertGreaterThan(overall.falseEvents["occlusion"]?.frames ?? 0, 80)
    XCTAssertLessThanOrEqual(share(overall.falseEvents["occlusion"]), 0.02)
    assertRecall(overall.eventRecall["blur"], over: 15, atLeast: 0.45)
  }

  /// A card on a dark desk whose portrait's white ground the exposure, set
  /// for the desk, lifts to the sensor's ceiling: a blank patch the glare
  /// meter alone takes for a highlight; the face found on the card spares
  /// the photo's frame (`PortraitGround`). Measured: `glare` on 0 of the
  /// clip's 86 clean frames; on all 86 with the build of 920b702.
  func testAPortraitsWhiteGroundOnADarkDeskIsNoGlare() throws {
    // Clip 10 of the development seed 6020 alone: about 15 s.
    let overall = try evaluateClip(
      seed: 6020, index: 10, stories: Self.everyStory,
      desks: Self.everyDesk)
    XCTAssertEqual(overall.errors, 0)
    XCTAssertGreaterThan(overall.falseEvents["glare"]?.frames ?? 0, 60)
    XCTAssertLessThanOrEqual(share(overall.falseEvents["glare"]), 0.05)
  }

  /// A passport on a white desk that prints its MRZ a capital height
  /// above its edge: its rim is found all round, and the characters that
  /// graze its side do not lay that side out past them (`rimFoundSupport`).
  /// Measured: `success` on 106 of 115 frames (36 of 45 before the hand);
  /// 49 of 115 with the build of b0124ff (`document-too-close-to-edge`).
  func testAPageWhoseRimIsFoundIsNotLaidPastPrintGrazingIt() throws {
    // Clip 8 of the development seed 1717 alone: about 20 s.
    let overall = try evaluateClip(seed: 1717, index: 8, desks: ["white"])
    XCTAssertEqual(overall.errors, 0)
    assertRecall(overall.statusRecall["success"], over: 100, atLeast: 0.85)
  }

  /// An upside-down TD2 card filling a white desk's frame, its rows running
  /// off the top: no outline, and the rows' print alone allows an ID-1
  /// card that fits the frame, but the rows' visible length by the card
  /// below them covers most of it (`shownAreaOfACutDocument`). Measured:
  /// `camera-too-close` on 35 of 35 frames; 0 of 35 with the build of
  /// b0124ff (`document-partially-visible`).
  func testACardCutByTheFrameThatFillsItIsTooClose() throws {
    // Clip 5 of the development seed 1818 alone: about 15 s.
    let overall = try evaluateClip(seed: 1818, index: 5, stories: ["close"], desks: ["white"])
    XCTAssertEqual(overall.errors, 0)
    assertRecall(overall.statusRecall["camera-too-close"], over: 30, atLeast: 0.95)
  }

  /// A grey visa held by a hand on a white desk, whose own edges and
  /// region do not show: no candidate outline is left, and its whole MRZ
  /// band outlines it (`MRZBandDocument`). Measured: quad IoU counting
  /// frames without one 0.70; 0 (no outline on any frame) with the build
  /// of 155732f.
  func testAGreyPageOnAWhiteDeskIsOutlinedFromItsMRZBand() throws {
    // Clip 10 of the development seed 4141 alone: about 15 s to render
    // and play.
    let overall = try evaluateClip(
      seed: 4141, index: 10, stories: ["hand"], desks: ["white"])
    XCTAssertEqual(overall.errors, 0)
    XCTAssertGreaterThanOrEqual(overall.iouIncludingMissing ?? 0, 0.6)
  }

  /// A passport page cut by the frame's right side on a white desk, its
  /// MRZ rows running off the frame and its region unlike the desk ragged:
  /// its portrait's straight sides are no document far away, being under
  /// half an ID-1 card at the rows' pitch and holding none of them
  /// (`DocumentDetector.partOfAPageShare`). Measured: 122 of 122 frames
  /// `document-partially-visible`; 65 of 122 with the build of 550021a,
  /// the rest `camera-too-far`.
  func testAPortraitBesideRowsRunningOffIsNoDocumentFarAway() throws {
    // Clip 14 of the development seed 3141 alone: about 15 s.
    let overall = try evaluateClip(
      seed: 3141, index: 14, stories: ["edge", "steady", "partial", "hand"], desks: ["white"])
    assertPartiallyVisible(overall)
  }

  /// A grey TD2 card held near the frame's bottom edge on a white desk:
  /// its outline stops above its white MRZ band, and laid past the rows
  /// it reaches the border. Measured: 37 of 37 frames
  /// `document-too-close-to-edge`; 4 of 37 with the build of 550021a,
  /// the rest `success`.
  func testAPageLaidPastItsRowsToTheBorderIsTooCloseToTheEdge() throws {
    // Clip 15 of the development seed 3141 alone: about 20 s.
    let overall = try evaluateClip(
      seed: 3141, index: 15, stories: ["edge", "steady", "partial", "hand"], desks: ["white"])
    XCTAssertEqual(overall.errors, 0)
    let edge = overall.statusRecall["document-too-close-to-edge"]
    XCTAssertGreaterThan(edge?.frames ?? 0, 30)
    XCTAssertGreaterThanOrEqual(share(edge), 0.9)
  }

  /// The stories of the white-desk development seed 4646.
  static let whiteDeskStories = [
    "steady", "lowlight", "edge", "hand", "enter", "tilt", "shake", "partial", "close",
  ]
  /// Every story the generator draws, the ones drawn only when named too.
  static let everyStory = [
    "steady", "enter", "leave", "tilt", "shake", "hand", "lowlight", "partial", "far", "close",
    "edge", "glare",
  ]

  /// A portrait card 7 px below the top border of a white desk (clip 11
  /// of seed 4646), whose region spills onto the border: the whole contour
  /// of its edges gives its corners. Measured: `document-too-close-to-edge`
  /// on 25 of 43 frames; 0 without the edges giving the corners (all
  /// `document-partially-visible`).
  func testACardWhoseRegionSpillsOntoTheBorderIsTooCloseToTheEdge() throws {
    let overall = try evaluateClip(
      seed: 4646, index: 11, stories: Self.whiteDeskStories, desks: ["white"])
    XCTAssertEqual(overall.errors, 0)
    let edge = overall.statusRecall["document-too-close-to-edge"]
    XCTAssertGreaterThan(edge?.frames ?? 0, 40)
    XCTAssertGreaterThanOrEqual(share(edge), 0.5)
  }

  /// Fingers entering over a pale card on a white desk (clip 12 of seed
  /// 4646): desk and card make one bright region, which the card's texture
  /// tells apart, and a finger beside the card's whole MRZ rows is no cut
  /// document. Measured: quad IoU 0.897, `occlusion` on 30 of 60 frames,
  /// `camera-too-close` on none; without the two rules IoU 0.540, no
  /// `occlusion`, `camera-too-close` on 59.
  func testFingersOverAPaleCardOnAWhiteDeskLeaveTheCardOutlined() throws {
    let overall = try evaluateClip(
      seed: 4646, index: 12, stories: Self.whiteDeskStories, desks: ["white"])
    XCTAssertEqual(overall.errors, 0)
    XCTAssertGreaterThanOrEqual(overall.iou ?? 0, 0.8)
    assertRecall(overall.eventRecall["occlusion"], over: 50, atLeast: 0.4)
    XCTAssertEqual(overall.falseEvents["too-close"]?.hits ?? 0, 0)
  }

  /// A card lying flat on a wood desk (clip 1 of seed 8585, every story and
  /// desk), where a straight line of the grain beyond the card closed a
  /// larger straight-sided quad 1.4 card heights across its three MRZ rows:
  /// the card's own outline is kept (`MRZRowsAcross`). Measured: quad IoU
  /// 0.979, `success` on 62 of 62 frames; without the rule 0.686 and 3,
  /// `camera-angle-too-steep` and `tilt` on the rest.
  func testAnOutlineFarBeyondACardsRowsIsNotTheCard() throws {
    let overall = try evaluateClip(
      seed: 8585, index: 1,
      stories: [
        "steady", "enter", "leave", "tilt", "shake", "hand", "lowlight", "partial", "far",
        "close", "edge", "glare",
      ], desks: Self.everyDesk)
    XCTAssertEqual(overall.errors, 0)
    XCTAssertGreaterThanOrEqual(overall.iou ?? 0, 0.95)
    assertRecall(overall.statusRecall["success"], over: 50, atLeast: 0.95)
    XCTAssertEqual(overall.falseEvents["tilt"]?.hits ?? 0, 0)
  }

  /// A visa page in low light on a white desk, its far end as dark as the
  /// desk (clip 1 of the low-light development seed 5454): its region stops
  /// across the MRZ rows and is laid past their ends (`MRZRowEnds`).
  /// Measured: quad IoU 0.860, `success` on 52 of 144 frames; without the
  /// rule 0.771 and 8 (the region was dropped for cutting the rows).
  func testAPageWhoseFarEndLiesInTheDarkReachesPastItsRowsEnds() throws {
    let overall = try evaluateClip(
      seed: 5454, index: 1, stories: ["lowlight"], desks: ["white"],
      sizes: ["1920x1080", "1280x720"])
    XCTAssertEqual(overall.errors, 0)
    XCTAssertGreaterThanOrEqual(overall.iou ?? 0, 0.83)
    let success = overall.statusRecall["success"]
    XCTAssertGreaterThan(success?.frames ?? 0, 100)
    XCTAssertGreaterThanOrEqual(share(success), 0.25)
  }

  /// A passport tilted past the limit about its rows on a wood desk (seed
  /// 2323, clip 21): 1.93 times as long as high, steep for a TD3 page but
  /// not for an ID-1 card. Measured: `camera-angle-too-steep` on 49 of 49
  /// frames, 49 also before tilt was judged against the format its MRZ
  /// rows give (`MRZRow.documentProportions`), when a quad stretched to a
  /// grain line beyond the page looked steep earlier (docs/detection.md).
  func testAPassportTiltedAboutItsRowsIsTooSteepInTime() throws {
    let overall = try evaluateClip(
      seed: 2323, index: 21, desks: Self.everyDesk)
    XCTAssertEqual(overall.errors, 0)
    XCTAssertGreaterThan(overall.statusRecall["camera-angle-too-steep"]?.frames ?? 0, 40)
    XCTAssertGreaterThanOrEqual(share(overall.statusRecall["camera-angle-too-steep"]), 0.95)
  }

  /// A sharp, steady passport the frame cuts on a green desk (seed 8484,
  /// clip 3): its visible part dewarped into a whole page's proportions
  /// stretches its print, which the blur meter reads as blur. No `blur`
  /// while the frame cuts the document (`ScanSession.judged`). Measured:
  /// `blur` on 0 of its 104 frames (none has it in the truth), on 104 of
  /// 104 with the build before 0a43289. One 3.5-second clip: about 30 s to
  /// render and play.
  func testACutSharpPassportRaisesNoBlur() throws {
    let overall = try evaluateClip(
      seed: 8484, index: 3, desks: Self.everyDesk)
    XCTAssertEqual(overall.errors, 0)
    assertPartiallyVisible(overall)
    let blur = overall.falseEvents["blur"]
    XCTAssertGreaterThan(blur?.frames ?? 0, 100)
    XCTAssertLessThanOrEqual(share(blur), 0.02)
  }

  /// A TD2 card held portrait and tilted past the limit on light wood
  /// (seed 2323, clip 7): its long sides extended to grain lines beyond it
  /// made a larger straight-sided quad than the card, which is not the
  /// document (`DocumentDetector.stretchedSideSupport`). Measured: quad
  /// IoU 0.940, 0.801 with the build of 7fc8aa7.
  func testASteepCardsSidesRunOnToGrainLinesAreNotItsOutline() throws {
    let overall = try evaluateClip(
      seed: 2323, index: 7, desks: Self.everyDesk)
    XCTAssertEqual(overall.errors, 0)
    XCTAssertGreaterThanOrEqual(overall.iou ?? 0, 0.92)
    XCTAssertGreaterThanOrEqual(share(overall.statusRecall["camera-angle-too-steep"]), 0.95)
  }

  /// A card far away on light wood, held portrait (seed 7004, clip 17): a
  /// contour of edges joining it to a wedge of grain beside it looked like
  /// a card seen steeply. Measured: `camera-too-far` on 67 of 67 frames,
  /// 58 with the build of 7fc8aa7 (`camera-angle-too-steep` first).
  func testAFarCardJoinedToAWedgeOfGrainIsTooFar() throws {
    let overall = try evaluateClip(
      seed: 7004, index: 17,
      stories: ["partial", "edge", "close", "far", "glare", "tilt", "shake"],
      desks: Self.everyDesk)
    XCTAssertEqual(overall.errors, 0)
    assertRecall(overall.statusRecall["camera-too-far"], over: 60, atLeast: 0.95)
    XCTAssertEqual(overall.falseEvents["tilt"]?.hits ?? 0, 0)
  }

  /// A TD1 card upside down on a white desk, shaken (seed 7001, clip 4):
  /// its side across the motion is smeared and not found, and its other
  /// sides stretched bare to the border made a cut quad, so the card looked
  /// cut and no `blur` was said (`StraightSideFinder.minimumBorderReach`).
  /// Measured: `blur` on 15 of its 16 blurred frames, 0 with the build of
  /// 7c0b6c5 (`document-partially-visible` instead).
  func testAShakenCardWhoseSideIsSmearedIsWholeAndBlurred() throws {
    let overall = try evaluateClip(
      seed: 7001, index: 4, stories: ["shake"],
      desks: Self.everyDesk)
    XCTAssertEqual(overall.errors, 0)
    assertRecall(overall.eventRecall["blur"], over: 12, atLeast: 0.9)
    XCTAssertLessThanOrEqual(share(overall.falseEvents["not-fully-visible"]), 0.02)
  }

  func testOutlinesStatusesAndQualityHoldOnRenderedDesks() throws {
    // 8 clips rendered, then played through the element one after
    // another: 70-78 s measured.
    let overall = try evaluate(
      [
        "--generate", "--seed", "2468", "--count", "8",
        "--stories", "hand", "edge", "glare", "far", "close", "steady", "tilt", "partial",
        "--desks", "white", "light-wood", "wood", "dark", "--sizes", "1280x720",
      ],
      timeout: 180)
    print(
      "Guidance evaluation: IoU \(overall.iouIncludingMissing ?? 0), status recall "
        + overall.statusRecall.filter { $0.value.frames > 0 }.map { "\($0.key) \(share($0.value))" }
        .sorted().joined(separator: ", ")
        + "; event recall "
        + overall.eventRecall.filter { $0.value.frames > 0 }.map { "\($0.key) \(share($0.value))" }
        .sorted().joined(separator: ", ")
        + "; false alarms \(overall.falseAlarms.hits)/\(overall.falseAlarms.frames)")
    XCTAssertEqual(overall.errors, 0)
    // Measured: IoU 0.923 counting frames without an outline (a page filling
    // the frame on the white desk has none), success 100 %, no false alarms.
    XCTAssertGreaterThanOrEqual(overall.iouIncludingMissing ?? 0, 0.88)
    XCTAssertGreaterThanOrEqual(share(overall.statusRecall["success"]), 0.95)
    XCTAssertLessThanOrEqual(share(overall.falseAlarms), 0.02)
    // No `blur` while the camera is too far: measured 0 of 774 frames
    // without blur in their truth (3.6 % when a far page's soft print
    // raises it).
    XCTAssertLessThanOrEqual(share(overall.falseEvents["blur"]), 0.01)
    // The card filling the frame on the white desk shows no outline, only
    // its MRZ rows, printed too large for any document to fit the frame:
    // measured `camera-too-close` on 39 of 39 frames (0 without the rows'
    // print size), `too-close` said on none where it does not hold.
    XCTAssertGreaterThanOrEqual(share(overall.statusRecall["camera-too-close"]), 0.9)
    XCTAssertLessThanOrEqual(share(overall.falseEvents["too-close"]), 0.01)
    // The tilted page: `camera-angle-too-steep` on 45 of 45 frames (36 while
    // outlines longer than 2.4 times their height were not believed).
    XCTAssertGreaterThanOrEqual(share(overall.statusRecall["camera-angle-too-steep"]), 0.95)
    // The hand over a pale page on the white desk: `occlusion` on 36 of 37
    // frames (70 % before straight edges were looked for in colour).
    XCTAssertGreaterThanOrEqual(share(overall.eventRecall["occlusion"]), 0.9)
    // The status steady inside each labelled interval and following each
    // real change within 0.5 s: measured 0 status changes, 0 slow
    // reactions.
    XCTAssertLessThanOrEqual(overall.flicker, 2)
    XCTAssertGreaterThan(overall.reaction.boundaries, 0)
    XCTAssertEqual(overall.reaction.slow, 0)
  }
}
