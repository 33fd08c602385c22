import DocScanCore
import XCTest

@testable import DocScanOCR

/// A view that read a character it cannot place (its box half way between
/// two cells, a thin neighbour missed or merged into it) abstains on the
/// cells around it rather than dissent with an empty cell.
final class MRZUnplacedCharacterTests: XCTestCase {
  let today = MRZDate(year: 2025, month: 6, day: 15)
  let idCard = [
    "IDUTOD231458907<<<<<<<<<<<<<<<",
    "7408122F1204159UTO<<<<<<<<<<<6",
    "ERIKSSON<<ANNA<MARIA<<<<<<<<<<",
  ]

  func testCellsAroundAnUnplacedCharacterAbstainWhereNothingWasPlaced() {
    var votes = idCard.map { $0.map { MRZCharacterVotes([($0, 0.9)]) } }
    votes[0][0] = MRZCharacterVotes([])
    votes[0][1] = MRZCharacterVotes([])
    let marked = MRZOpinion.markingEmptyCells(["??UTOD", "7408", "ERIK"], votes: votes)
    XCTAssertEqual(marked[0], "__UTOD")
    let abstaining = MRZModelReader.abstaining(marked, on: [[-1, 0, 1, 2], [], []], in: votes)
    // Cell 2 holds a character this view placed: it keeps it.
    XCTAssertEqual(abstaining, ["??UTOD", "7408", "ERIK"])
  }

  /// Two views read the card's `ID`; the third missed the `I` and could
  /// not place its `D`. Abstaining, it lets the others settle the code;
  /// reading both cells empty, it withholds it.
  func testAViewThatAbstainsLetsTheOthersConfirmTheCode() {
    func accepts(thirdStartsWith start: String) -> Bool {
      var third = idCard
      third[0] = start + idCard[0].dropFirst(2)
      let opinions = [
        MRZOpinion(source: "one", lines: idCard), MRZOpinion(source: "two", lines: idCard),
        MRZOpinion(source: "three", lines: third),
      ]
      let votes = idCard.map { $0.map { MRZCharacterVotes([($0, 0.9)]) } }
      var fusion = MRZFusion()
      return (0..<6).contains { _ in
        if case .accepted = fusion.add(MRZReading(lines: votes, opinions: opinions), today: today) {
          return true
        }
        return false
      }
    }
    XCTAssertTrue(accepts(thirdStartsWith: "??"))
    XCTAssertFalse(accepts(thirdStartsWith: "__"))
  }
}
