import DocScanCore
import DocScanOCR
import DocScanTestSupport
import Foundation

// The MRZ stage's cost and the time to a result, for plugin/benchmark.sh.
//
// 1. MRZ stage per analysed frame: MRZModelReader on the dewarped
//    document the session hands it (720 pixels long side), passport (TD3)
//    and ID card back (TD1), p50/p99 over repeated reads.
// 2. Time to result: a rendered 30 fps clip (desk, then the document lying
//    still from 0.3 s) through `docscan mode=mrz analysis=sync`; the result's
//    stream time minus the moment the document settled.
//
// Usage: mrz-benchmark [--runs N] [--json]   (GST_PLUGIN_PATH must hold the plugin)

var runs = 30
var json = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--runs": runs = Int(arguments.popFirst() ?? "") ?? runs
  case "--json": json = true
  default:
    print("usage: mrz-benchmark [--runs N] [--json]")
    exit(2)
  }
}

func percentile(_ values: [Double], _ p: Double) -> Double {
  let sorted = values.sorted()
  return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p + 0.5))]
}

func page(_ mrz: [String]) -> LumaImage {
  let size = (mrz.count == 3 ? DocumentShape.id1 : .td3).dewarpedSize(longSide: 720)
  var fixture = DocumentFixture(
    frameWidth: size.width, frameHeight: size.height,
    page: PixelRect(x: 0, y: 0, width: size.width, height: size.height))
  fixture.mrz = mrz
  return fixture.render().noisy(amplitude: 3, seed: 1)
}

/// The MRZ stage's p50 and p99 per document. The reader lives only in
/// here: a global one would never be freed, and Tesseract warns of leaked
/// models at exit.
func measureStage(runs: Int) -> [String: Double] {
  let reader: MRZModelReader
  do {
    reader = try MRZModelReader(tessdata: MRZModelFolder.path)
  } catch {
    print("mrz-benchmark: \(error)")
    exit(1)
  }
  var report: [String: Double] = [:]
  for (name, mrz) in [("td3", DocumentFixture.mrz), ("td1", DocumentFixture.td1Mrz)] {
    let image = page(mrz)
    _ = reader.readMRZ(in: image)  // warm-up
    var times: [Double] = []
    for _ in 0..<runs {
      let start = ContinuousClock.now
      _ = reader.readMRZ(in: image)
      let elapsed = ContinuousClock.now - start
      times.append(
        Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
    }
    report["mrz_\(name)_p50_ms"] = percentile(times, 0.5)
    report["mrz_\(name)_p99_ms"] = percentile(times, 0.99)
  }
  return report
}

var report = measureStage(runs: runs)

/// Runs a command, returning its standard output (nil on failure or after
/// ChildProcess's 30 s).
func run(_ command: [String]) -> String? {
  guard let output = try? ChildProcess.run(command), output.status == 0, !output.timedOut
  else { return nil }
  return output.stdout
}

let steadyFrom = 9
for (name, mrz, shape) in [
  ("td3", DocumentFixture.mrz, DocumentShape.td3), ("td1", DocumentFixture.td1Mrz, .id1),
] {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "docscan-mrz-benchmark-\(UUID().uuidString)")
  try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  var scene = DeskScene.placed(shape: shape, longSide: 760, rotation: 3, keystone: 0.04)
  scene.mrz = mrz
  let document = scene.render()
  let desk = DeskScene.placed(centerX: 5000, longSide: 100).render()
  for index in 0..<60 {
    let frame = (index < steadyFrom ? desk : document).noisy(amplitude: 3, seed: UInt64(index + 1))
    _ = frame.writePNG(to: folder.appendingPathComponent("f\(100_000 + index).png").path)
  }
  let output = run([
    "gst-launch-1.0", "-m", "multifilesrc", "location=\(folder.path)/f%06d.png", "index=100000",
    "caps=image/png,framerate=30/1", "!", "pngdec", "!", "videoconvert", "!", "docscan",
    "mode=mrz", "analysis=sync", "!", "fakesink",
  ])
  let line = output?.split(separator: "\n").first { $0.contains("docscan-result") }
  if let line,
    let range = line.range(of: #"stream-time=\(guint64\)[0-9]+"#, options: .regularExpression)
  {
    let nanoseconds = Double(line[range].split(separator: ")").last ?? "") ?? .nan
    report["time_to_result_\(name)_s"] = nanoseconds / 1e9 - Double(steadyFrom) / 30
  } else {
    report["time_to_result_\(name)_s"] = .nan
  }
}

if json {
  let body = report.keys.sorted().map { "\"\($0)\": \(String(format: "%.3f", report[$0]!))" }
  print("{" + body.joined(separator: ", ") + "}")
} else {
  print("MRZ stage (MRZModelReader on the 720-px dewarped document, \(runs) runs):")
  for name in ["td3", "td1"] {
    print(
      String(
        format: "  %@  p50 %.1f ms  p99 %.1f ms", name.uppercased(), report["mrz_\(name)_p50_ms"]!,
        report["mrz_\(name)_p99_ms"]!))
  }
  print("Time to result after the document settles (30 fps, analysis=sync, stream time):")
  for name in ["td3", "td1"] {
    print(String(format: "  %@  %.3f s", name.uppercased(), report["time_to_result_\(name)_s"]!))
  }
}
