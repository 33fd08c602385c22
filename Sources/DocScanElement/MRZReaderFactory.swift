import DocScanCore
import DocScanOCR

/// Makes the MRZ reader an element uses, once per start (a reader may load
/// language data, which is too slow per frame).
enum MRZReaderFactory {
  /// The reader for `tessdata` (a folder holding `eng.traineddata`, already
  /// checked; nil = the system default). nil when there is no reader: the
  /// session then only guides. Throws when the reader cannot start.
  static func make(tessdata: String?) throws -> (any MRZTextReader)? {
    try TesseractMRZReader(tessdata: tessdata)
  }
}
