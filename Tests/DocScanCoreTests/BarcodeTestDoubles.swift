import DocScanCore
import Synchronization

/// A barcode reader that reads whatever the test says is in view, whatever
/// the image, and counts its calls.
final class ScriptedBarcodeReader: BarcodeScanning {
  private struct State {
    var showing: [ScannedBarcode] = []
    var calls = 0
  }

  private let state = Mutex(State())

  init(showing barcodes: [ScannedBarcode] = []) {
    show(barcodes)
  }

  /// The barcodes that decode from now on (none: not in view or unreadable).
  func show(_ barcodes: [ScannedBarcode]) {
    state.withLock { $0.showing = barcodes }
  }

  var calls: Int { state.withLock { $0.calls } }

  func read(_ image: LumaImage) -> [ScannedBarcode] {
    state.withLock {
      $0.calls += 1
      return $0.showing
    }
  }
}

/// A decoder that gives its scripted results in turn, one list per image
/// read, then nothing.
final class SequencedBarcodeReader: BarcodeScanning {
  private struct State {
    var results: [[ScannedBarcode]]
    var calls = 0
  }

  private let state: Mutex<State>

  init(_ results: [[ScannedBarcode]]) {
    state = Mutex(State(results: results))
  }

  var calls: Int { state.withLock { $0.calls } }

  func read(_ image: LumaImage) -> [ScannedBarcode] {
    state.withLock { state in
      defer { state.calls += 1 }
      return state.calls < state.results.count ? state.results[state.calls] : []
    }
  }
}

extension ScannedBarcode {
  /// A PDF417 holding `payload` as text, read by two decoder passes (so
  /// confirmed by the frame that reads it, `BarcodeConfirmation`), or by the
  /// passes named in `sources`.
  static func pdf417(_ payload: String, sources: Set<String> = ["first", "second"])
    -> ScannedBarcode
  {
    ScannedBarcode(
      symbology: "pdf417", bytes: Array(payload.utf8), text: payload, sources: sources)
  }
}
