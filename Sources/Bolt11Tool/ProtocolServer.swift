import Bolt11

/// `bolt11 decode --protocol`: our decoder behind the line protocol of external decoders, so that
/// `bolt11 vectors --decoder 'bolt11 decode --protocol'` runs it as it runs any other.
///
/// Each line of standard input is a request `{"id": N, "invoice": "...", "options": {...}}`; each
/// gets one line on standard output, in order: the decoded JSON, `{"valid": false, "error":
/// {...}}`, or `{"unsupported": "network"}` for a network name we do not know. A line that is
/// not such a request is answered with the error `input.invalid_json`, so that the two sides stay
/// in step. It ends at the end of its input.
enum ProtocolServer {
  /// Longest request line read in full (1 MiB); a longer one is answered `input.invalid_json`.
  static let maximumLineBytes = 1 << 20

  /// - Throws: the read error of standard input, the write error of standard output.
  static func run(_ environment: ToolEnvironment) throws {
    var reader = LineReader(source: environment.stdin, maximumLineBytes: maximumLineBytes)
    var chunk = LineChunk()
    while try reader.read(into: &chunk, maximumLines: 1) {
      let reply =
        chunk.isOverlong(0)
        ? invalidRequest("longer than \(maximumLineBytes) bytes")
        : chunk.withLine(0) { answer(to: String(decoding: $0, as: UTF8.self)) }
      try environment.stdout.write(reply.serialized + "\n")
    }
  }

  /// The answer to one request line.
  static func answer(to line: String) -> JSON {
    let request: JSON
    do { request = try JSON.parse(line) } catch { return invalidRequest("\(error)") }
    guard let invoice = request["invoice"]?.stringValue else {
      return invalidRequest("no \"invoice\" string")
    }
    let options: DecodeOptions
    switch VectorFile.decodeOptions(request["options"]) {
    case .success(let value): options = value
    case .failure(let problem): return .object([("unsupported", .string(problem.option))])
    }
    do {
      return InvoiceJSON.object(try Invoice.decode(invoice, options: options))
    } catch {
      return InvoiceJSON.object(error)
    }
  }

  static func invalidRequest(_ message: String) -> JSON {
    .object([
      ("valid", .bool(false)),
      (
        "error",
        .object([
          ("code", .string("input.invalid_json")),
          ("message", .string("not a request: \(message)")),
        ])
      ),
    ])
  }
}
