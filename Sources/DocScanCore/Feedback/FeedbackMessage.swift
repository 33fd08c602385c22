/// The `docscan-feedback` bus message (SPEC): what the person should do now,
/// and how the last analysed frame looked.
public struct FeedbackMessage: Equatable, Sendable {
  public static let structureName = "docscan-feedback"

  public var times: StreamTimes
  public var session: UInt32
  public var side: Side
  public var scanningStatus: ScanningStatus
  public var detectionStatus: DetectionStatus
  public var events: [FeedbackEvent]
  public var instruction: String
  public var blur: Double
  public var glare: Double
  /// Corners upper-left, upper-right, lower-right, lower-left as (x, y) in
  /// input pixels; nil when no document was found.
  public var quad: [Double]?

  public init(
    times: StreamTimes, session: UInt32, side: Side, scanningStatus: ScanningStatus,
    detectionStatus: DetectionStatus, events: [FeedbackEvent], instruction: String,
    blur: Double, glare: Double, quad: [Double]? = nil
  ) {
    self.times = times
    self.session = session
    self.side = side
    self.scanningStatus = scanningStatus
    self.detectionStatus = detectionStatus
    self.events = events
    self.instruction = instruction
    self.blur = blur
    self.glare = glare
    self.quad = quad
  }

  /// Two messages give the same guidance when everything but the measured
  /// values and times agrees; only a change of guidance is posted at once.
  public func givesSameGuidance(as other: FeedbackMessage) -> Bool {
    session == other.session && side == other.side && scanningStatus == other.scanningStatus
      && detectionStatus == other.detectionStatus && events == other.events
      && instruction == other.instruction
  }

  public var structure: MessageStructure {
    var structure = MessageStructure(name: Self.structureName)
    structure.appendTimes(times)
    structure.append("session", .uint(session))
    structure.append("side", .string(side.rawValue))
    structure.append("scanning-status", .string(scanningStatus.rawValue))
    structure.append("detection-status", .string(detectionStatus.rawValue))
    structure.append("events", .strings(events.map(\.rawValue)))
    structure.append("instruction", .string(instruction))
    structure.append("blur", .double(blur))
    structure.append("glare", .double(glare))
    if let quad { structure.append("quad", .doubles(quad)) }
    return structure
  }

  public init(structure: MessageStructure) throws {
    guard structure.name == Self.structureName else {
      throw MessageDecodingError(field: "name")
    }
    func require<T>(_ name: String, _ value: T?) throws -> T {
      guard let value else { throw MessageDecodingError(field: name) }
      return value
    }
    times = try structure.readTimes()
    session = try require("session", structure.uint("session"))
    side = try require("side", structure.string("side").flatMap(Side.init(rawValue:)))
    scanningStatus = try require(
      "scanning-status", structure.string("scanning-status").flatMap(ScanningStatus.init(rawValue:))
    )
    detectionStatus = try require(
      "detection-status",
      structure.string("detection-status").flatMap(DetectionStatus.init(rawValue:)))
    let eventNames = try require("events", structure.strings("events"))
    events = try eventNames.map { try require("events", FeedbackEvent(rawValue: $0)) }
    instruction = try require("instruction", structure.string("instruction"))
    blur = try require("blur", structure.double("blur"))
    glare = try require("glare", structure.double("glare"))
    quad = structure.doubles("quad")
    if let quad, quad.count != 8 { throw MessageDecodingError(field: "quad") }
  }
}
