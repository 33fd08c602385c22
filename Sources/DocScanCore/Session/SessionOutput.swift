/// What the session produced for one frame or one request: messages to post,
/// what the video should show, and lines for the debug log.
public struct SessionOutput: Sendable {
  /// In posting order; a `docscan-result` also goes to `results-location`.
  public var messages: [MessageStructure]
  /// What to draw into the frames from now on.
  public var annotation: AnnotationPlan
  /// Personal data in them is already masked as `LogPrivacy` says.
  public var logs: [SessionLogEntry]

  public init(
    messages: [MessageStructure], annotation: AnnotationPlan, logs: [SessionLogEntry] = []
  ) {
    self.messages = messages
    self.annotation = annotation
    self.logs = logs
  }
}
