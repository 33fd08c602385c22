import COpenCVShim
import DocScanCore
import Synchronization

/// `DocumentImaging` done by OpenCV: colour warps (imgproc), PNG
/// (imgcodecs), faces (objdetect's cascade classifier) and features found
/// again (features2d's ORB, calib3d's homography).
public final class OpenCVImaging: DocumentImaging {
  /// Debian's `opencv-data` puts OpenCV's trained cascades here.
  public static let defaultCascade =
    "/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml"
  /// Sizes searched step by this factor; a face counts where this many
  /// overlapping hits agree (README: how the detector does on the shared
  /// pages and on rendered pages without a face).
  static let scaleFactor = 1.1
  static let minimumNeighbours = 6
  /// The picture is searched scaled so that the smallest face asked for is
  /// this many pixels across (never enlarged): the cascade's window is 24
  /// px, and finer detail only costs time (README, "Document image and
  /// portrait": half the time, the same faces and ways up).
  static let smallestSearchedFace = 30.0

  /// The scale the picture is searched at for faces `minimumSize` px and up.
  static func searchScale(minimumSize: Int) -> Double {
    min(1, smallestSearchedFace / Double(max(1, minimumSize)))
  }
  static let capacity = 32

  /// The cascade: not safe to run from two threads at once, so behind a lock
  /// (a session uses it from its own analysis thread only).
  private let detector: Mutex<OpaquePointer?>

  /// Loads the face cascade at `cascadePath`; without it (`opencv-data` not
  /// installed) no face is ever found (`hasFaceDetector` is false).
  public init(cascadePath: String = OpenCVImaging.defaultCascade) {
    detector = Mutex(docscan_face_detector_new(cascadePath))
  }

  deinit {
    detector.withLock { docscan_face_detector_free($0) }
  }

  public var hasFaceDetector: Bool { detector.withLock { $0 != nil } }

  public func colourDewarp(
    _ luma: LumaImage, chroma: ChromaImage?, quad: Quad, width: Int, height: Int
  ) -> ColourImage? {
    var ok = false
    let corners = quad.flattened
    let picture = ColourImage(width: width, height: height) { out in
      ok =
        luma.pixels.withUnsafeBufferPointer { pixels in
          withChromaPlanes(chroma) { planes in
            docscan_warp_quad_rgb(
              pixels.baseAddress, Int32(luma.width), Int32(luma.height), Int32(luma.stride), planes,
              corners, out.baseAddress, Int32(width), Int32(height))
          }
        } != 0
    }
    return ok ? picture : nil
  }

  public func faces(in image: ColourImage, minimumSize: Int) -> [DetectedFace] {
    detector.withLock { detector -> [DetectedFace] in
      guard let detector else { return [] }
      var rects = [Int32](repeating: 0, count: 5 * Self.capacity)
      let count = image.pixels.withUnsafeBufferPointer { pixels in
        docscan_detect_faces(
          detector, pixels.baseAddress, Int32(image.width), Int32(image.height),
          Int32(3 * image.width), Int32(minimumSize), Self.searchScale(minimumSize: minimumSize),
          Self.scaleFactor,
          Int32(Self.minimumNeighbours),
          &rects, Int32(Self.capacity))
      }
      return (0..<max(0, Int(count))).map {
        DetectedFace(
          box: PixelRect(
            x: Int(rects[5 * $0]), y: Int(rects[5 * $0 + 1]), width: Int(rects[5 * $0 + 2]),
            height: Int(rects[5 * $0 + 3])),
          agreement: Int(rects[5 * $0 + 4]))
      }
    }
  }

  public func png(_ image: ColourImage) -> [UInt8]? {
    var length = 0
    let encoded = image.pixels.withUnsafeBufferPointer {
      docscan_encode_png(
        $0.baseAddress, Int32(image.width), Int32(image.height), Int32(3 * image.width), 3,
        &length)
    }
    guard let encoded else { return nil }
    defer { docscan_png_free(encoded) }
    return Array(UnsafeBufferPointer(start: encoded, count: length))
  }

  public func matchedFeatures(
    _ a: LumaImage, _ b: LumaImage, width: Int, maximumFeatures: Int, ransacPixels: Double
  ) -> Int? {
    let matched = a.pixels.withUnsafeBufferPointer { first in
      b.pixels.withUnsafeBufferPointer { second in
        docscan_matched_features(
          first.baseAddress, Int32(a.width), Int32(a.height), Int32(a.stride),
          second.baseAddress, Int32(b.width), Int32(b.height), Int32(b.stride), Int32(width),
          Int32(maximumFeatures), ransacPixels)
      }
    }
    return matched < 0 ? nil : Int(matched)
  }
}
