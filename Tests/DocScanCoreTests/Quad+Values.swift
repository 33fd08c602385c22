import DocScanCore

extension Quad {
  /// A quad from eight numbers, x and y of each corner in turn (as
  /// `detect-explain` prints candidates), corners in any order.
  static func values(_ values: [Double]) -> Quad {
    Quad(unordered: stride(from: 0, to: 8, by: 2).map { Point(x: values[$0], y: values[$0 + 1]) })
  }
}
