import Foundation

/// The `result-id` of a `docscan-result`: a random (version 4) UUID, made
/// once with the result, so that a central system can tell a result it
/// receives twice (a publisher's retry) from a second scan of the same
/// document.
public enum ResultID {
  /// A new identifier, lower-case as RFC 9562 writes it.
  public static func make() -> String { UUID().uuidString.lowercased() }
}
