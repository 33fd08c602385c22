/// What the annotated video shows: the instruction, the quality meters,
/// the document's outline and, once scanned, the result. The glue decides
/// where the panel goes.
public struct AnnotationPlan: Equatable, Sendable {
  /// How the guidance should look: green when the frame is good, amber
  /// for a problem the person can fix, red when nothing usable is seen.
  public enum Tone: Sendable, Equatable {
    case good
    case warning
    case problem
  }

  public var instruction: String
  public var tone: Tone
  public var blur: Double
  public var glare: Double
  public var blurLimit: Double
  public var glareLimit: Double
  /// The document's outline in the input frame's pixels, when one was found.
  public var outline: Quad?
  /// The scanned document, shown from the result until the next session.
  public var result: ResultCard?

  public init(
    instruction: String, tone: Tone, blur: Double, glare: Double, blurLimit: Double,
    glareLimit: Double, outline: Quad? = nil, result: ResultCard? = nil
  ) {
    self.instruction = instruction
    self.tone = tone
    self.blur = blur
    self.glare = glare
    self.blurLimit = blurLimit
    self.glareLimit = glareLimit
    self.outline = outline
    self.result = result
  }

  public static let idle = AnnotationPlan(
    instruction: Instruction.placeDocument.rawValue, tone: .problem, blur: 0, glare: 0,
    blurLimit: 1, glareLimit: 1)

  /// The plan with meters rounded to whole percent and corners to whole
  /// pixels: redrawing is only worth it when something visible changed.
  public var rounded: AnnotationPlan {
    var copy = self
    copy.blur = (blur * 100).rounded() / 100
    copy.glare = (glare * 100).rounded() / 100
    copy.outline = outline.map {
      Quad(ordered: $0.corners.map { Point(x: $0.x.rounded(), y: $0.y.rounded()) })
    }
    return copy
  }
}

extension AnnotationPlan.Tone {
  /// Red when no usable document is seen, amber for a problem the person
  /// can fix, green when the frame is good.
  public init(detection: DetectionStatus, events: [FeedbackEvent]) {
    if detection == .failed {
      self = .problem
    } else if detection != .success || !events.isEmpty {
      self = .warning
    } else {
      self = .good
    }
  }
}
