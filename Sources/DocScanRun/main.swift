import Glibc

// docscan-run SOURCE [options] [name=value ...]: see DocScanRunCommand
// (swift-argument-parser), or `docscan-run --help`.
//
// It is an ordinary GStreamer application that loads libgstdocscan.so; the
// plugin carries its own Swift runtime and exports nothing but GStreamer's
// entry point (plugin/exports.map), so the two Swift runtimes in this
// process never see each other (README, "How it is built").

let standardError = OutputChannel.standardError
let status: Int32
do {
  switch try RunOptions.parse(Array(CommandLine.arguments.dropFirst())) {
  case .help(let text):
    OutputChannel.standardOutput.write(text + "\n")
    status = 0
  case .run(let options):
    status = try ScanRun(options: options).run()
  }
} catch let error as RunOptions.UsageError {
  standardError.write("docscan-run: \(error.message)\n\(error.usage)\n")
  status = 2
} catch let failure as RunFailure {
  standardError.write("docscan-run: \(failure.message)\n")
  status = failure.status
} catch {
  standardError.write("docscan-run: \(error)\n")
  status = 1
}
exit(status)
