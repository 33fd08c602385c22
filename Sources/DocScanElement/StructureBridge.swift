import CDocScanShim
import CGStreamer
import DocScanCore
import Glibc

/// Turns message structures into the GstStructures the element posts.
/// (The tests read them back: Tests/DocScanPluginTests/GstStructureText.)
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
}
