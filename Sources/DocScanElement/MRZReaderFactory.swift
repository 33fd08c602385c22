import DocScanCore
import DocScanOCR

/// Makes the MRZ reader an element uses, once per start (a reader loads its
/// model, which is too slow per frame).
enum MRZReaderFactory {
  /// The reader of docscan's MRZ models in `tessdata` (a folder holding
  /// `mrz.traineddata` and `mrz_small.traineddata`, already checked by
  /// `StartupProblem`). Throws when
  /// the reader cannot start. Frames are read with one view each, in turn:
  /// a stream gives fusion the frames it needs to hear every view.
  static func make(tessdata: String?) throws -> (any MRZTextReader)? {
    try MRZModelReader(tessdata: tessdata, viewsInTurn: true)
  }
}
