import DocScanOpenCV
import DocScanTestSupport
import XCTest

@testable import DocScanCore

/// A side captured before is told by its picture (OpenCV's ORB features
/// and a homography): the card's front shown again while its back is asked
/// for raises `wrong-side` (its back does not), and a back read first and
/// still in view is no front.
final class SideShownAgainTests: XCTestCase {
  static let placement = DeskScene.placed(shape: .id1, longSide: 760)

  static func scene(front: Bool) -> DeskScene {
    var scene = placement
    if front {
      scene.page = CardFront.render()
    } else {
      scene.mrz = DocumentFixture.td1Mrz
    }
    return scene
  }

  /// The card's front on the desk, found where it lies; its MRZ not read.
  static func frontCaptured() -> (SessionFlowTests.Desk, MovableVision, ScriptedReader) {
    let reader = ScriptedReader(showing: nil)
    let vision = MovableVision()
    vision.show(placement.truth)
    let desk = SessionFlowTests.Desk(
      outline: nil, vision: vision, reader: reader, image: scene(front: true).render(),
      imaging: OpenCVImaging())
    return (desk, vision, reader)
  }

  /// The desk with no card on it (the scene's plain desk level).
  static var bareDesk: LumaImage {
    LumaImage(width: placement.frameWidth, height: placement.frameHeight, fill: 82)
  }

  /// A front the detector loses for a while as it lies still on the desk
  /// (a pale card on a white desk) has not left the view: found again, it
  /// is no wrong side.
  func testAFrontTheDetectorLosesWhereItLiesIsNoWrongSide() async throws {
    let (desk, vision, _) = Self.frontCaptured()
    var steps = try await desk.steps(SideFlowFrames.front)
    XCTAssertEqual(steps.last?.sides.map(\.side), [.front])
    vision.show(nil)
    _ = try await desk.steps(FlipWatch.framesAway + 2)
    vision.show(Self.placement.truth)
    steps = try await desk.steps(4)
    XCTAssertFalse(steps.flatMap(\.feedback).contains { $0.events.contains(.wrongSide) })
    XCTAssertEqual(steps.last?.output.annotation.instruction, Instruction.flipDocument.rawValue)
  }

  func testTheFrontShownAgainRaisesWrongSideAndTheBackDoesNot() async throws {
    // The back's MRZ does not read yet: only its picture tells it.
    let (desk, vision, reader) = Self.frontCaptured()
    var steps = try await desk.steps(SideFlowFrames.front)
    XCTAssertEqual(steps.last?.sides.map(\.side), [.front])
    var flip = try XCTUnwrap(steps.last?.feedback.last)
    XCTAssertTrue(flip.events.contains(.requestSideBack))
    XCTAssertFalse(flip.events.contains(.wrongSide))

    // Still lying there just after its capture: the flip is asked for; the
    // person has not had the time to turn it over, so it is no wrong side.
    steps = try await desk.steps(3)
    XCTAssertFalse(steps.flatMap(\.feedback).contains { $0.events.contains(.wrongSide) })
    XCTAssertEqual(steps.last?.output.annotation.instruction, Instruction.flipDocument.rawValue)

    // Taken away and put back not turned over: after two frames the front
    // is recognised.
    vision.show(nil)
    desk.image = Self.bareDesk
    _ = try await desk.steps(FlipWatch.framesAway)
    desk.image = Self.scene(front: true).render()
    vision.show(Self.placement.truth)
    steps = try await desk.steps(3)
    flip = try XCTUnwrap(steps.flatMap(\.feedback).last)
    XCTAssertTrue(flip.events.contains(.requestSideBack))
    XCTAssertTrue(flip.events.contains(.wrongSide))
    XCTAssertEqual(flip.side, .back)
    XCTAssertEqual(flip.instruction, Instruction.flipDocument.rawValue)

    // Blurred past the quality gate: no verdict on such a frame, and the
    // front's count starts again.
    desk.image = Self.scene(front: true).render().gaussianBlurred(sigma: 6)
    steps = try await desk.steps(2)
    let blurred = try XCTUnwrap(steps.flatMap(\.feedback).last)
    XCTAssertTrue(blurred.events.contains(.blur))
    XCTAssertFalse(blurred.events.contains(.wrongSide))

    // Turned over: the back's picture is not the front's.
    desk.image = Self.scene(front: false).render()
    steps = try await desk.steps(3)
    let back = try XCTUnwrap(steps.flatMap(\.feedback).last)
    XCTAssertFalse(back.events.contains(.wrongSide))
    XCTAssertTrue(back.events.contains(.requestSideBack))

    reader.show(DocumentFixture.td1Mrz)
    steps = try await desk.steps(4)
    XCTAssertEqual(steps.flatMap(\.results).count, 1)
  }

