import DocScanCore
import DocScanTestSupport
import Glibc

// Renders the frames of the bundled demo clip (pipelines/media/demo.mp4) as
// PNG files: an empty desk, a passport page sliding in, held steady, shaken,
// caught by a reflection, steady again. pipelines/media/render-demo.sh turns
// them into the MP4.
//
// Usage: render-demo-video OUTPUT_FOLDER
//        render-demo-video --barcode-clips OUTPUT_FOLDER (see BarcodeClips)

let arguments = CommandLine.arguments
if arguments.count == 3 && arguments[1] == "--barcode-clips" {
  exit(BarcodeClips.render(into: arguments[2]) ? 0 : 1)
}
guard arguments.count == 2 else {
  print("usage: render-demo-video OUTPUT_FOLDER")
  exit(2)
}
let folder = arguments[1]
let width = 1280
let height = 720
let fps = 30

let base = DocumentFixture(frameWidth: width, frameHeight: height)
let restX = base.page.x

/// The page's x position and the frame's blur for frame `index`.
func frame(_ index: Int) -> LumaImage {
  let second = Double(index) / Double(fps)
  var fixture = base
  var motion = 0
  switch second {
  case ..<1:  // empty desk
    fixture.page.x = width + 10
  case ..<2:  // sliding in from the right, fast at first
    let t = second - 1
    let remaining = (1 - t) * (1 - t)
    fixture.page.x = restX + Int(Double(width - restX) * remaining)
    motion = Int(40 * (1 - t))
  case 4..<5:  // shaken
    fixture.page.x = restX + Int(12 * sin(second * 40))
    motion = 29
  default:
    break
  }
  var image = fixture.render()
  if motion > 1 { image = image.motionBlurred(length: motion) }
  if (5..<6).contains(second) {  // a reflection crossing the page
    let t = second - 5
    image = image.withHighlight(
      centerX: base.page.x + Int(Double(base.page.width) * (0.2 + 0.6 * t)),
      centerY: base.page.y + base.page.height / 3, radius: 55)
  }
  return image.noisy(amplitude: 3, seed: UInt64(index + 1))
}

let frames = 8 * fps
for index in 0..<frames {
  let path = "\(folder)/frame\(String(index + 100_000).dropFirst()).png"
  guard frame(index).writePNG(to: path) else {
    print("cannot write \(path)")
    exit(1)
  }
}
print("rendered \(frames) frames into \(folder)")
