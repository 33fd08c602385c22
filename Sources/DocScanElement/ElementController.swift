import CDocScanElement
import CDocScanShim
import CGStreamer
import Dispatch
import DocScanCore
import DocScanOpenCV
import Synchronization

/// One element's running state, from start() to stop(): the analysis copy's
/// converter, the worker that feeds the session actor (with the MRZ and
/// barcode readers, made once per start), the overlay that is blended into
/// outgoing frames, and where results and logs go.
final class ElementController: Sendable {
  private struct Stream {
    var converter: FrameCopier?
  }

  private let element: ElementHandle
  private let session: ScanSession
  /// This element's own analysis thread, leased from start to stop.
  private let thread: AnalysisThread
  private let worker: AnalysisWorker
  private let stream = Mutex(Stream())
  private let overlay: OverlayState
  /// In `analysis=sync`, what the streaming thread waits on while its frame
  /// is analysed.
  private let synchronousWait = Mutex<DispatchSemaphore?>(nil)

  /// How long EOS waits for the analysis in flight before it goes on.
  static let drainTimeoutMilliseconds = 10_000
  /// How long stopping waits for it. An analysis takes 40-150 ms on a quiet
  /// 2-core machine, but its thread runs niced 10 below the video, and on a
  /// starved CPU it takes seconds: a stop that went on without it would let
  /// a result reached just then miss the bus (NULL flushes it) or the
  /// results file (a process ending on Ctrl-C). So it waits as EOS does;
  /// the bound only keeps a state change from hanging for good.
  static let stopTimeoutMilliseconds = drainTimeoutMilliseconds

  /// Checks the configuration and makes the reader; throws a
  /// `StartupProblem` when the element cannot start with these settings.
  init(element: ElementHandle, settings: ElementSettings) throws {
    if let problem = StartupProblem.check(settings) { throw problem }
    let reader: (any MRZTextReader)?
    do {
      reader = try MRZReaderFactory.make(tessdata: settings.tessdata)
    } catch {
      throw StartupProblem(
        kind: DOCSCAN_START_READER_FAILED, description: "cannot start the MRZ reader: \(error)")
    }
    let barcodeReader = try BarcodeReaderFactory.make(types: settings.barcodeTypes)
    self.element = element
    let thread = AnalysisThread.lease()
    self.thread = thread
    let imaging = OpenCVImaging()
    let session = ScanSession(
      vision: OpenCVVision(), mrzReader: reader, barcodeReader: barcodeReader, imaging: imaging,
      executor: thread, desk: settings.desk)
    self.session = session
    let overlay = OverlayState()
    self.overlay = overlay
    let log = ElementLog(element: element)
    let results = settings.resultsLocation.map(ResultsFile.init(path:))
    log.write(
      .info,
      "started; MRZ reader: \(reader == nil ? "none" : "ready"), barcode types: "
        + "\(barcodeReader.typesDescription), results-location: "
        + (settings.resultsLocation ?? "none") + ", portraits: "
        + (imaging.hasFaceDetector
          ? "ready" : "no face cascade at \(OpenCVImaging.defaultCascade) (install opencv-data)"))
    worker = AnalysisWorker(session: session, thread: thread) { output, annotate in
      for entry in output.logs { log.write(entry) }
      for message in output.messages {
        // On disk before the application hears of it.
        if message.name == ResultMessage.structureName, let results {
          do {
            try results.append(JSONLine.encode(message))
          } catch {
            docscan_element_write_warning(element.pointer, "\(error)", results.path)
          }
        }
        let structure = StructureBridge.makeGstStructure(message)
        docscan_post_element_message(element.pointer, structure)
      }
      if annotate { overlay.update(output.annotation) }
    }
  }

  /// New caps: rebuild what depends on the frame size and format.
  func configure(for info: UnsafePointer<GstVideoInfo>) -> Bool {
    guard let converter = FrameCopier(info: info) else { return false }
    stream.withLock { $0.converter = converter }
    overlay.resize(
      width: converter.sourceWidth, height: converter.sourceHeight,
      rgb: docscan_video_info_is_rgb(info) != 0)
    return true
  }

