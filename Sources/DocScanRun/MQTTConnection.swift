import CMosquittoShim
import DocScanCore
import Glibc

/// One MQTT client over libmosquitto (CMosquittoShim): a clean session,
/// connected in the background by libmosquitto's own network thread, which
/// also reconnects when the broker goes away, and sends a QoS 1 message not
/// yet acknowledged again once it is back.
final class MQTTConnection: @unchecked Sendable {
  /// What the network thread reports.
  enum Event: Equatable {
    case connected
    /// The broker answered the CONNECT with a refusal (libmosquitto's text).
    case refused(String)
    case lost
    /// The PUBACK of the message with this id.
    case acknowledged(Int32)
  }

  /// Seconds between reconnection attempts: 1, then growing to 5.
  static let reconnectDelay: UInt32 = 1
  static let reconnectDelayMaximum: UInt32 = 5
  /// Seconds of silence before a PINGREQ (and twice that before the broker
  /// gives up on the client).
  static let keepaliveSeconds: Int32 = 30

  private static let libraryReady = docscan_mqtt_library_init() == 0

  private let destination: MQTTDestination
  private let onEvent: @Sendable (Event) -> Void
  private var client: OpaquePointer?

  /// `onEvent` runs on libmosquitto's network thread.
  init(
    clientID: String, destination: MQTTDestination, credentials: MQTTCredentials?,
    onEvent: @escaping @Sendable (Event) -> Void
  ) throws(RunFailure) {
    self.destination = destination
    self.onEvent = onEvent
    guard Self.libraryReady else { throw RunFailure(message: "libmosquitto cannot start") }
    let events = DocScanMQTTEvents(
      context: Unmanaged.passUnretained(self).toOpaque(),
      connected: { context, reasonCode in
        let connection = MQTTConnection.from(context)
        connection.onEvent(
          reasonCode == 0
            ? .connected : .refused(String(cString: docscan_mqtt_connack_text(reasonCode))))
      },
      disconnected: { context, reasonCode in
        if reasonCode != 0 { MQTTConnection.from(context).onEvent(.lost) }
      },
      acknowledged: { context, messageID in
        MQTTConnection.from(context).onEvent(.acknowledged(messageID))
      })
    guard let client = docscan_mqtt_client_new(clientID, events) else {
      throw RunFailure(message: "cannot make an MQTT client")
    }
    self.client = client
    docscan_mqtt_client_set_reconnect_delay(
      client, Self.reconnectDelay, Self.reconnectDelayMaximum)
    if let credentials {
      let code = docscan_mqtt_client_set_login(client, credentials.username, credentials.password)
      guard code == 0 else {
        throw RunFailure(message: "MQTT login: \(String(cString: docscan_mqtt_error_text(code)))")
      }
    }
  }

  deinit { docscan_mqtt_client_free(client) }

  /// Starts connecting and the network thread. The first attempt (a name
  /// lookup, a TCP connect) runs on the caller's thread; a failed one is
  /// returned as text, and the network thread keeps trying.
  func start() -> String? {
    let code = docscan_mqtt_client_connect(
      client, destination.host, Int32(destination.port), Self.keepaliveSeconds)
    let started = docscan_mqtt_client_start(client)
    if started != 0 { return "cannot start: \(String(cString: docscan_mqtt_error_text(started)))" }
    return code == 0 ? nil : String(cString: docscan_mqtt_error_text(code))
  }

  /// Queues `payload` at QoS 1 on the destination's topic; the id its
  /// PUBACK will carry, or libmosquitto's reason for refusing it.
  /// (`ResultPublisher` publishes only while connected: a message queued
  /// during a reconnection's name lookup would wait for the next one.)
  func publish(_ payload: [UInt8]) -> Result<Int32, PublishRefusal> {
    var messageID: Int32 = 0
    let code = payload.withUnsafeBytes {
      docscan_mqtt_client_publish(
        client, destination.topic, $0.baseAddress, Int32($0.count), &messageID)
    }
    // Not connected: queued all the same, sent under this id once connected.
    guard code == 0 || code == DOCSCAN_MQTT_NOT_CONNECTED else {
      return .failure(PublishRefusal(text: String(cString: docscan_mqtt_error_text(code))))
    }
    return .success(messageID)
  }

  struct PublishRefusal: Error {
    var text: String
  }

  /// Disconnects and ends the network thread.
  func stop() { docscan_mqtt_client_stop(client) }

  private static func from(_ context: UnsafeMutableRawPointer?) -> MQTTConnection {
    Unmanaged<MQTTConnection>.fromOpaque(context!).takeUnretainedValue()
  }
}
