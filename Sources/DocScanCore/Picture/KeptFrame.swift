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
  /// The document was found whole and placed well (`success`); otherwise
  /// it was whole but placed badly (near the edge, too far, too close,
  /// steep), which makes a poorer picture however sharp.
  var wellPlaced: Bool
  /// The MRZ read on this frame's dewarped document lay upside down; nil
  /// when no MRZ was read on it.
  var mrzUpsideDown: Bool?
}
