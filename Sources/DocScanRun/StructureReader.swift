import CDocScanRunShim
import DocScanCore

/// Reads a message's GstStructure into the core's MessageStructure, the
/// form the element built it from, so JSONLine writes the same JSON as the
/// results file. Values the core has no case for keep their content as
/// strings: a GstSample (an attached PNG image) as base64 of its bytes,
/// anything else in GStreamer's text form.
enum StructureReader {
  static func read(_ gst: UnsafePointer<GstStructure>) -> MessageStructure {
    var structure = MessageStructure(name: String(cString: docscan_run_structure_name(gst)))
    for index in 0..<docscan_run_structure_n_fields(gst) {
      let name = String(cString: docscan_run_structure_field_name(gst, index))
      guard let value = docscan_run_structure_field_value(gst, index) else { continue }
      structure.append(name, read(value))
    }
    return structure
  }

  static func read(_ value: UnsafePointer<GValue>) -> MessageStructure.Value {
    switch docscan_run_value_kind(value) {
    case DOCSCAN_RUN_VALUE_STRING:
      return .string(docscan_run_value_string(value).map { String(cString: $0) } ?? "")
    case DOCSCAN_RUN_VALUE_BOOLEAN: return .boolean(docscan_run_value_boolean(value) != 0)
    case DOCSCAN_RUN_VALUE_UINT: return .uint(docscan_run_value_uint(value))
    case DOCSCAN_RUN_VALUE_UINT64: return .uint64(UInt64(docscan_run_value_uint64(value)))
    case DOCSCAN_RUN_VALUE_DOUBLE: return .double(docscan_run_value_double(value))
    case DOCSCAN_RUN_VALUE_ARRAY: return readArray(value)
    case DOCSCAN_RUN_VALUE_STRUCTURE:
      guard let nested = docscan_run_value_structure(value) else { return .string("") }
      return .structure(read(nested))
    case DOCSCAN_RUN_VALUE_SAMPLE: return .string(Base64.encode(sampleBytes(value)))
    default: return .string(serialized(value))
    }
  }

  /// Arrays of doubles stay numbers; any other array is one of strings
  /// (the events and mismatched fields are; an empty array is one too).
  private static func readArray(_ array: UnsafePointer<GValue>) -> MessageStructure.Value {
    let items = (0..<docscan_run_value_array_size(array)).compactMap {
      docscan_run_value_array_item(array, $0)
    }
    if !items.isEmpty, items.allSatisfy({ docscan_run_value_kind($0) == DOCSCAN_RUN_VALUE_DOUBLE })
    {
      return .doubles(items.map { docscan_run_value_double($0) })
    }
    return .strings(
      items.map { item in
        if case .string(let text) = read(item) { return text }
        return serialized(item)
      })
  }

  private static func sampleBytes(_ value: UnsafePointer<GValue>) -> [UInt8] {
    let size = docscan_run_value_sample_size(value)
    var bytes = [UInt8](repeating: 0, count: Int(size))
    let copied = bytes.withUnsafeMutableBufferPointer {
      docscan_run_value_sample_copy(value, $0.baseAddress, size)
    }
    return copied != 0 ? bytes : []
  }

  private static func serialized(_ value: UnsafePointer<GValue>) -> String {
    let text = docscan_run_value_serialize(value)!
    defer { g_free(text) }
    return String(cString: text)
  }
}
