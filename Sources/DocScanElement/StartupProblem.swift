import CDocScanElement
import DocScanOCR
import Glibc

/// Configuration that keeps the element from starting. The C element posts
/// it as a GST_ELEMENT_ERROR at the READY to PAUSED change; the text names
/// the path.
struct StartupProblem: Error, CustomStringConvertible {
  var kind: DocScanStartProblem
  var description: String

  /// docscan's MRZ models, which Tesseract reads in the `tessdata` folder.
  static let languageFiles = MRZModelReader.defaultModels.map { "\($0).traineddata" }

  /// The first problem of these settings: a `results-location` that cannot
  /// be opened for appending, a `tessdata` folder without one of the MRZ
  /// models (`mrz.traineddata`, `mrz_small.traineddata`).
  static func check(_ settings: ElementSettings) -> StartupProblem? {
    if let location = settings.resultsLocation {
      do {
        try ResultsFile(path: location).checkWritable()
      } catch {
        return StartupProblem(
          kind: DOCSCAN_START_RESULTS_UNWRITABLE, description: "\(error)")
      }
    }
    if let tessdata = settings.tessdata {
      // Every missing model is named, not only the first.
      let missing = languageFiles(in: tessdata).compactMap { file in
        unreadableReason(file).map { "\"\(file)\" is missing (\($0))" }
      }
      if !missing.isEmpty {
        return StartupProblem(
          kind: DOCSCAN_START_TESSDATA_MISSING,
          description: "tessdata \"\(tessdata)\": " + missing.joined(separator: ", "))
      }
    }
    return nil
  }

  /// Why `file` cannot be read as a regular file; nil when it can.
  private static func unreadableReason(_ file: String) -> String? {
    var info = stat()
    guard stat(file, &info) == 0 else { return String(cString: strerror(errno)) }
    guard info.st_mode & S_IFMT == S_IFREG else { return "not a regular file" }
    guard access(file, R_OK) == 0 else { return String(cString: strerror(errno)) }
    return nil
  }

  static func languageFiles(in tessdata: String) -> [String] {
    languageFiles.map { (tessdata.hasSuffix("/") ? tessdata : tessdata + "/") + $0 }
  }
}
