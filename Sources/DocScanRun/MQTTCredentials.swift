import Glibc

/// The broker login, from the environment or a file, never from the
/// command line (a command line is visible to every user of the machine):
///
///     DOCSCAN_MQTT_USERNAME        the user name
///     DOCSCAN_MQTT_PASSWORD        its password, or
///     DOCSCAN_MQTT_PASSWORD_FILE   a file holding it (one line), readable
///                                  by its owner only
///
/// With none of them set the connection is anonymous.
struct MQTTCredentials: Equatable {
  var username: String
  var password: String?

  static let usernameVariable = "DOCSCAN_MQTT_USERNAME"
  static let passwordVariable = "DOCSCAN_MQTT_PASSWORD"
  static let passwordFileVariable = "DOCSCAN_MQTT_PASSWORD_FILE"

  /// The login `environment` describes; nil for none.
  static func read(from environment: (String) -> String?) throws(RunFailure) -> MQTTCredentials? {
    let username = environment(usernameVariable)
    let password = environment(passwordVariable)
    let passwordFile = environment(passwordFileVariable)
    if password != nil && passwordFile != nil {
      throw RunFailure(message: "set \(passwordVariable) or \(passwordFileVariable), not both")
    }
    guard let username, !username.isEmpty else {
      if password != nil || passwordFile != nil {
        throw RunFailure(message: "a password needs a user name: set \(usernameVariable)")
      }
      return nil
    }
    if let passwordFile {
      return MQTTCredentials(username: username, password: try readPassword(from: passwordFile))
    }
    return MQTTCredentials(username: username, password: password)
  }

  /// The process's own environment.
  static func readFromProcessEnvironment() throws(RunFailure) -> MQTTCredentials? {
    try read { getenv($0).map { String(cString: $0) } }
  }

  /// The file's first line; a file that group or others may read is
  /// refused, as ssh refuses such a key.
  static func readPassword(from path: String) throws(RunFailure) -> String {
    func failure(_ reason: String) -> RunFailure {
      RunFailure(message: "\(passwordFileVariable) \(path): \(reason)")
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(String(cString: strerror(errno))) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw failure(String(cString: strerror(errno))) }
    guard info.st_mode & S_IFMT == S_IFREG else { throw failure("not a regular file") }
    let mode = info.st_mode & 0o777
    guard mode & 0o077 == 0 else {
      throw failure(
        "readable by other users (mode 0\(String(mode, radix: 8))): chmod 600 it")
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { throw failure(String(cString: strerror(errno))) }
      if count == 0 { break }
      bytes += chunk[..<count]
    }
    let text = String(decoding: bytes, as: UTF8.self)
    return String(text.prefix { $0 != "\n" && $0 != "\r\n" && $0 != "\r" })
  }
}
