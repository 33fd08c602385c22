import COpenCVShim
import DocScanCore

/// `body` with the shim's view of `chroma` (nil when there is none).
func withChromaPlanes<Result>(
  _ chroma: ChromaImage?, _ body: (UnsafePointer<DocScanChromaPlanes>?) -> Result
) -> Result {
  guard let chroma else { return body(nil) }
  return chroma.blueDifference.pixels.withUnsafeBufferPointer { cb in
    chroma.redDifference.pixels.withUnsafeBufferPointer { cr in
      var planes = DocScanChromaPlanes(
        cb: cb.baseAddress, cr: cr.baseAddress, width: Int32(chroma.blueDifference.width),
        height: Int32(chroma.blueDifference.height),
        stride: Int32(chroma.blueDifference.stride))
      return body(&planes)
    }
  }
}
