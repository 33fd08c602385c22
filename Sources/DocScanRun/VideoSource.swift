import CDocScanRunShim
import Glibc

/// The SOURCE argument: a camera, a stream or a file, and the start of the
/// pipeline that reads it as raw video.
enum VideoSource: Equatable {
  case camera(device: String)
  case stream(uri: String)
  /// An absolute path.
  case file(path: String)

  /// Anything under /dev/ is a V4L2 device (also /dev/v4l/by-id/...).
  init(argument: String) {
    if argument.hasPrefix("/dev/") {
      self = .camera(device: argument)
    } else if argument.contains("://") {
      self = .stream(uri: argument)
    } else {
      self = .file(path: Self.absolute(argument))
    }
  }

  /// Cameras and network streams run in real time until stopped (Ctrl-C,
  /// --exit-after-result); a file (also a file:// URI) has an end.
  var isLive: Bool {
    switch self {
    case .camera: true
    case .stream(let uri): !uri.hasPrefix("file:")
    case .file: false
    }
  }

  /// docscan's analysis mode: `async` never stalls a live source; a file is
  /// read as fast as the machine allows with every frame analysed.
  var analysis: String { isLive ? "async" : "sync" }

  /// Fails with a clear message when the source cannot be opened at all
  /// (a stream is only known to fail once GStreamer tries it).
  func checkAvailable() throws(RunFailure) {
    switch self {
    case .camera(let device):
      guard access(device, F_OK) == 0 else { throw RunFailure(message: "no camera at \(device)") }
      guard access(device, R_OK | W_OK) == 0 else {
        throw RunFailure(message: "cannot open \(device): \(String(cString: strerror(errno)))")
      }
    case .stream:
      return
    case .file(let path):
      var info = stat()
      guard stat(path, &info) == 0, access(path, R_OK) == 0 else {
        throw RunFailure(message: "cannot read \(path): \(String(cString: strerror(errno)))")
      }
      guard info.st_mode & S_IFMT == S_IFREG else {
        throw RunFailure(message: "cannot read \(path): not a regular file")
      }
    }
  }

  /// gst-launch style arguments up to raw video, as the pipelines/ scripts
  /// build them (decodebin also takes MJPEG cameras).
  var pipelineHead: [String] {
    switch self {
    case .camera(let device): ["v4l2src", "device=\(device)", "!", "decodebin"]
    case .stream(let uri): ["uridecodebin", "uri=\(uri)"]
    case .file(let path): ["uridecodebin", "uri=\(Self.fileURI(path))"]
    }
  }

  private static func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    guard let folder = getcwd(nil, 0) else { return path }
    defer { free(folder) }
    return String(cString: folder) + "/" + path
  }

  /// A file:// URI for the path (GStreamer's own conversion, which
  /// percent-encodes what a URI path may not hold).
  static func fileURI(_ path: String) -> String {
    guard let uri = gst_filename_to_uri(path, nil) else { return "file://" + path }
    defer { g_free(uri) }
    return String(cString: uri)
  }
}
