import CTesseractShim
import Synchronization

/// One Tesseract engine for MRZ lines: an LSTM model (docscan's own `mrz`,
/// or the English `eng`) limited to the MRZ alphabet, single-line
/// segmentation. Made once per element (loading
/// the model costs 40-70 ms) and used from the analysis thread; the lock
/// only guards against a second caller.
final class TesseractEngine: Sendable {
  /// A character Tesseract read and where, in the line image's pixels.
  struct Symbol: Sendable {
    var character: Character
    var confidence: Double
    var left: Int
    var right: Int
    /// The LSTM's candidates for this character (itself among them), most
    /// believed first, with confidences 0..1.
    var alternatives: [(character: Character, confidence: Double)]
  }

  private let engine: Mutex<OpaquePointer>

  init(tessdata: String?, language: String = "eng") throws(MRZReaderError) {
    var error = [CChar](repeating: 0, count: 512)
    let made = docscan_ocr_engine_new(
      tessdata, language, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<", &error, error.count)
    guard let made else {
      let message = error.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
      throw .engineUnavailable(message)
    }
    engine = Mutex(made)
  }

  deinit {
    engine.withLock { docscan_ocr_engine_free($0) }
  }

  /// The characters of one line of text in a grey image.
  func readLine(pixels: [UInt8], width: Int, height: Int) -> [Symbol] {
    var symbols = [DocScanOCRSymbol](repeating: DocScanOCRSymbol(), count: 128)
    let count = engine.withLock { engine in
      pixels.withUnsafeBufferPointer {
        docscan_ocr_engine_read_line(
          engine, $0.baseAddress, Int32(width), Int32(height), Int32(width), &symbols,
          Int32(symbols.count))
      }
    }
    return symbols.prefix(max(0, Int(count))).compactMap { symbol in
      guard let scalar = Unicode.Scalar(symbol.codepoint) else { return nil }
      let alternatives = withUnsafeBytes(of: symbol.alternatives) { codes in
        withUnsafeBytes(of: symbol.alternative_confidences) { confidences in
          (0..<Int(min(symbol.alternative_count, DOCSCAN_OCR_ALTERNATIVES))).compactMap {
            index -> (Character, Double)? in
            let code = codes.load(fromByteOffset: index * 4, as: UInt32.self)
            let confidence = confidences.load(fromByteOffset: index * 4, as: Float.self)
            return Unicode.Scalar(code).map { (Character($0), Double(confidence) / 100) }
          }
        }
      }
      return Symbol(
        character: Character(scalar), confidence: Double(symbol.confidence) / 100,
        left: Int(symbol.x0), right: Int(symbol.x1),
        alternatives: alternatives.sorted { $0.1 > $1.1 })
    }
  }

  /// The characters of a row strip.
  func readLine(_ strip: MRZRowStrip) -> [Symbol] {
    readLine(pixels: strip.pixels, width: strip.width, height: strip.height)
  }

  /// OpenMP's thread limit once Tesseract is loaded (1 when the lazy load
  /// worked; more when another library loaded libgomp first).
  static var openMPThreadLimit: Int { Int(docscan_ocr_thread_limit()) }

  /// How many threads a read on the calling thread may use: 1 on a thread
  /// that has read, whatever loaded libgomp first.
  static var threadsPerRead: Int { Int(docscan_ocr_threads_per_read()) }
}

/// Why the MRZ reader cannot work.
public enum MRZReaderError: Error, Equatable, Sendable, CustomStringConvertible {
  case engineUnavailable(String)

  public var description: String {
    switch self {
    case .engineUnavailable(let why): return why
    }
  }
}
