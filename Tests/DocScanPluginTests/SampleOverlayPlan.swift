import DocScanCore

extension AnnotationPlan {
  /// A plan with an outline (four corner brackets), the meters and the
  /// result panel, for a `width` x `height` frame, the outline moved right
  /// by `shift` pixels.
  static func sample(width: Int, height: Int, shift: Double = 0) -> AnnotationPlan {
    var plan = AnnotationPlan.idle
    plan.instruction = Instruction.done.rawValue
    plan.blur = 0.3
    plan.glare = 0.1
    let w = Double(width)
    let h = Double(height)
    plan.outline = Quad(unordered: [
      Point(x: 0.21 * w + shift, y: 0.13 * h), Point(x: 0.83 * w + shift, y: 0.17 * h),
      Point(x: 0.79 * w + shift, y: 0.71 * h), Point(x: 0.19 * w + shift, y: 0.68 * h),
    ])
    plan.result = ResultCard(lines: ["Passport", "ERIKSSON, ANNA MARIA"])
    return plan
  }
}
