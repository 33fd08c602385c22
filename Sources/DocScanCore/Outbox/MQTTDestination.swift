/// Where results are published: `mqtt://HOST[:PORT]/TOPIC`.
///
/// The topic is everything after the first `/`, as written (no percent
/// decoding), and names one topic: MQTT's wildcards `+` and `#` are for
/// subscribing. A URL carrying `user:password@` is refused: a command line
/// is visible to every user of the machine (ps, /proc), so credentials come
/// from the environment or a file.
public struct MQTTDestination: Equatable, Sendable, CustomStringConvertible {
  public var host: String
  public var port: Int
  public var topic: String

  public static let defaultPort = 1883

  /// Why a URL is not a destination; the message says what to write.
  public struct ParseError: Error, Equatable {
    public var message: String
  }

  public init(host: String, port: Int = Self.defaultPort, topic: String) {
    self.host = host
    self.port = port
    self.topic = topic
  }

  public init(parsing url: String) throws(ParseError) {
    func failure(_ text: String) -> ParseError {
      ParseError(message: "--publish '\(url)': \(text) (mqtt://HOST[:PORT]/TOPIC)")
    }
    guard url.lowercased().hasPrefix("mqtt://") else {
      throw failure(
        url.lowercased().hasPrefix("mqtts://") ? "TLS (mqtts://) is not supported" : "not mqtt://")
    }
    let rest = url.dropFirst("mqtt://".count)
    guard let slash = rest.firstIndex(of: "/") else { throw failure("no TOPIC") }
    let authority = rest[..<slash]
    topic = String(rest[rest.index(after: slash)...])
    if authority.contains("@") {
      throw failure(
        "credentials do not belong on the command line: set DOCSCAN_MQTT_USERNAME and "
          + "DOCSCAN_MQTT_PASSWORD or DOCSCAN_MQTT_PASSWORD_FILE")
    }
    var hostPart = authority[...]
    var portPart: Substring?
    if hostPart.hasPrefix("[") {
      // An IPv6 address: [::1] or [::1]:1883.
      guard let close = hostPart.firstIndex(of: "]") else { throw failure("no ']' after '['") }
      let after = hostPart[hostPart.index(after: close)...]
      if !after.isEmpty {
        guard after.hasPrefix(":") else { throw failure("unexpected '\(after)'") }
        portPart = after.dropFirst()
      }
      hostPart = hostPart[hostPart.index(after: hostPart.startIndex)..<close]
    } else if let colon = hostPart.lastIndex(of: ":") {
      portPart = hostPart[hostPart.index(after: colon)...]
      hostPart = hostPart[..<colon]
    }
    guard !hostPart.isEmpty else { throw failure("no HOST") }
    host = String(hostPart)
    if let portPart {
      guard portPart.allSatisfy(\.isASCII), let number = Int(portPart), (1...65535).contains(number)
      else { throw failure("PORT '\(portPart)' is not a number from 1 to 65535") }
      port = number
    } else {
      port = Self.defaultPort
    }
    guard !topic.isEmpty else { throw failure("empty TOPIC") }
    guard !topic.contains(where: { $0 == "+" || $0 == "#" || $0 == "\0" }) else {
      throw failure("TOPIC '\(topic)' holds a wildcard ('+' or '#'), which only subscribers use")
    }
    guard topic.utf8.count <= 65535 else { throw failure("TOPIC longer than 65535 bytes") }
  }

  public var description: String {
    let shownHost = host.contains(":") ? "[\(host)]" : host
    return "mqtt://\(shownHost):\(port)/\(topic)"
  }
}
