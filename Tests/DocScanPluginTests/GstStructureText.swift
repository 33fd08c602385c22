import CDocScanTestShim
import CGStreamer
import DocScanCore

@testable import DocScanElement

/// The messages the element posts, read back: from a GstStructure, and from
/// GStreamer's text form as `gst-launch-1.0 -m` prints it.
enum GstStructureText {
  /// Reads every field of a known type; other fields are left out.
  static func read(_ gst: UnsafePointer<GstStructure>) -> MessageStructure {
    var structure = MessageStructure(name: String(cString: docscan_structure_name(gst)))
    for index in 0..<docscan_structure_n_fields(gst) {
      let name = String(cString: docscan_structure_nth_field_name(gst, index))
      switch docscan_structure_field_kind(gst, name) {
      case DOCSCAN_FIELD_STRING:
        structure.append(name, .string(String(cString: docscan_structure_get_string(gst, name))))
      case DOCSCAN_FIELD_UINT: structure.append(name, .uint(docscan_structure_get_uint(gst, name)))
      case DOCSCAN_FIELD_UINT64:
        structure.append(name, .uint64(UInt64(docscan_structure_get_uint64(gst, name))))
      case DOCSCAN_FIELD_DOUBLE:
        structure.append(name, .double(docscan_structure_get_double(gst, name)))
      case DOCSCAN_FIELD_BOOLEAN:
        structure.append(name, .boolean(docscan_structure_get_boolean(gst, name) != 0))
      case DOCSCAN_FIELD_STRING_ARRAY:
        let count = docscan_structure_array_length(gst, name)
        let items = (0..<count).map { index -> String in
          docscan_structure_array_string(gst, name, index).map { String(cString: $0) } ?? ""
        }
        structure.append(name, .strings(items))
      case DOCSCAN_FIELD_STRUCTURE:
        guard let nested = docscan_structure_get_structure(gst, name) else { continue }
        structure.append(name, .structure(read(nested)))
      case DOCSCAN_FIELD_PNG_SAMPLE:
        let size = Int(docscan_structure_png_sample_size(gst, name))
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
          count = Int(docscan_structure_copy_png_sample(gst, name, buffer.baseAddress, gsize(size)))
        }
        structure.append(name, .png(bytes))
      case DOCSCAN_FIELD_DOUBLE_ARRAY:
        let count = docscan_structure_array_length(gst, name)
        structure.append(
          name, .doubles((0..<count).map { docscan_structure_array_double(gst, name, $0) }))
      default:
        continue
      }
    }
    return structure
  }

  /// GStreamer's text form, as `gst-launch-1.0 -m` prints it.
  static func serialize(_ structure: MessageStructure) -> String {
    docscan_ensure_gst_initialized()
    let gst = StructureBridge.makeGstStructure(structure)
    defer { docscan_structure_free(gst) }
    let text = docscan_structure_to_string(gst)!
    defer { docscan_string_free(text) }
    return String(cString: text)
  }

  /// Parses GStreamer's text form; nil when it is not a structure.
  static func parse(_ text: String) -> MessageStructure? {
    docscan_ensure_gst_initialized()
    guard let gst = docscan_structure_from_string(text) else { return nil }
    defer { docscan_structure_free(gst) }
    return read(gst)
  }
}
