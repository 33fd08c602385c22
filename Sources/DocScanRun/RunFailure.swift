/// Why docscan-run stops without a result: the message it prints (after
/// "docscan-run: ") and the exit status.
struct RunFailure: Error, Equatable {
  var message: String
  var status: Int32 = 1
}
