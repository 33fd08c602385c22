import DocScanCore
import DocScanOpenCV
import DocScanTestSupport
import Synchronization

/// Detection with a scripted outline (or none); dewarping by OpenCV, so the
/// quality gate measures a real rendered page.
struct ScriptedVision: DocumentVision {
  var outline: Quad?

  func outlines(in image: LumaImage, chroma: ChromaImage?) -> [Outline] {
    outline.map { [Outline(quad: $0, source: .edges)] } ?? []
  }

  func dewarp(_ image: LumaImage, quad: Quad, width: Int, height: Int) -> LumaImage? {
    OpenCVVision().dewarp(image, quad: quad, width: width, height: height)
  }

  func darkBlobs(in image: LumaImage) -> [PixelRect] { OpenCVVision().darkBlobs(in: image) }

  func unsharpMasked(_ image: LumaImage, sigma: Double, amount: Double) -> LumaImage? {
    OpenCVVision().unsharpMasked(image, sigma: sigma, amount: amount)
  }
}

/// Detection whose outline the test moves from frame to frame.
final class MovableVision: DocumentVision {
  private let outline = Mutex<Outline?>(nil)

  /// `source`: `.brightRegion` for a page the frame cuts (edges running
  /// off the frame are a desk's).
  func show(_ quad: Quad?, source: Outline.Source = .edges) {
    outline.withLock { $0 = quad.map { Outline(quad: $0, source: source) } }
  }

  func outlines(in image: LumaImage, chroma: ChromaImage?) -> [Outline] {
    outline.withLock { $0 }.map { [$0] } ?? []
  }

  func dewarp(_ image: LumaImage, quad: Quad, width: Int, height: Int) -> LumaImage? {
    OpenCVVision().dewarp(image, quad: quad, width: width, height: height)
  }

  func darkBlobs(in image: LumaImage) -> [PixelRect] { OpenCVVision().darkBlobs(in: image) }

  func unsharpMasked(_ image: LumaImage, sigma: Double, amount: Double) -> LumaImage? {
    OpenCVVision().unsharpMasked(image, sigma: sigma, amount: amount)
  }
}

extension MovableVision {
  /// The events of the last feedback of a session shown `quad` (found as
  /// `source`) over three featureless frames (no sharp detail at all).
  static func lastEvents(
    showing quad: Quad, source: Outline.Source = .edges
  ) async throws -> [FeedbackEvent] {
    let vision = MovableVision()
    let session = ScanSession(vision: vision)
    vision.show(quad, source: source)
    var events: [FeedbackEvent] = []
    for index in 0..<3 {
      let output = await session.analyze(.featureless(index), settings: SessionSettings())
      for message in try output.messages.map(FeedbackMessage.init(structure:)) {
        events = message.events
      }
    }
    return events
  }
}

/// An MRZ reader that reads whatever the test says is in view, whatever
/// the image; it counts its calls and remembers the images' sizes.
final class ScriptedReader: MRZTextReader {
  private struct State {
    var showing: MRZReading?
    /// Only an upright page is read (a reader cannot read upside down).
    var onlyUpright = false
    /// Only a landscape image is read (the MRZ's lines run along it).
    var onlyLandscape = false
    /// The reader turns the image itself (as MRZModelReader does).
    var anyOrientation = false
    /// Only images of this size are read (the whole frame: the MRZ is not
    /// on the outline's document).
    var onlySize: (width: Int, height: Int)?
    /// Only images this accepts are read.
    var onlyWhere: (@Sendable (LumaImage) -> Bool)?
    /// What the images `onlyWhere` rejects read as (nothing by default).
    var elsewhere: MRZReading?
    var sizes: [(width: Int, height: Int)] = []
  }

  private let state = Mutex(State())

  init(showing lines: [String]? = nil) {
    show(lines)
  }

  /// The MRZ in view from now on; nil: a side without one.
  func show(_ lines: [String]?) {
    state.withLock { $0.showing = lines.map { MRZReading(exact: $0) } }
  }

  func readOnlyUpright() {
    state.withLock { $0.onlyUpright = true }
  }

  func readOnlyLandscape() {
    state.withLock { $0.onlyLandscape = true }
  }

  func readAnyOrientation() {
    state.withLock { $0.anyOrientation = true }
  }

  func readOnlyImages(width: Int, height: Int) {
    state.withLock { $0.onlySize = (width, height) }
  }

  /// Only images `accepts` says yes to are read (a stamp across the MRZ
  /// that only the ink image clears, say).
  func readOnlyImages(where accepts: @escaping @Sendable (LumaImage) -> Bool) {
    state.withLock { $0.onlyWhere = accepts }
  }

  /// What the images `readOnlyImages(where:)` rejects read as: grey, say,
  /// where a stamp's stroke splits the views on a letter.
  func readOtherImages(as reading: MRZReading) {
    state.withLock { $0.elsewhere = reading }
  }

  var readsAnyOrientation: Bool { state.withLock { $0.anyOrientation } }

  var calls: Int { state.withLock { $0.sizes.count } }
  var sizes: [(width: Int, height: Int)] { state.withLock { $0.sizes } }

  func readMRZ(in image: LumaImage) -> MRZReading? {
    let upsideDown = Self.isUpsideDown(image)
    return state.withLock {
      $0.sizes.append((image.width, image.height))
      if $0.onlyUpright && upsideDown { return nil }
      if $0.onlyLandscape && image.height > image.width { return nil }
      if let size = $0.onlySize, size != (image.width, image.height) { return nil }
      if let accepts = $0.onlyWhere, !accepts(image) { return $0.elsewhere }
      return $0.showing
    }
  }

  /// Whether the fixture page is upside down: upright, its photo box (a
  /// large grey block) is on the left and the printed fields on white are
  /// on the right.
  static func isUpsideDown(_ image: LumaImage) -> Bool {
    func mean(columns: Range<Int>) -> Double {
      var sum = 0
      let rows = image.height / 4..<image.height * 3 / 4
      for y in rows {
        for x in columns { sum += Int(image[x, y]) }
      }
      return Double(sum) / Double(rows.count * columns.count)
    }
    let quarter = image.width / 4
    return mean(columns: 0..<quarter) > mean(columns: image.width - quarter..<image.width)
  }
}

extension MRZReading {
  /// A reading that is sure of every character of `lines`.
  init(exact lines: [String], weight: Double = 0.9) {
    self.init(
      lines: lines.map { $0.map { MRZCharacterVotes([($0, weight)]) } },
      opinions: [
        MRZOpinion(source: "first", lines: lines), MRZOpinion(source: "second", lines: lines),
      ])
  }
}

extension MRZReading {
  /// A reading whose two independent readers both read its best lines: for
  /// tests of the votes, where confirmation is not what is tested.
  init(agreed votes: [[MRZCharacterVotes]]) {
    let best = MRZReading(lines: votes).bestLines
    self.init(
      lines: votes,
      opinions: [
        MRZOpinion(source: "first", lines: best), MRZOpinion(source: "second", lines: best),
      ])
  }
}

extension AnalysisFrame {
  /// Frame number `index` of a featureless 1280x720 grey stream at 10
  /// analysed frames a second (the outline comes from a test vision).
  static func featureless(_ index: Int) -> AnalysisFrame {
    let time = UInt64(index) * 100 * Nanoseconds.perMillisecond
    return AnalysisFrame(
      luma: LumaImage(width: 1280, height: 720, fill: 90), sourceWidth: 1280, sourceHeight: 720,
      times: StreamTimes(timestamp: time, streamTime: time, runningTime: time))
  }
}