  /// A back read first whose MRZ stops reading while it is still in view
  /// (sliding out, blurred) is recognised by its picture: no front is
  /// taken from it; the front, once shown, is.
  func testABackReadFirstAndStillInViewIsNoFront() async throws {
    let reader = ScriptedReader(showing: DocumentFixture.td1Mrz)
    let vision = MovableVision()
    vision.show(Self.placement.truth)
    let desk = SessionFlowTests.Desk(
      outline: nil, vision: vision, reader: reader, image: Self.scene(front: false).render(),
      imaging: OpenCVImaging())
    var steps = try await desk.steps(3)
    XCTAssertEqual(steps.flatMap(\.sides).map(\.side), [.back])

    reader.show(nil)
    steps = try await desk.steps(SideFlowFrames.front + 2)
    XCTAssertTrue(steps.allSatisfy { $0.sides.isEmpty && $0.results.isEmpty })
    XCTAssertEqual(steps.last?.output.annotation.instruction, Instruction.flipDocument.rawValue)
    XCTAssertFalse(steps.flatMap(\.feedback).contains { $0.events.contains(.wrongSide) })

    desk.image = Self.scene(front: true).render()
    steps = try await desk.steps(SideFlowFrames.front)
    XCTAssertEqual(steps.flatMap(\.sides).map(\.side), [.front])
    let result = try XCTUnwrap(steps.last?.results.first)
    XCTAssertEqual(result.mrzLines, DocumentFixture.td1Mrz)
  }

  /// The dewarped front against itself turned half round, blurred, dimmed
  /// and noisy, and against the card's back.
  func testTheSameSideIsRecognisedUnderCameraEffectsAndTheOtherSideIsNot() throws {
    let imaging = OpenCVImaging()
    let vision = OpenCVVision()
    let size = DocumentShape.id1.dewarpedSize(longSide: 720)
    func dewarped(_ scene: DeskScene) throws -> LumaImage {
      try XCTUnwrap(
        vision.dewarp(
          scene.render(), quad: scene.truth, width: size.width, height: size.height))
    }
    let front = try dewarped(Self.scene(front: true))
    let back = try dewarped(Self.scene(front: false))
    let again = [
      front.rotatedHalfTurn(),
      front.gaussianBlurred(sigma: 1.5),
      front.lit(left: 0.5, right: 0.8).noisy(amplitude: 8, seed: 5),
    ]
    for (index, image) in again.enumerated() {
      var shown = SideShownAgain()
      shown.keep(front)
      for _ in 0..<SideShownAgain.framesNeeded { shown.observe(image, imaging: imaging) }
      XCTAssertTrue(shown.isShown, "effect \(index)")
    }
    var shown = SideShownAgain()
    shown.keep(front)
    for _ in 0..<SideShownAgain.framesNeeded { shown.observe(back, imaging: imaging) }
    XCTAssertFalse(shown.isShown)
    let matched = try XCTUnwrap(
      imaging.matchedFeatures(
        front, back, width: SideShownAgain.comparisonWidth,
        maximumFeatures: SideShownAgain.maximumFeatures,
        ransacPixels: SideShownAgain.ransacPixels))
    XCTAssertLessThan(matched, SideShownAgain.matchedFeaturesNeeded / 2)
  }

  /// One frame is no verdict, and a frame that is not a plain one (nil)
  /// starts the count again.
  func testTwoFramesInARowAreNeeded() throws {
    let imaging = OpenCVImaging()
    let front = Self.scene(front: true).render()
    var shown = SideShownAgain()
    shown.keep(front)
    shown.observe(front, imaging: imaging)
    XCTAssertFalse(shown.isShown)
    shown.observe(nil, imaging: imaging)
    shown.observe(front, imaging: imaging)
    XCTAssertFalse(shown.isShown)
    shown.observe(front, imaging: imaging)
    XCTAssertTrue(shown.isShown)
    shown.forget()
    shown.observe(front, imaging: imaging)
    shown.observe(front, imaging: imaging)
    XCTAssertFalse(shown.isShown, "nothing kept, nothing recognised")
  }
}
