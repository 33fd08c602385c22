/// A frame kept for a side's image: what it takes to make the picture
/// later, once the side is captured (only then is a colour copy made).
struct KeptFrame: Sendable {
  /// The analysed frame (grey copy and small colour copy).
  var frame: AnalysisFrame
  /// The document's outline in the analysed frame's pixels.
  var quad: Quad
  var shape: DocumentShape
  /// The blur measured on the dewarped document (0 sharp, 1 unreadable).
  var blur: Double
  /// The frame passed the quality gate (document found and placed well,
  /// no quality event); otherwise the document was whole but the frame is
  /// a poorer picture however sharp (near the edge, too far, steep,
  /// blurred).
  var passedQualityGate: Bool
  /// Something seemed to cover part of the document (`occlusion`): the
  /// poorest picture, kept only when there is no other (the measure also
  /// fires on clean frames now and then).
  var occluded: Bool = false
  /// The MRZ read on this frame's dewarped document lay upside down; nil
  /// when no MRZ was read on it.
  var mrzUpsideDown: Bool?
}
