import DocScanCore
import DocScanOpenCV
import DocScanTestSupport
import XCTest

/// Detection on the project's rendered desk scenes, against their true corners.
final class DetectionAccuracyTests: XCTestCase {
  let vision = OpenCVVision()
  let detector = DocumentDetector()

  func detect(_ scene: DeskScene) -> Detection {
    detector.detect(
      candidates: vision.outlines(in: scene.render(), chroma: nil), frameWidth: scene.frameWidth,
      frameHeight: scene.frameHeight)
  }

  /// Documents placed well: every shape, turned, slightly keystoned, on
  /// plain, light and textured desks, some with fingers over an edge.
  static func cleanScenes() -> [(name: String, scene: DeskScene)] {
    var scenes: [(String, DeskScene)] = []
    let desks: [(String, DeskScene.Desk)] = [
      ("dark", .plain(0.32)), ("light", .plain(0.6)), ("wood", .wood),
    ]
    let rotations = [0.0, 12, -25, 90, 183, 35]
    for shape in DocumentShape.allCases {
      for (deskName, desk) in desks {
        for (index, rotation) in rotations.enumerated() {
          var scene = DeskScene.placed(
            shape: shape, centerX: 640 + Double(index * 10 - 25), longSide: 520, rotation: rotation,
            keystone: index.isMultiple(of: 2) ? 0.08 : 0, desk: desk)
          if index == 1 || index == 4 {
            // Two finger tips over the lower edge.
            let a = scene.corners[3]
            let b = scene.corners[2]
            scene.fingers = [0.3, 0.45].map { t in
              (Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t), 16)
            }
          }
          scenes.append(("\(shape) \(deskName) rot \(rotation)", scene))
        }
      }
    }
    return scenes
  }

  func testOutlinesMatchTheTruthOnCleanScenes() {
    var ious: [Double] = []
    var falseAlarms: [String] = []
    for (name, scene) in Self.cleanScenes() {
      let detection = detect(scene)
      let iou = detection.quad.map { $0.intersectionOverUnion(with: scene.truth) } ?? 0
      ious.append(iou)
      if detection.status != .success || !detection.events.isEmpty {
        falseAlarms.append("\(name): \(detection.status) \(detection.events)")
      }
      if iou < 0.85 { print("low IoU \(iou) on \(name)") }
    }
    let mean = ious.reduce(0, +) / Double(ious.count)
    print(
      "detection on \(ious.count) clean scenes: mean IoU \(mean), min \(ious.min()!), "
        + "false alarms \(falseAlarms.count)/\(ious.count): \(falseAlarms)")
    XCTAssertGreaterThanOrEqual(mean, 0.92)
    XCTAssertEqual(falseAlarms, [], "clean steady frames must raise no status")
  }

  /// The camera's troubles do not move the outline: blur, sensor noise,
  /// uneven light and a reflection on the page.
  func testOutlinesHoldUnderBlurNoiseLightingAndGlare() {
    let scenes: [(String, DeskScene)] = [
      ("td3 dark rot 8", .placed(longSide: 560, rotation: 8)),
      ("id1 wood rot -20", .placed(shape: .id1, longSide: 520, rotation: -20, desk: .wood)),
      ("td2 light rot 95", .placed(shape: .td2, longSide: 520, rotation: 95, desk: .plain(0.6))),
    ]
    let effects: [(String, (LumaImage) -> LumaImage)] = [
      ("blur 2", { $0.gaussianBlurred(sigma: 2) }),
      ("motion 9", { $0.motionBlurred(length: 9) }),
      ("noise 8", { $0.noisy(amplitude: 8, seed: 4) }),
      ("dim left", { $0.lit(left: 0.55, right: 1.0) }),
      ("glare", { $0.withHighlight(centerX: 600, centerY: 330, radius: 60) }),
    ]
    var ious: [Double] = []
    for (sceneName, scene) in scenes {
      let frame = scene.render()
      for (effectName, effect) in effects {
        let image = effect(frame)
        let detection = detector.detect(
          candidates: vision.outlines(in: image, chroma: nil), frameWidth: image.width,
          frameHeight: image.height)
        let iou = detection.quad.map { $0.intersectionOverUnion(with: scene.truth) } ?? 0
        if iou < 0.9 { print("low IoU \(iou) on \(sceneName) with \(effectName)") }
        ious.append(iou)
      }
    }
    let mean = ious.reduce(0, +) / Double(ious.count)
    print(
      "detection under camera effects on \(ious.count) frames: mean IoU \(mean), min \(ious.min()!)"
    )
    XCTAssertGreaterThanOrEqual(mean, 0.92)
  }

  func testEveryStatusOnTheFramesBuiltForIt() {
    let cases: [(String, DeskScene, DetectionStatus, FeedbackEvent?)] = [
      ("far", .placed(longSide: 300), .cameraTooFar, .tooFar),
      ("close", .placed(longSide: 1500), .cameraTooClose, .tooClose),
      ("steep", .placed(longSide: 560, keystone: 0.45), .cameraAngleTooSteep, .tilt),
      ("edge", .placed(centerX: 270, longSide: 520), .documentTooCloseToEdge, .tooCloseToEdge),
      ("cut", .placed(centerX: 1200, longSide: 520), .documentPartiallyVisible, .notFullyVisible),
      ("far on wood", .placed(longSide: 300, desk: .wood), .cameraTooFar, .tooFar),
      (
        "cut on wood", .placed(centerX: 1200, longSide: 520, desk: .wood),
        .documentPartiallyVisible,
        .notFullyVisible
      ),
      (
        "cut on a light desk", .placed(centerX: 1150, longSide: 700, desk: .plain(0.7)),
        .documentPartiallyVisible, .notFullyVisible
      ),
    ]
    for (name, scene, status, event) in cases {
      let detection = detect(scene)
      XCTAssertEqual(detection.status, status, name)
      if let event {
        XCTAssertTrue(detection.events.contains(event), "\(name): \(detection.events)")
      }
      XCTAssertNotNil(detection.quad, name)
    }
  }

  func testEmptyDesksShowNoDocument() {
    for desk in [DeskScene.Desk.plain(0.32), .plain(0.6), .wood] {
      var scene = DeskScene.placed(desk: desk)
      scene.corners = scene.corners.map { Point(x: $0.x + 5000, y: $0.y) }  // off the frame
      let detection = detect(scene)
      XCTAssertEqual(detection.status, .failed, "\(desk)")
      XCTAssertNil(detection.quad)
    }
  }

  func testQuadGeometry() {
    let square = Quad(unordered: [
      Point(x: 10, y: 0), Point(x: 0, y: 10), Point(x: 0, y: 0), Point(x: 10, y: 10),
    ])
    XCTAssertEqual(square.upperLeft, Point(x: 0, y: 0))
    XCTAssertEqual(square.upperRight, Point(x: 10, y: 0))
    XCTAssertEqual(square.lowerRight, Point(x: 10, y: 10))
    XCTAssertEqual(square.lowerLeft, Point(x: 0, y: 10))
    XCTAssertEqual(square.area, 100)
    XCTAssertEqual(square.maximumCornerSkew, 0, accuracy: 1e-9)
    let shifted = Quad(unordered: square.corners.map { Point(x: $0.x + 5, y: $0.y) })
    XCTAssertEqual(square.intersectionOverUnion(with: shifted), 50.0 / 150.0, accuracy: 1e-9)
    XCTAssertEqual(square.intersectionOverUnion(with: square), 1, accuracy: 1e-9)
  }
}
