import DocScanOCR
import XCTest

/// A reading view's name as a source of opinions, and back.
final class MRZReadingViewTests: XCTestCase {
  func testSourceNamesRoundTrip() {
    let views =
      MRZModelReader.defaultViews + [
        MRZReadingView(model: MRZModelReader.language, capitalHeight: 32, binarized: true),
        MRZReadingView(model: "mrz_wide", capitalHeight: 24),
      ]
    for view in views {
      XCTAssertEqual(MRZReadingView(source: view.source), view, view.source)
    }
    XCTAssertEqual(views.map(\.source).suffix(2), ["binarized-32", "mrz_wide/grey-24"])
  }

  func testNamesThatAreNoViewAreRefused() {
    for name in [
      "", "grey", "grey-", "colour-24", "grey-4", "a/b/grey-24", "grey-24-1", "grey-inf",
      "grey-24.5", "/grey-24", "grey-200",
    ] {
      XCTAssertNil(MRZReadingView(source: name), name)
    }
  }

  func testTheDefaultViewsAreDistinctSources() {
    let sources = MRZModelReader.defaultViews.map(\.source)
    XCTAssertEqual(Set(sources).count, sources.count)
  }
}
