import Foundation

/// Where docscan's MRZ model is in the repository (`training/mrz/model`),
/// for tests that read MRZs in-process, without the installed plugin.
public enum MRZModelFolder {
  public static let path = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("training/mrz/model").path
}
