import Glibc

/// The outbox `--publish` uses without `-o`: `$XDG_STATE_HOME/docscan/
/// DESK/results.jsonl`, or `~/.local/state/docscan/DESK/results.jsonl` (the
/// XDG base directory rules: a relative XDG_STATE_HOME is ignored). One per
/// desk, so that one desk's unpublished results never go out under
/// another's run. Folders it creates are private (0700); the element
/// creates the file 0600.
enum DefaultOutbox {
  /// The path below the state folder for `desk`.
  static func relativePath(desk: String) -> String {
    "docscan/\(folderName(desk))/results.jsonl"
  }

  /// `desk` as one folder name: letters, digits, '.', '-' and '_' kept,
  /// anything else '_'; "." and ".." (and nothing at all) made harmless.
  static func folderName(_ desk: String) -> String {
    let kept = String(
      desk.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "_" })
    return kept.isEmpty || kept.allSatisfy { $0 == "." } ? "_" + kept : kept
  }

  /// The path, from the environment; nil without a usable home.
  static func path(desk: String, environment: (String) -> String?) -> String? {
    if let state = environment("XDG_STATE_HOME"), state.hasPrefix("/") {
      return state + "/" + relativePath(desk: desk)
    }
    guard let home = environment("HOME"), home.hasPrefix("/") else { return nil }
    return home + "/.local/state/" + relativePath(desk: desk)
  }

  /// The path for this process and `desk`, its folder created.
  static func prepare(desk: String) throws(RunFailure) -> String {
    guard let path = path(desk: desk, environment: { getenv($0).map { String(cString: $0) } })
    else {
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
