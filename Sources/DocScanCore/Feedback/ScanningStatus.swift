/// Where the session stands (SPEC `scanning-status`).
public enum ScanningStatus: String, Sendable, CaseIterable {
  case sideInProgress = "side-in-progress"
  case barcodeInProgress = "barcode-in-progress"
  case sideScanned = "side-scanned"
  case documentScanned = "document-scanned"
  case cancelled
  case timeout
}
