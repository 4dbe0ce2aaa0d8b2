/// A decoder in another program, run through the contract's line protocol: one request line per
/// invoice or offer vector on its standard input, one answer line per request on its standard output.
///
/// The command is started with `/bin/sh -c` at the first vector that needs it, and kept running;
/// a decoder that exits, is timed out or breaks the protocol fails that vector only, and is
/// started afresh for the next. Standard error is kept: per failure, and its tail overall.
///
/// ```swift
/// let decoder = ExternalDecoder(command: "my-decoder --protocol")
/// var row = ConformanceReport.Decoder(label: decoder.command)
/// for vector in try VectorFile.loadAll() {
///   row.results.append(try decoder.run(vector))
/// }
/// decoder.stop()
/// row.stderrTail = decoder.stderrTail
/// let markdown = ConformanceReport(decoders: [row]).markdown()
/// ```
///
/// Not thread-safe: one vector at a time, in order.
public final class ExternalDecoder {
  /// The command line, as `/bin/sh -c` runs it.
  public let command: String
  /// Seconds the decoder has to answer one vector.
  public let timeout: Double

  /// The decoder could not be started: the shell could not be spawned, or it reported the
  /// command not found or not executable (status 127 or 126) before any answer.
  public struct StartError: Error, CustomStringConvertible {
    /// Why, in prose, with the last line the shell wrote to standard error.
    public var message: String
    /// The message.
    public var description: String { message }
  }

  /// How much of an answer a failure quotes.
  static let quotedAnswerCharacters = 300

  private let process: DecoderProcess
  /// The id of the last request (every vector takes one, sent or not).
  private var lastID = 0
  /// Whether the decoder has answered a request since it was created.
  private var answered = false

  /// A decoder to be started with `command`; nothing runs until the first vector.
  ///
  /// - Parameters:
  ///   - command: a shell command line that speaks the line protocol.
  ///   - timeout: seconds it has to answer each vector; after that it is stopped and the vector
  ///     fails.
  public init(command: String, timeout: Double = 5) {
    self.command = command
    self.timeout = timeout
    self.process = DecoderProcess(command: command)
  }

  /// The tail of everything the decoder wrote to standard error (its last 4 KiB), over all its
  /// starts.
  public var stderrTail: String { String(decoding: process.stderrTail, as: UTF8.self) }

  /// Puts `vector` to the decoder and scores its answer.
  ///
  /// A vector of a kind other than `invoice` or `bolt12` is skipped without a request.
  ///
  /// - Returns: the outcome; for a failure, `got` holds the answer (at most 300 characters) or
  ///   what happened instead, and `stderr` what the decoder wrote to standard error meanwhile.
  /// - Throws: `StartError` when the decoder cannot be started.
  public func run(_ vector: VectorFile.Vector) throws(StartError) -> ConformanceReport.Result {
    lastID += 1
    let id = lastID
    var result = ConformanceReport.Result(vector, verdict: .passed)
    switch DecoderScore.request(id: id, vector) {
    case .settled(let verdict): result.verdict = verdict
    case .send(let request):
      if !process.isRunning {
        do { try process.start() } catch { throw StartError(message: error.message) }
      }
      switch process.exchange(Array(request.serialized.utf8), timeout: timeout) {
      case .success(let line):
        answered = true
        result.verdict = DecoderScore.score(vector, answer: line, id: id)
        result.got = Self.quoted(line)
        // A decoder that broke the protocol may be out of step: start it afresh.
        if DecoderScore.isOutOfProtocol(result.verdict) { process.stop() }
      case .failure(let failure):
        if case .exited(let status?, _) = failure, !answered, status == 126 || status == 127 {
          let detail = Self.lastLine(process.stderrTail)
          throw StartError(
            message: "exited with status \(status)" + (detail.isEmpty ? "" : ": \(detail)"))
        }
        result.verdict = describe(failure)
        if case .exited = failure {} else { process.stop() }  // out of step: restart
      }
      if case .failed = result.verdict {
        result.stderr = String(decoding: process.stderrOfLastExchange, as: UTF8.self)
      }
    }
    return result
  }

  /// Ends the decoder (and whatever it started), if it is running; the next vector starts it
  /// again.
  public func stop() { process.stop() }

  private func describe(_ failure: DecoderProcess.Failure) -> Verdict {
    switch failure {
    case .timedOut:
      .failed("no answer within \(timeout) s (the decoder was stopped and restarted)")
    case .exited(_, let description): .failed("the decoder \(description) without answering")
    case .lineTooLong:
      .failed(
        "an answer longer than \(DecoderProcess.maximumLineBytes) bytes (the decoder was restarted)"
      )
    case .unrequestedOutput:
      DecoderScore.outOfProtocol("the decoder wrote a line no request asked for (it was restarted)")
    }
  }

  /// The answer as text, cut to `quotedAnswerCharacters`.
  static func quoted(_ line: [UInt8]) -> String {
    let text = String(decoding: line, as: UTF8.self)
    guard text.count > quotedAnswerCharacters else { return text }
    return String(text.prefix(quotedAnswerCharacters)) + "…"
  }

  /// The last non-empty line of `bytes`, at most 200 characters.
  package static func lastLine(_ bytes: [UInt8]) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    let line = text.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
    return line.count > 200 ? String(line.suffix(200)) : line
  }
}
