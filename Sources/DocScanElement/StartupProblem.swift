import CDocScanElement
import Glibc

/// Configuration that keeps the element from starting. The C element posts
/// it as a GST_ELEMENT_ERROR at the READY to PAUSED change; the text names
/// the path.
struct StartupProblem: Error, CustomStringConvertible {
  var kind: DocScanStartProblem
  var description: String

  /// docscan's MRZ model, which Tesseract reads in the `tessdata` folder.
  static let languageFile = "mrz.traineddata"

  /// The first problem of these settings: a `results-location` that cannot
  /// be opened for appending, a `tessdata` folder without `mrz.traineddata`.
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
      let file = languageFile(in: tessdata)
      if let reason = unreadableReason(file) {
        return StartupProblem(
          kind: DOCSCAN_START_TESSDATA_MISSING,
          description: "tessdata \"\(tessdata)\": \"\(file)\" is missing (\(reason))")
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

  static func languageFile(in tessdata: String) -> String {
    (tessdata.hasSuffix("/") ? tessdata : tessdata + "/") + languageFile
  }
}
