/// The pipeline docscan-run plays, as gst-launch style arguments (each one
/// token, so paths with spaces need no quoting):
///
///     SOURCE ! queue name=input ! videoconvert ! docscan analysis=… [props]
///       ! fakesink                                    (no recording)
///       ! videoconvert ! x264enc ! h264parse ! mp4mux ! filesink   (--record)
///
/// The same shape as pipelines/record.sh; the user's properties come after
/// the defaults, so `analysis=sync` on the command line wins.
struct PipelineDescription: Equatable {
  /// The queue behind the source, where docscan-run sends EOS to stop.
  static let inputQueueName = "input"

  var arguments: [String]

  init(source: VideoSource, options: RunOptions) {
    var docscan = ["docscan", "analysis=\(source.analysis)"]
    if let results = options.resultsLocation { docscan.append("results-location=\(results)") }
    if let desk = options.desk { docscan.append("desk=\(desk)") }
    docscan += options.properties

    let sink: [String]
    if let recording = options.recording {
      sink = [
        "videoconvert", "!", "x264enc", "speed-preset=veryfast", "!", "h264parse", "!", "mp4mux",
        "!", "filesink", "location=\(recording)",
      ]
    } else {
      // Nothing to show: frames end here, as fast as they come.
      sink = ["fakesink", "sync=false"]
    }
    arguments =
      source.pipelineHead + ["!", "queue", "name=\(Self.inputQueueName)", "!", "videoconvert", "!"]
      + docscan + ["!"] + sink
  }
}
