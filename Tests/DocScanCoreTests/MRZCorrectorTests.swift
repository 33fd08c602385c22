import DocScanCore
import XCTest

/// Worked examples of what the corrector repairs and what it refuses.
final class MRZCorrectorTests: XCTestCase {
  let passport = [
    "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
    "L898902C36UTO7408122F1204159ZE184226B<<<<<10",
  ]

  func testTypedFieldsAreForced() {
    let misread = [
      "P<UT0ER1KSS0N<<ANNA<MAR1A<<<<<<<<<<<<<<<<<<<",
      "L898902C36UT07AO8lZ2FI2O4I59ZE184226B<<<<<IO",
    ]
    XCTAssertNil(MRZCorrector.correct(misread, format: .td3), "lower-case l is not MRZ")
    let fixable = [
      "P<UT0ER1KSS0N<<ANNA<MAR1A<<<<<<<<<<<<<<<<<<<",
      "L898902C36UT07AO8IZ2FI2O4I59ZE184226B<<<<<IO",
    ]
    XCTAssertEqual(MRZCorrector.correct(fixable, format: .td3), passport)
  }

  func testAlphanumericFieldsAreNotChangedByDefault() {
    // `C` read as `0` in the document number: its check fails, and the
    // field may hold either, so the corrector refuses.
    var misread = passport
    misread[1] = "L898902036UTO7408122F1204159ZE184226B<<<<<10"
    XCTAssertNil(MRZCorrector.correct(misread, format: .td3))
    XCTAssertNil(MRZCorrector.correct(misread, format: .td3, alphanumericSubstitutions: 2))
    // `0` read as `O` in the document number, `4` as `A` in the personal
    // number: only the opt-in search repairs them, as exactly one look-alike
    // substitution fits.
    misread = passport
    misread[1] = "L8989O2C36UTO7408122F1204159ZE184226B<<<<<10"
    XCTAssertNil(MRZCorrector.correct(misread, format: .td3))
    XCTAssertEqual(
      MRZCorrector.correct(misread, format: .td3, alphanumericSubstitutions: 1), passport)
    misread = passport
    misread[1] = "L898902C36UTO7408122F1204159ZE18A226B<<<<<10"
    XCTAssertNil(MRZCorrector.correct(misread, format: .td3))
    XCTAssertEqual(
      MRZCorrector.correct(misread, format: .td3, alphanumericSubstitutions: 1), passport)
    // `B` read as `8`: `ZE184226B` and another look-alike change both fit, so
    // even the search refuses.
    misread[1] = "L898902C36UTO7408122F1204159ZE1842268<<<<<10"
    XCTAssertNil(MRZCorrector.correct(misread, format: .td3, alphanumericSubstitutions: 1))
  }

  func testCheckDigitsAreNeverChangedToFit() {
    var misread = passport
    misread[1] = "L898902C35UTO7408122F1204159ZE184226B<<<<<10"
    XCTAssertNil(MRZCorrector.correct(misread, format: .td3))
    XCTAssertNil(MRZCorrector.correct(misread, format: .td3, alphanumericSubstitutions: 2))
    // A letter in a check digit becomes its digit, which must then hold.
    misread[1] = "L898902C3GUTO7408122F1204159ZE184226B<<<<<10"
    XCTAssertEqual(MRZCorrector.correct(misread, format: .td3), passport)
    misread[1] = "L898902C3SUTO7408122F1204159ZE184226B<<<<<10"
    XCTAssertNil(MRZCorrector.correct(misread, format: .td3))
  }

  func testIllegalCharactersAndShapesAreRejected() {
    var misread = passport
    misread[1] = "L898902C36UTO7408122F1204159ZE184226B<<<<<1K"
    XCTAssertNil(MRZCorrector.correct(misread, format: .td3), "K has no look-alike digit")
    misread = passport
    misread[1] = "L898902C36UTO7408122Q1204159ZE184226B<<<<<10"
    XCTAssertNil(MRZCorrector.correct(misread, format: .td3), "Q is no sex")
    misread = passport
    misread[0] = "P<UTOERIKSSON<<ANNA<MAR3A<<<<<<<<<<<<<<<<<<<"
    XCTAssertNil(MRZCorrector.correct(misread, format: .td3), "3 has no look-alike letter")
    XCTAssertNil(MRZCorrector.correct(passport, format: .mrvB))
    XCTAssertNil(MRZCorrector.correct(Array(passport.prefix(1)), format: .td3))
  }

  /// The arithmetic is blind to these; the corrector says so by passing them.
  func testInvisibleErrorsPass() {
    var misread = passport
    misread[0] = "P<UTOERIKSSEN<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<"
    XCTAssertEqual(MRZCorrector.correct(misread, format: .td3), misread, "names have no check")
    misread = passport
    misread[1] = "L898902C36UTO7408122F1204159ZE184226B<<<<A10"
    XCTAssertEqual(MRZCorrector.correct(misread, format: .td3), misread, "< and A both count 0")
  }

  /// Arbitrary misreadings in the document number: the search gives up when
  /// several combinations fit, and what it returns always validates (though
  /// not always the truth, see `MRZPropertyTests`).
  func testSearchGivesUpOrValidates() {
    let lines = [
      "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
      "L898902C36UTO7408122F1204159ZE184226B<<<<<10",
    ]
    var random = SplitMix64(state: 11)
    var ambiguous = 0
    for _ in 0..<50 {
      var characters = Array(lines[1])
      characters[random.int(0...8)] = random.pick(ICAOSpec.letters + ICAOSpec.digits)
      let misread = [lines[0], String(characters)]
      guard
        let result = MRZCorrector.correct(misread, format: .td3, alphanumericSubstitutions: 2)
      else {
        ambiguous += 1
        continue
      }
      let record = MRZParser.parse(result, today: MRZDate(year: 2025, month: 1, day: 1))
      XCTAssertEqual(record?.isValid, true)
    }
    XCTAssertGreaterThan(ambiguous, 0)
  }
}
