import CDocScanFuzzShim
import Foundation

// docscan-fuzz TARGET [libFuzzer options and corpus folders]
// Built with -sanitize=fuzzer by plugin/fuzz.sh.
guard FuzzTarget.selected != nil else {
  let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
  FileHandle.standardError.write(
    Data("usage: docscan-fuzz TARGET [libFuzzer options] [CORPUS...]; targets: \(names)\n".utf8))
  exit(2)
}
let status = docscan_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in
  FuzzTarget.selected?.run(Array(UnsafeBufferPointer(start: data, count: size)))
  return 0
}
if status == -1 {
  FileHandle.standardError.write(
    Data("docscan-fuzz: built without libFuzzer; build it with plugin/fuzz.sh\n".utf8))
  exit(2)
}
exit(status)
