import DocScanTestSupport
import XCTest

@testable import DocScanCore

/// A licence back carrying `payload` in a PDF417, `longSide` pixels long in
/// the middle of a 720p desk frame (turned 4 degrees, a slight keystone),
/// under a camera softness of `softness` pixels and sensor noise; with the
/// detection that outlines it exactly.
func licenceBackFrame(payload: String, longSide: Double, softness: Double, seed: UInt64) throws
  -> (AnalysisFrame, Detection)
{
  let back = try XCTUnwrap(BarcodeCardBack.render(payload: payload))
  var scene = DeskScene.placed(
    shape: .id1, centerX: 640, centerY: 360, longSide: longSide, rotation: 4, keystone: 0.03)
  scene.page = back
  let luma = scene.render().gaussianBlurred(sigma: softness).noisy(amplitude: 4, seed: seed)
  let frame = AnalysisFrame(luma: luma, sourceWidth: 1280, sourceHeight: 720, times: .unknown)
  return (frame, Detection(quad: scene.truth, status: .success, events: [], shape: .id1))
}
