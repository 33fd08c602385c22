import Glibc

/// The outbox `--publish` uses without `-o`: `$XDG_STATE_HOME/docscan/
/// results.jsonl`, or `~/.local/state/docscan/results.jsonl` (the XDG base
/// directory rules: a relative XDG_STATE_HOME is ignored). Folders it
/// creates are private (0700); the element creates the file 0600.
enum DefaultOutbox {
  static let relativePath = "docscan/results.jsonl"

  /// The path, from the environment; nil without a usable home.
  static func path(environment: (String) -> String?) -> String? {
    if let state = environment("XDG_STATE_HOME"), state.hasPrefix("/") {
      return state + "/" + relativePath
    }
    guard let home = environment("HOME"), home.hasPrefix("/") else { return nil }
    return home + "/.local/state/" + relativePath
  }

  /// The path for this process, its folder created.
  static func prepare() throws(RunFailure) -> String {
    guard let path = path(environment: { getenv($0).map { String(cString: $0) } }) else {
      throw RunFailure(message: "no outbox: set HOME or XDG_STATE_HOME, or give -o FILE")
    }
    try createFolders(upTo: String(path[..<path.lastIndex(of: "/")!]))
    return path
  }

  /// `mkdir -p` with mode 0700 for what it creates.
  private static func createFolders(upTo folder: String) throws(RunFailure) {
    var current = ""
    for part in folder.split(separator: "/") {
      current += "/" + part
      if mkdir(current, 0o700) != 0 && errno != EEXIST {
        throw RunFailure(
          message: "cannot create the outbox folder \(current): \(String(cString: strerror(errno)))"
        )
      }
    }
  }
}
