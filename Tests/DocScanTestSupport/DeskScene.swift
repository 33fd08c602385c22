import CDocScanShim
import CDocScanTestShim
import COpenCVShim
import DocScanCore
import DocScanOCR
import Glibc

/// A camera's view of a desk with a document on it, with the document's
/// true corners: the fixture set for detection.
public struct DeskScene: Sendable {
  public enum Desk: Sendable {
    /// An even surface at this grey level (0..1).
    case plain(Double)
    /// Wood-like grain: streaks and knots around a mid grey.
    case wood
  }

  public var frameWidth = 1280
  public var frameHeight = 720
  public var desk: Desk = .plain(0.32)
  public var shape: DocumentShape = .td3
  /// Where the page's own upper-left, upper-right, lower-right and
  /// lower-left corners land in the frame (may lie outside it).
  public var corners: [Point]
  /// Finger tips over the document: centre and radius in frame pixels.
  public var fingers: [(center: Point, radius: Double)] = []
  /// The fingers' grey level (150: between the default desk and paper).
  public var fingerLevel: UInt8 = 150
  /// The MRZ printed on the document (see `DocumentFixture.mrz`).
  public var mrz: [String] = DocumentFixture.mrz
  /// When set, the document is this flat page instead of the MRZ page (a
  /// card back with a barcode, `BarcodeCardBack`).
  public var page: LumaImage?

  public init(corners: [Point], shape: DocumentShape = .td3, desk: Desk = .plain(0.32)) {
    self.corners = corners
    self.shape = shape
    self.desk = desk
  }

  /// A document of `shape` whose long side is `longSide` pixels, centred at
  /// (`centerX`, `centerY`), turned by `rotation` degrees, with its far
  /// (top) edge shortened by `keystone` (0 = seen straight on).
  public static func placed(
    shape: DocumentShape = .td3, centerX: Double = 640, centerY: Double = 360,
    longSide: Double = 700, rotation: Double = 0, keystone: Double = 0,
    desk: Desk = .plain(0.32)
  ) -> DeskScene {
    let w = longSide
    let h = longSide / shape.aspectRatio
    let top = w * (1 - keystone) / 2
    let local = [
      Point(x: -top, y: -h / 2), Point(x: top, y: -h / 2), Point(x: w / 2, y: h / 2),
      Point(x: -w / 2, y: h / 2),
    ]
    let angle = rotation * .pi / 180
    let placed = local.map {
      Point(
        x: centerX + $0.x * cos(angle) - $0.y * sin(angle),
        y: centerY + $0.x * sin(angle) + $0.y * cos(angle))
    }
    return DeskScene(corners: placed, shape: shape, desk: desk)
  }

  /// The true outline as the image shows it.
  public var truth: Quad { Quad(unordered: corners) }

  public func render() -> LumaImage {
    var frame = renderDesk()
    let size = shape.dewarpedSize(longSide: 900)
    var fixture = DocumentFixture(
      frameWidth: size.width, frameHeight: size.height,
      page: PixelRect(x: 0, y: 0, width: size.width, height: size.height))
    fixture.mrz = mrz
    let page = self.page ?? fixture.render()
    let flat = corners.flatMap { [$0.x, $0.y] }
    let stride = frame.stride
    page.pixels.withUnsafeBufferPointer { source in
      frame.pixels.withUnsafeMutableBufferPointer { target in
        _ = docscan_project_onto_quad(
          source.baseAddress, Int32(page.width), Int32(page.height), Int32(page.stride), flat,
          target.baseAddress, Int32(frameWidth), Int32(frameHeight), Int32(stride))
      }
    }
    for finger in fingers {
      frame.fillDisc(center: finger.center, radius: finger.radius, level: fingerLevel)
    }
    return frame
  }

  private func renderDesk() -> LumaImage {
    let canvas = docscan_canvas_new(Int32(frameWidth), Int32(frameHeight))!
    defer { docscan_canvas_free(canvas) }
    let w = Double(frameWidth)
    let h = Double(frameHeight)
    switch desk {
    case .plain(let level):
      docscan_canvas_fill_rect(canvas, 0, 0, w, h, level, level, level, 1)
    case .wood:
      docscan_canvas_fill_rect(canvas, 0, 0, w, h, 0.45, 0.45, 0.45, 1)
      // Streaks of varying width and shade, slightly slanted, and knots.
      var state: UInt64 = 12345
      func random() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(UInt64(1) << 53)
      }
      for _ in 0..<140 {
        let y = random() * h
        let shade = 0.3 + 0.35 * random()
        let points = [0, y, w, y + 40 * (random() - 0.5), w, y + 2 + 6 * random(), 0, y + 3]
        docscan_canvas_stroke_path(canvas, points, 4, 1, 1 + 3 * random(), shade, shade, shade, 0.8)
      }
      for _ in 0..<6 {
        let x = random() * w
        let y = random() * h
        docscan_canvas_fill_rect(
          canvas, x, y, 30 + 40 * random(), 8 + 10 * random(), 0.25, 0.25, 0.25, 0.9)
      }
    }
    return LumaImage(canvas: canvas)
  }
}

extension LumaImage {
  /// Fills a disc (a finger tip seen from above) with one grey level.
  mutating func fillDisc(center: Point, radius: Double, level: UInt8) {
    let top = max(0, Int(center.y - radius))
    let bottom = min(height - 1, Int(center.y + radius))
    let left = max(0, Int(center.x - radius))
    let right = min(width - 1, Int(center.x + radius))
    guard top <= bottom, left <= right else { return }
    for y in top...bottom {
      for x in left...right {
        let dx = Double(x) - center.x
        let dy = Double(y) - center.y
        if dx * dx + dy * dy <= radius * radius { self[x, y] = level }
      }
    }
  }
}
