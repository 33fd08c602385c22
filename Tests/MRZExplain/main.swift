import DocScanCore
import DocScanOCR
import DocScanTestSupport
import Foundation

// mrz-explain: why the MRZ reader does or does not return a document, for
// development (plugin/mrz-explain.sh turns images into the grey PGM frames
// this reads). For each IMAGE.pgm with its truth in IMAGE.txt (the MRZ
// lines): the reader's lines, each view's misread cells, the fused state
// after a still's frames, and the cells of the true MRZ that independent
// readings do not confirm (MRZConfirmation), with what each view read.
//
// Usage: mrz-explain [--tessdata DIR] [--frames N] [--views V,V,...] IMAGE.pgm...

var tessdata = MRZModelFolder.path
var frames = 5
var views = MRZModelReader.defaultViews
var files: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--tessdata": tessdata = arguments.popFirst() ?? tessdata
  case "--frames": frames = Int(arguments.popFirst() ?? "") ?? frames
  case "--views":
    let named = (arguments.popFirst() ?? "").split(separator: ",").map(String.init)
    views = named.compactMap(MRZReadingView.init(source:))
    guard !views.isEmpty, views.count == named.count else {
      print("mrz-explain: --views wants names like grey-24,binarized-32,mrz_wide/grey-32")
      exit(2)
    }
  default: files.append(argument)
  }
}
guard !files.isEmpty else {
  print("usage: mrz-explain [--tessdata DIR] [--frames N] [--views V,V,...] IMAGE.pgm...")
  exit(2)
}

/// Columns where `read` differs from `truth`, as `column:read` (`-` when a line is missing).
func differences(_ read: [String], _ truth: [String]) -> String {
  guard read.count == truth.count else { return "lines \(read.count) vs \(truth.count)" }
  var parts: [String] = []
  for (line, (got, want)) in zip(read, truth).enumerated() {
    let got = Array(got)
    let want = Array(want)
    guard got.count == want.count else {
      parts.append("L\(line + 1) length \(got.count) vs \(want.count)")
      continue
    }
    for column in 0..<want.count where got[column] != want[column] {
      parts.append("L\(line + 1):\(column + 1) \(want[column])->\(got[column])")
    }
  }
  return parts.isEmpty ? "exact" : parts.joined(separator: " ")
}

func explain(_ file: String, reader: MRZModelReader, frames: Int) {
  let name = (file as NSString).lastPathComponent
  guard let image = LumaImage(pgmFile: file) else {
    print("\(name): not a grey PGM")
    return
  }
  let truthFile = (file as NSString).deletingPathExtension + ".txt"
  let truth = ((try? String(contentsOfFile: truthFile, encoding: .utf8)) ?? "")
    .split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
  var reading: MRZReading?
  var shown = image
  for turn in [0, 1] where reading == nil {
    shown = image.rotated(quarterTurns: turn)
    reading = reader.readMRZ(in: shown)
  }
  guard let reading else {
    print("\(name): NO ROWS")
    return
  }
  // Each frame is read again, as the element reads a still's frames (the
  // reader samples each read at another sub-pixel phase).
  var fusion = MRZFusion()
  var state = fusion.add(reading, today: MRZDate.today())
  var later: [MRZReading] = []
  for _ in 1..<max(frames, 1) {
    guard let again = reader.readMRZ(in: shown) else { continue }
    later.append(again)
    state = fusion.add(again, today: MRZDate.today())
  }
  let verdict: String
  switch state {
  case .accepted(let record): verdict = record.lines == truth ? "EXACT" : "WRONG"
  case .collecting: verdict = "collecting"
  case .unverifiable: verdict = "unverifiable"
  }
  print("\(name): \(verdict); best \(differences(reading.bestLines, truth))")
  if verdict != "EXACT", let format = MRZFormat.detect(lines: reading.bestLines) {
    // Which stage stops a reading that is not returned.
    let corrected = MRZCorrector.correct(reading.bestLines, format: format)
    let resolved = MRZVoteResolver.resolve(reading.lines, format: format)
    print("  corrector: \(corrected.map { differences($0, truth) } ?? "fails")")
    print("  vote resolver: \(resolved.map { differences($0, truth) } ?? "fails")")
  }
  for opinion in reading.opinions {
    let again = later.flatMap(\.opinions).filter { $0.source == opinion.source }
    let others = again.map { differences($0.lines, truth) }
    print(
      "  \(opinion.source): \(differences(opinion.lines, truth))"
        + (others.isEmpty ? "" : " | later: " + others.joined(separator: " | ")))
  }
  // Cells whose runner-up has `MRZVoteResolver.runnerUpRatio` of the best's
  // weight or more: the rivals the confirmation and the check digits weigh.
  var close: [String] = []
  for (line, cells) in reading.lines.enumerated() {
    for (column, votes) in cells.enumerated() {
      let ranked = votes.candidates.sorted { $0.weight > $1.weight }
      guard ranked.count > 1, ranked[1].weight >= MRZVoteResolver.runnerUpRatio * ranked[0].weight
      else { continue }
      let shown = ranked.prefix(3).map { "\($0.character)\(String(format: "%.2f", $0.weight))" }
      close.append("L\(line + 1):\(column + 1) \(shown.joined(separator: "/"))")
    }
  }
  if verdict != "EXACT" && !close.isEmpty {
    print("  close votes: \(close.joined(separator: " "))")
  }
  guard verdict != "EXACT", let format = MRZFormat.detect(lines: truth),
    reading.lineShape.count == truth.count, reading.lineShape.length == truth.first?.count
  else { return }
  let blocked = MRZConfirmation.unconfirmed(truth, format: format, opinions: reading.opinions)
  let cells = blocked.map { position -> String in
    let views = reading.opinions.map { opinion -> String in
      let line = Array(opinion.lines[position.line])
      return position.column < line.count ? String(line[position.column]) : "-"
    }
    let want = Array(truth[position.line])[position.column]
    return "L\(position.line + 1):\(position.column + 1) \(want)[\(views.joined())]"
  }
  print("  unconfirmed: \(cells.isEmpty ? "none" : cells.joined(separator: " "))")
}

do {
  let reader = try MRZModelReader(tessdata: tessdata, views: views)
  for file in files { explain(file, reader: reader, frames: frames) }
} catch {
  print("mrz-explain: \(error)")
  exit(1)
}