  /// Called on the streaming thread for every frame.
  func process(
    frame: UnsafeMutablePointer<GstVideoFrame>, writable: Bool, settings: ElementSettings,
    times: StreamTimes
  ) {
    let drawn = writable && settings.annotate ? overlay.composition() : nil
    guard worker.tryClaim() else {
      if let drawn { docscan_composition_blend(drawn.pointer, frame) }
      return
    }
    guard let converter = stream.withLock({ $0.converter }) else {
      worker.release()
      if let drawn { docscan_composition_blend(drawn.pointer, frame) }
      return
    }
    if settings.synchronous {
      // The analysis reads the frame before anything is drawn on it.
      let done = DispatchSemaphore(value: 0)
      synchronousWait.withLock { $0 = done }
      worker.submit(job(HeldFrame(frame, drawnNext: nil), converter, settings, times, done))
      done.wait()
      synchronousWait.withLock { $0 = nil }
      if let drawn { docscan_composition_blend(drawn.pointer, frame) }
    } else {
      // Held, not copied: the analysis side copies it, with the bytes the
      // overlay is drawn over saved first. Handed over once drawn, so that
      // nothing writes the frame while the analysis side reads it.
      let held = HeldFrame(frame, drawnNext: drawn?.pointer)
      if let drawn { docscan_composition_blend(drawn.pointer, frame) }
      worker.submit(job(held, converter, settings, times, nil))
    }
  }

  private func job(
    _ frame: HeldFrame, _ converter: FrameCopier, _ settings: ElementSettings,
    _ times: StreamTimes, _ done: DispatchSemaphore?
  ) -> AnalysisWorker.Job {
    AnalysisWorker.Job(
      frame: frame, source: converter, times: times, settings: settings.session,
      annotate: settings.annotate, done: done)
  }

  /// EOS: let the analysis in flight post its messages first.
  func drain() {
    worker.waitUntilIdle(timeoutMilliseconds: Self.drainTimeoutMilliseconds)
  }

  func reset() { worker.reset() }
  func resume() { worker.resume() }

  /// The element goes from PAUSED to READY: called before its pads stop.
  func willStop() {
    // An application's synchronous bus handler runs where docscan posted the
    // message, on the analysis thread. A stop made there in `analysis=sync`
    // would wait for the streaming thread, which holds the pad's stream lock
    // while it waits for this analysis: a deadlock. The frame has been read
    // by the time its messages are posted (and a frame still queued holds
    // its own reference to the buffer), so the streaming thread may go on.
    guard thread.isCurrent else { return }
    synchronousWait.withLock { _ = $0?.signal() }
  }

  func stop() {
    // A stop made on the analysis thread (an application's synchronous bus
    // handler for a message posted there) would wait for its own analysis.
    worker.stop(timeoutMilliseconds: thread.isCurrent ? 0 : Self.stopTimeoutMilliseconds)
    thread.giveBack()
    InkBlobs.forgetRecent()
  }
}

/// The composition blended into frames, swapped by the worker and read by
/// the streaming thread.
///
/// The streaming thread never waits for the lock: the worker runs at a low
/// priority and may be preempted while holding it, so the streaming thread
/// keeps its own reference and refreshes it only when the lock is free.
private final class OverlayState: @unchecked Sendable {
  private struct State {
    var composition: Composition?
    var plan: AnnotationPlan?
    var frameWidth = 0
    var frameHeight = 0
    var rgb = false
  }

  private let state = Mutex(State())
  /// Touched by the streaming thread only.
  private var streamingCopy: Composition?

  func resize(width: Int, height: Int, rgb: Bool) {
    let plan: AnnotationPlan? = state.withLock {
      guard $0.frameWidth != width || $0.frameHeight != height || $0.rgb != rgb else { return nil }
      $0.frameWidth = width
      $0.frameHeight = height
      $0.rgb = rgb
      let plan = $0.plan
      $0.plan = nil
      return plan ?? .idle
    }
    if let plan { update(plan) }
  }

  /// Renders `plan` when it changes what is seen (off the streaming thread).
  func update(_ plan: AnnotationPlan) {
    let visible = plan.rounded
    let target: OverlayPainter? = state.withLock {
      $0.plan == visible || $0.frameWidth == 0
        ? nil : OverlayPainter(frameWidth: $0.frameWidth, frameHeight: $0.frameHeight, rgb: $0.rgb)
    }
    guard let target else { return }
    let composition = target.paint(visible).map(Composition.init(taking:))
    // The old composition is released after the lock, not inside it.
    let old: Composition? = state.withLock {
      let old = $0.composition
      $0.composition = composition
      $0.plan = visible
      return old
    }
    _ = old
  }

  /// The composition to blend into the streaming thread's frame.
  func composition() -> Composition? {
    if let fresh = state.withLockIfAvailable({ $0.composition }) { streamingCopy = fresh }
    return streamingCopy
  }
}

/// An owned GstVideoOverlayComposition; GStreamer's refcount is atomic and
/// the composition is never changed once built.
private final class Composition: @unchecked Sendable {
  let pointer: OpaquePointer

  init(taking pointer: OpaquePointer) { self.pointer = pointer }

  deinit { docscan_composition_unref(pointer) }
}
