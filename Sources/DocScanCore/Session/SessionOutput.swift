/// What the session produced for one frame or one request: messages to post,
/// and what the video should show.
public struct SessionOutput: Sendable {
  public var messages: [MessageStructure]
  /// What to draw into the frames from now on.
  public var annotation: AnnotationPlan

  public init(messages: [MessageStructure], annotation: AnnotationPlan) {
    self.messages = messages
    self.annotation = annotation
  }
}
