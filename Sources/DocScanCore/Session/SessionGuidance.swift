/// The guidance of one frame: what the feedback says and how it is drawn.
struct SessionGuidance {
  var side: Side
  var status: ScanningStatus
  var events: [FeedbackEvent]
  var instruction: Instruction
  var tone: AnnotationPlan.Tone
}
