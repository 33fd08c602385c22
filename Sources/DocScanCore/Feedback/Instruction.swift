/// What to tell the person in front of the camera.
public enum Instruction: String, Sendable, CaseIterable {
  case placeDocument = "Place the document in view"
  case holdStill = "Keep document and camera still"
  case removeReflection = "Tilt or move document to remove reflection"
  case scanning = "Scanning, hold on"
  case moveCloser = "Move closer"
  case moveAway = "Move farther away"
  case faceCamera = "Hold the document flat, facing the camera"
  case moveToCentre = "Move the document to the centre"
  case showWholeDocument = "Show the whole document"
  case flipDocument = "Flip the document"
  case showBarcode = "Show the barcode"
  /// A barcode is seen that does not decode (too small or soft).
  case bringBarcodeCloser = "Bring the barcode closer"
  /// The MRZ keeps reading the same and fails its check digits: as printed
  /// it does not verify (a misprint or an altered document).
  case mrzNotVerified = "MRZ cannot be verified"
  case done = "Done"
  case cancelled = "Cancelled"
  case timedOut = "Timed out, starting again"

  /// The instruction for a frame: first where the document is (nothing can
  /// be read until it is placed well), then the quality of what is seen.
  public static func choose(
    status: ScanningStatus, detection: DetectionStatus, events: [FeedbackEvent]
  ) -> Instruction {
    switch status {
    case .documentScanned: return .done
    case .cancelled: return .cancelled
    case .timeout: return .timedOut
    default: break
    }
    switch detection {
    case .success:
      if events.contains(.blur) { return .holdStill }
      if events.contains(.glare) { return .removeReflection }
      return .scanning
    case .failed: return .placeDocument
    case .cameraTooFar: return .moveCloser
    case .cameraTooClose: return .moveAway
    case .cameraAngleTooSteep: return .faceCamera
    case .documentTooCloseToEdge: return .moveToCentre
    case .documentPartiallyVisible: return .showWholeDocument
    }
  }
}
