import CDocScanTestShim
import CZXingShim
import Foundation

// render-pdf417: a PDF417 symbol for Tests/SecondLook (Python has no PDF417
// encoder here), drawn by zxing-cpp's writer through the test shim.
//
//   render-pdf417 PAYLOAD_FILE OUT.png
//
// OUT.png is grey, one pixel per module (each row of the symbol is four
// modules tall in zxing-cpp 1.4's output), black on white, with no quiet
// zone: the generator scales and places it. Prints "WIDTH HEIGHT" in modules.

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: render-pdf417 PAYLOAD_FILE OUT.png\n".utf8))
  exit(2)
}
guard let payload = FileManager.default.contents(atPath: arguments[0]),
  let text = String(data: payload, encoding: .utf8), !text.utf8.contains(0)
else {
  FileHandle.standardError.write(Data("render-pdf417: \(arguments[0]): no UTF-8 text\n".utf8))
  exit(1)
}

let format = UInt32(DOCSCAN_ZXING_PDF417)
var width: Int32 = 0
var height: Int32 = 0
var modules: [UInt8] = []
// The first call tells the size, the second fills the modules.
if docscan_zxing_encode(format, text, nil, 0, &width, &height) == -1 {
  modules = [UInt8](repeating: 0, count: Int(width) * Int(height))
}
guard !modules.isEmpty,
  docscan_zxing_encode(format, text, &modules, modules.count, &width, &height) == 1
else {
  FileHandle.standardError.write(Data("render-pdf417: zxing-cpp cannot encode the payload\n".utf8))
  exit(1)
}
let pixels = modules.map { $0 != 0 ? UInt8(0) : UInt8(255) }
guard docscan_write_gray_png(pixels, width, height, width, arguments[1]) == 1 else {
  FileHandle.standardError.write(Data("render-pdf417: cannot write \(arguments[1])\n".utf8))
  exit(1)
}
print(width, height)
