import XCTest

@testable import DocScanCore

/// `MRZBandDocument`: the outline of a page from its MRZ band alone, on the
/// side of the rows that shows the page's print.
final class MRZBandDocumentTests: XCTestCase {
  /// Two 44-character rows at 16.5 px pitches, their tops at `y` and
  /// `y + 28`, drawn as dark blocks into `image`.
  func passportRows(topAt y: Int, in image: inout LumaImage) -> [MRZRow] {
    [y, y + 28].map { top in
      let characters = (0..<44).map {
        PixelRect(x: 170 + Int(Double($0) * 16.5), y: top, width: 11, height: 16)
      }
      // Blurred ink reaches 2 px beyond the boxes the blob finder gives.
      for box in characters {
        for row in (box.y - 2)..<(box.y + box.height + 2) {
          for column in (box.x - 2)..<(box.x + box.width + 2) {
            let inBox =
              column >= box.x && column < box.x + box.width && row >= box.y
              && row < box.y + box.height
            image[column, row] = inBox ? 20 : 40
          }
        }
      }
      return MRZRow(characters: characters, alongWidth: true, capitalHeight: 16, pitch: 16.5)
    }
  }

  func testThePageLiesOnTheSideOfItsPrintNotOfItsBandRunningOffTheFrame() throws {
    // A dim passport page whose rows lie near the frame's bottom border:
    // faint print above them (a few lines, 3 levels from the paper), the
    // desk's flat grey below. The side running off the frame holds the
    // band's own print in the gaps between its characters; only what lies
    // beyond the band tells the page's side.
    var image = LumaImage(width: 1280, height: 720, fill: 60)
    for line in stride(from: 120, to: 520, by: 40) {
      for row in line..<(line + 8) {
        for column in stride(from: 420, to: 900, by: 6) { image[column, row] = 57 }
      }
    }
    let rows = passportRows(topAt: 640, in: &image)
    let outline = try XCTUnwrap(MRZBandDocument.outline(rows: rows, in: image))
    // The page above its rows (a passport is 88 mm: 572 px at this pitch).
    XCTAssertLessThan(outline.corners.map(\.y).min()!, 200)
    XCTAssertLessThan(outline.corners.map(\.y).max()!, 720)
  }
}
