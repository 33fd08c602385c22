import XCTest

@testable import DocScanOCR

/// A view reads the zone's first character, the document code's first
/// letter, among the letters the zone's shape allows there.
final class MRZDocumentTypeReadingTests: XCTestCase {
  func symbol(_ character: Character, _ alternatives: [(Character, Double)])
    -> TesseractEngine.Symbol
  {
    TesseractEngine.Symbol(
      character: character, confidence: alternatives.first?.1 ?? 1, left: 0, right: 10,
      alternatives: alternatives.map { (character: $0.0, confidence: $0.1) })
  }

  func testACardsTypeLetterReadAsAnotherLetterIsItsBestAllowedCandidate() {
    let read = symbol("Z", [("Z", 0.9), ("I", 0.4), ("X", 0.2)])
    XCTAssertEqual(MRZModelReader.documentType(read, lineCount: 3, lineLength: 30), "I")
  }

  func testTheLettersAllowedDependOnTheZonesShape() {
    let read = symbol("D", [("D", 0.8), ("I", 0.3), ("P", 0.2)])
    XCTAssertEqual(MRZModelReader.documentType(read, lineCount: 2, lineLength: 44), "P")
    XCTAssertEqual(MRZModelReader.documentType(read, lineCount: 3, lineLength: 30), "I")
  }

  func testAnAllowedLetterOrNoAllowedCandidateIsKeptAsRead() {
    XCTAssertEqual(
      MRZModelReader.documentType(
        symbol("A", [("A", 0.6), ("I", 0.5)]), lineCount: 3, lineLength: 30),
      "A")
    XCTAssertEqual(
      MRZModelReader.documentType(
        symbol("Z", [("Z", 0.9), ("2", 0.3)]), lineCount: 3, lineLength: 30),
      "Z", "no letter a card may start with among the candidates")
  }
}
