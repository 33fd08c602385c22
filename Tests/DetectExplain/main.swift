import DocScanCore
import DocScanOpenCV
import DocScanTestSupport
import Foundation

// detect-explain: what document detection saw in one frame, for
// development (plugin/detect-explain.sh cuts frames out of clips and writes
// the PGM planes this reads). For each IMAGE.pgm (grey, analysis size) with
// IMAGE.cb.pgm and IMAGE.cr.pgm beside it (colour differences, a quarter of
// its width; optional): every candidate outline with its source, fill and
// side support, then the detection. With --quads FILE it also writes the
// candidates as lines of "source fill support x0 y0 ... x3 y3", the chosen
// one last as "chosen status 0 0 x0 y0 ...".
//
// Usage: detect-explain [--quads FILE] IMAGE.pgm...

var files: [String] = []
var quadsFile: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  if argument == "--quads" { quadsFile = arguments.popFirst() } else { files.append(argument) }
}
guard !files.isEmpty else {
  print("usage: detect-explain [--quads FILE] IMAGE.pgm...")
  exit(2)
}

func corners(_ quad: Quad) -> String {
  quad.flattened.map { String(format: "%.1f", $0) }.joined(separator: " ")
}

let vision = OpenCVVision()
var quadLines: [String] = []
for file in files {
  guard let image = LumaImage(pgmFile: file) else {
    print("\(file): not a grey PGM")
    continue
  }
  let base = (file as NSString).deletingPathExtension
  var chroma: ChromaImage?
  if let cb = LumaImage(pgmFile: base + ".cb.pgm"), let cr = LumaImage(pgmFile: base + ".cr.pgm") {
    chroma = ChromaImage(blueDifference: cb, redDifference: cr)
  }
  let started = Date()
  let outlines = vision.outlines(in: image, chroma: chroma)
  let cost = Date().timeIntervalSince(started) * 1000
  let segmentsStarted = Date()
  let segments = vision.lineSegments(in: image, chroma: chroma)
  let segmentCost = Date().timeIntervalSince(segmentsStarted) * 1000
  // The straight edges long enough to be a side, drawn thin.
  let sideLength =
    vision.straightSides.minimumSegmentFraction * Double(min(image.width, image.height))
  for segment in segments where segment.length >= sideLength {
    let ends = [segment.start.x, segment.start.y, segment.end.x, segment.end.y]
    quadLines.append("segment " + ends.map { String(format: "%.1f", $0) }.joined(separator: " "))
  }
  let finderStarted = Date()
  _ = vision.straightSides.outlines(
    segments: segments, frameWidth: image.width, frameHeight: image.height)
  let finderCost = Date().timeIntervalSince(finderStarted) * 1000
  let detector = DocumentDetector()
  let printStarted = Date()
  let blobs = vision.darkBlobs(in: image)
  let rows = MRZPrintGauge().rows(blobs: blobs, imageWidth: image.width, imageHeight: image.height)
  let printCost = Date().timeIntervalSince(printStarted) * 1000
  let pagePrint = PagePrint(blobs: blobs, frameWidth: image.width, frameHeight: image.height)
  var detection = detector.detect(
    candidates: outlines, frameWidth: image.width, frameHeight: image.height, image: image,
    chroma: chroma,
    mrzRows: rows, pagePrint: pagePrint)
  let measured = MRZPrintGauge().measure(rows: rows)
  let printLine =
    "  MRZ print (\(Int(printCost)) ms): "
    + (measured.map {
      "pitch \(String(format: "%.1f", $0.pitch)) px, \($0.longestRowLength) characters, rows along the \($0.rowsAlongWidth ? "width" : "height")"
    } ?? "none")
    + (rows.contains { $0.runsOffFrame(width: image.width, height: image.height) }
      ? ", a row runs off the frame" : "")
  detection = detector.judged(
    detection, rows: rows, frameWidth: image.width, frameHeight: image.height)
  print(
    "\(file): \(image.width)x\(image.height), \(outlines.count) candidates in \(Int(cost)) ms"
      + " (of which \(segments.count) line segments \(Int(segmentCost)) ms,"
      + " straight sides \(Int(finderCost)) ms)")
  print("  MRZ rows (\(Int(printCost)) ms): \(rows.count)")
  for row in rows {
    let centres = row.characterCentres
    print(
      String(
        format: "    %d characters at %.1f px pitches, capitals %.1f px, from %.0f,%.0f to "
          + "%.0f,%.0f%@",
        row.characters.count, row.pitch, row.capitalHeight, centres.first?.x ?? 0,
        centres.first?.y ?? 0, centres.last?.x ?? 0, centres.last?.y ?? 0,
        row.runsOffFrame(width: image.width, height: image.height) ? ", runs off the frame" : ""))
  }
  for outline in outlines.sorted(by: { $0.quad.area > $1.quad.area }) {
    var support = outline.sideSupport.map { String(format: "%.2f", $0) } ?? "-"
    if let weakest = outline.weakestSideSupport {
      support += String(format: " (least %.2f)", weakest)
    }
    print(
      "  \(outline.source) area \(Int(outline.quad.area)) fill \(String(format: "%.2f", outline.fill)) support \(support): \(corners(outline.quad))"
    )
    quadLines.append(
      "\(outline.source) \(outline.fill) \(outline.sideSupport ?? -1) \(corners(outline.quad))")
  }
  print(printLine)
  if let quad = detection.quad {
    let outside = pagePrint.centres.filter { !quad.contains($0) }.count
    print("  print: \(pagePrint.centres.count) characters, \(outside) outside the outline")
  }
  print("  -> \(detection.status) \(detection.events) \(detection.quad.map(corners) ?? "no quad")")
  if let quad = detection.quad { quadLines.append("chosen \(detection.status) 0 \(corners(quad))") }
}
if let quadsFile {
  try? (quadLines.joined(separator: "\n") + "\n").write(
    toFile: quadsFile, atomically: true, encoding: .utf8)
}
