import DocScanCore
import DocScanTestSupport
import Foundation
import XCTest

/// Rendered 1280x720 desk scenes written as PNG files, for streams made of
/// still frames (`ScriptedStream`): the same documents as the MRZ and
/// driver licence pipeline tests.
enum DeskStills {
  /// The desk with no document on it.
  static func emptyDesk(in folder: URL) -> String {
    write(DeskScene.placed(shape: .td3, centerX: 5000, longSide: 100).render(), "desk", folder)
  }

  /// `DocumentFixture`'s passport data page lying on the desk.
  static func passport(in folder: URL) -> String {
    var scene = DeskScene.placed(shape: .td3, longSide: 760, rotation: 3, keystone: 0.04)
    scene.mrz = DocumentFixture.mrz
    return write(scene.render(), "passport", folder)
  }

  /// A TD1 card's front (portrait and printed lines, no MRZ).
  static func cardFront(in folder: URL) -> String {
    var scene = card
    scene.page = CardFront.render()
    return write(scene.render().gaussianBlurred(sigma: 0.7), "card-front", folder)
  }

  /// The same card's back, with `DocumentFixture.td1Mrz`.
  static func cardBack(in folder: URL) -> String {
    var scene = card
    scene.mrz = DocumentFixture.td1Mrz
    return write(scene.render().gaussianBlurred(sigma: 0.7), "card-back", folder)
  }

  private static var card: DeskScene {
    DeskScene.placed(
      shape: .id1, centerX: 640, centerY: 370, longSide: 860, rotation: 6, keystone: 0.06)
  }

  private static func write(_ image: LumaImage, _ name: String, _ folder: URL) -> String {
    let path = folder.appendingPathComponent(name + ".png").path
    XCTAssertTrue(image.noisy(amplitude: 3, seed: 1).writePNG(to: path))
    return path
  }
}
