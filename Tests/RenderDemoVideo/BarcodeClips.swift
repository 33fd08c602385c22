import CZXingShim
import DocScanCore
import DocScanTestSupport
import Glibc

/// The clips of the barcode benchmark (plugin/barcode_benchmark.py): a
/// card held on a desk for 3 s at 30 fps, 1280x720, as PNG frames in one
/// folder per clip, with the payload in `expected.txt`. Each clip slides
/// the card in (motion blur), holds it still, shakes it (motion blur),
/// then holds it still out of focus. The cards: an AAMVA licence back
/// (PDF417), and a QR code, a Code 128 and an EAN-13 label (codes zbar
/// reads too).
enum BarcodeClips {
  static let fps = 30
  static let seconds = 3

  struct Clip {
    var name: String
    var payload: String
    var card: LumaImage?
  }

  static var clips: [Clip] {
    let licence = AAMVASample.payload()
    return [
      Clip(
        name: "licence-back-pdf417", payload: licence,
        card: BarcodeCardBack.render(payload: licence)),
      Clip(
        name: "qrcode", payload: "https://example.org/docscan?id=4711",
        card: BarcodeLabel.render(
          format: UInt32(DOCSCAN_ZXING_QRCODE), text: "https://example.org/docscan?id=4711")),
      Clip(
        name: "code128", payload: "DOCSCAN-128-0042",
        card: BarcodeLabel.render(format: UInt32(DOCSCAN_ZXING_CODE128), text: "DOCSCAN-128-0042")
      ),
      Clip(
        name: "ean13", payload: "4006381333931",
        card: BarcodeLabel.render(format: UInt32(DOCSCAN_ZXING_EAN13), text: "4006381333931")),
    ]
  }

  /// Frame `index` of a clip showing `card`.
  static func frame(_ index: Int, card: LumaImage) -> LumaImage {
    let second = Double(index) / Double(fps)
    var centerX = 640.0
    var motion = 0
    var defocus = 0.0
    switch second {
    case ..<0.5:  // sliding in from the right, slowing down
      let remaining = (0.5 - second) / 0.5
      centerX = 640 + 760 * remaining * remaining
      motion = Int(60 * remaining)
    case 1.5..<2.2:  // shaken
      centerX = 640 + 14 * sin(second * 40)
      motion = 14
    case 2.2...:  // held still, out of focus
      defocus = 1.6
    default:
      break
    }
    var scene = DeskScene.placed(
      shape: .id1, centerX: centerX, centerY: 370, longSide: 760, rotation: 5, keystone: 0.05)
    scene.page = card
    var image = scene.render()
    if motion > 1 { image = image.motionBlurred(length: motion) }
    if defocus > 0 { image = image.gaussianBlurred(sigma: defocus) }
    return image.noisy(amplitude: 3, seed: UInt64(index + 1))
  }

  /// Writes every clip's frames and payload under `folder`; false when a
  /// file cannot be written or a card cannot be encoded.
  static func render(into folder: String) -> Bool {
    for clip in clips {
      guard let card = clip.card else {
        print("cannot encode \(clip.name)")
        return false
      }
      let clipFolder = "\(folder)/\(clip.name)"
      guard makeFolder(clipFolder), write(clip.payload, to: "\(clipFolder)/expected.txt") else {
        print("cannot write into \(clipFolder)")
        return false
      }
      for index in 0..<(fps * seconds) {
        let path = "\(clipFolder)/frame\(String(index + 100_000).dropFirst()).png"
        guard frame(index, card: card).writePNG(to: path) else {
          print("cannot write \(path)")
          return false
        }
      }
    }
    print("rendered \(clips.count) barcode clips into \(folder)")
    return true
  }

  private static func makeFolder(_ path: String) -> Bool {
    mkdir(path, 0o755) == 0 || errno == EEXIST
  }

  private static func write(_ text: String, to path: String) -> Bool {
    guard let file = fopen(path, "w") else { return false }
    defer { fclose(file) }
    return fputs(text, file) >= 0
  }
}
