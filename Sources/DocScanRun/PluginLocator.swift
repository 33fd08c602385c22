import Glibc

/// Makes GStreamer find libgstdocscan.so when docscan-run runs from the
/// repository, before GStreamer is initialised.
///
/// Order: the folders in GST_PLUGIN_PATH (left alone when one of them holds
/// the plugin), then `../release` from this program's folder (a debug
/// docscan-run in .build/debug finds plugin/build.sh's release plugin),
/// then this program's own folder (a release docscan-run beside the
/// plugin). A folder found is appended to GST_PLUGIN_PATH; with none,
/// GStreamer's own folders remain (plugin/build.sh --install).
enum PluginLocator {
  static let fileName = "libgstdocscan.so"

  /// The folder added to GST_PLUGIN_PATH, if any.
  @discardableResult
  static func addBuildFolderToPluginPath() -> String? {
    let current = getenv("GST_PLUGIN_PATH").map { String(cString: $0) } ?? ""
    let listed = current.split(separator: ":").map(String.init)
    if listed.contains(where: holdsPlugin) { return nil }
    guard let folder = candidateFolders().first(where: holdsPlugin) else { return nil }
    let path = current.isEmpty ? folder : current + ":" + folder
    setenv("GST_PLUGIN_PATH", path, 1)
    return folder
  }

  /// This program's folder's sibling `release`, then the folder itself.
  static func candidateFolders() -> [String] {
    guard let program = realpath("/proc/self/exe", nil) else { return [] }
    defer { free(program) }
    let folder = parent(of: String(cString: program))
    return [parent(of: folder) + "/release", folder]
  }

  private static func holdsPlugin(_ folder: String) -> Bool {
    access(folder + "/" + fileName, R_OK) == 0
  }

  private static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
