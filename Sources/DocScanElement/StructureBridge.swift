import CDocScanShim
import CGStreamer
import DocScanCore
import Glibc

/// Turns message structures into GstStructures and back.
public enum StructureBridge {
  /// A new GstStructure; the caller owns it.
  static func makeGstStructure(_ structure: MessageStructure) -> UnsafeMutablePointer<GstStructure>
  {
    let gst = docscan_structure_new(structure.name)!
    for field in structure.fields {
      switch field.value {
      case .string(let value): docscan_structure_set_string(gst, field.name, value)
      case .uint(let value): docscan_structure_set_uint(gst, field.name, value)
      case .uint64(let value): docscan_structure_set_uint64(gst, field.name, guint64(value))
      case .double(let value): docscan_structure_set_double(gst, field.name, value)
      case .boolean(let value): docscan_structure_set_boolean(gst, field.name, value ? 1 : 0)
      case .strings(let values): setStrings(gst, field.name, values)
      case .doubles(let values):
        values.withUnsafeBufferPointer {
          docscan_structure_set_double_array(gst, field.name, $0.baseAddress, gsize($0.count))
        }
      case .structure(let nested):
        // The field takes ownership of the nested GstStructure.
        docscan_structure_take_structure(gst, field.name, makeGstStructure(nested))
      case .png(let bytes):
        bytes.withUnsafeBufferPointer {
          docscan_structure_set_png_sample(gst, field.name, $0.baseAddress, gsize($0.count))
        }
      }
    }
    return gst
  }

  private static func setStrings(
    _ gst: UnsafeMutablePointer<GstStructure>, _ name: String, _ values: [String]
  ) {
    let copies = values.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { UnsafePointer($0) }
    pointers.withUnsafeBufferPointer {
      docscan_structure_set_string_array(gst, name, $0.baseAddress, gsize($0.count))
    }
  }

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
  public static func serialize(_ structure: MessageStructure) -> String {
    docscan_ensure_gst_initialized()
    let gst = makeGstStructure(structure)
    defer { docscan_structure_free(gst) }
    let text = docscan_structure_to_string(gst)!
    defer { docscan_string_free(text) }
    return String(cString: text)
  }

  /// Parses GStreamer's text form; nil when it is not a structure.
  public static func parse(_ text: String) -> MessageStructure? {
    docscan_ensure_gst_initialized()
    guard let gst = docscan_structure_from_string(text) else { return nil }
    defer { docscan_structure_free(gst) }
    return read(gst)
  }
}
