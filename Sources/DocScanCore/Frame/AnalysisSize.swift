/// The size of the analysis copy made from a frame of a given size.
///
/// Frames are analysed at up to `maximumLongSide` pixels on their long side:
/// a 720p frame is analysed as is, 1080p and 4K are scaled down. Documents at
/// a desk are large enough in 720p for the quality measures and detection, and
/// a bounded size keeps the per-frame cost bounded.
public enum AnalysisSize {
  public static let maximumLongSide = 1280

  public static func forFrame(width: Int, height: Int) -> (width: Int, height: Int) {
    let longSide = max(width, height)
    guard longSide > maximumLongSide else { return (width, height) }
    let scale = Double(maximumLongSide) / Double(longSide)
    return (
      max(1, Int((Double(width) * scale).rounded())),
      max(1, Int((Double(height) * scale).rounded()))
    )
  }
}
