/// A subfile listed in the directory: the card's `DL` or `ID` data, or a
/// jurisdiction's own `Z?` data. Both the declared and the found position are
/// kept, because real cards often declare offsets a few bytes off.
public struct AAMVASubfile: Sendable, Equatable {
  /// The 2-character type code, e.g. `DL`, `ID`, `ZV`.
  public var type: String
  /// The offset the directory declares, counted from `@`.
  public var declaredOffset: Int
  /// The length the directory declares.
  public var declaredLength: Int
  /// Where the subfile was found, counted from `@`; nil for a jurisdiction
  /// subfile that could not be found (a DL or ID subfile that cannot be found is
  /// an error instead).
  public var offset: Int?
  /// The subfile's elements in payload order.
  public var elements: [AAMVAElement]

  public init(
    type: String, declaredOffset: Int, declaredLength: Int, offset: Int?,
    elements: [AAMVAElement]
  ) {
    self.type = type
    self.declaredOffset = declaredOffset
    self.declaredLength = declaredLength
    self.offset = offset
    self.elements = elements
  }

  /// Whether this subfile carries the card's standard data (`DL` or `ID`).
  public var isCardData: Bool { type == "DL" || type == "ID" }

  /// Whether this subfile is a jurisdiction's own (`Z` followed by a letter).
  public var isJurisdictionSpecific: Bool { type.hasPrefix("Z") }
}
