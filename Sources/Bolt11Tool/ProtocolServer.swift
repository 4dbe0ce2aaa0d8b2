import Bolt11
import Bolt11Conformance
import Bolt11JSON
import Bolt12

/// `bolt11 decode --protocol`: our decoder behind the line protocol of external decoders, so that
/// `bolt11 vectors --decoder 'bolt11 decode --protocol'` runs it as it runs any other.
///
/// Each line of standard input is a request `{"id": N, "invoice": "...", "options": {...}}`; each
/// gets one line on standard output, in order: what `decode --json` prints for the string (the
/// decoded JSON, or `{"valid": false, "error": {...}}`), or `{"unsupported": "network"}` for a network name we do not know. A line that is
/// not such a request is answered with the error `input.invalid_json`, so that the two sides stay
/// in step. It ends at the end of its input.
///
/// A request `{"id": N, "kind": "bolt12", "string": "...", "options": {...}}` is an offer, read
/// by `Offer.decode` with the request's `network` and `now`: the answer is the offer's JSON or
/// the failed string's object. A request of any other `kind` is answered `{"unsupported": KIND}`.
enum ProtocolServer {
  /// Longest request line read in full (1 MiB); a longer one is answered `input.invalid_json`.
  static let maximumLineBytes = 1 << 20

  /// - Throws: the read error of standard input, the write error of standard output.
  static func run(_ environment: ToolEnvironment) throws {
    var reader = LineReader(source: environment.stdin, maximumLineBytes: maximumLineBytes)
    var chunk = LineChunk()
    while try reader.read(into: &chunk, maximumLines: 1) {
      var reply =
        chunk.isOverlong(0)
        ? invalidRequest("longer than \(maximumLineBytes) bytes")
        : chunk.withLine(0) { answer(to: String(decoding: $0, as: UTF8.self)) }
      reply.append(UInt8(ascii: "\n"))
      try environment.stdout.write(reply)
    }
  }

  /// The answer to one request line, as the JSON text of one line (no newline).
  static func answer(to line: String) -> [UInt8] {
    let request: JSON
    do { request = try JSON.parse(line) } catch {
      return invalidRequest("\(error)")
    }
    if let kind = request["kind"] {
      guard kind.stringValue == "bolt12" else {
        return Array(JSON.object([("unsupported", kind)]).serialized.utf8)
      }
      return answerOffer(request)
    }
    guard let invoice = request["invoice"]?.stringValue else {
      return invalidRequest("no \"invoice\" string")
    }
    let options: DecodeOptions
    switch VectorFile.decodeOptions(request["options"]) {
    case .success(let value): options = value
    case .failure(let problem):
      return Array(JSON.object([("unsupported", .string(problem.option))]).serialized.utf8)
    }
    // The request's string is read as every command reads a payment string.
    var text = invoice
    var writer = ByteWriter()
    text.withUTF8 { bytes in _ = BatchDecoder.writeAnswer(bytes, options, to: &writer) }
    return writer.withBytes { Array($0) }
  }

  /// The answer to a `bolt12` request: the decoded object, or the reader's refusal.
  static func answerOffer(_ request: JSON) -> [UInt8] {
    guard let text = request["string"]?.stringValue else {
      return invalidRequest("no \"string\" string")
    }
    var options = ReadOptions()
    if let network = request["options"]?["network"] {
      guard let name = network.stringValue, let named = ReadOptions(network: name) else {
        return Array(JSON.object([("unsupported", .string("network"))]).serialized.utf8)
      }
      options = named
    }
    options.now = request["options"]?["now"]?.unsignedValue
    // The reader of the string's own kind: an offer, an invoice request or an invoice.
    let kind = StringForm.Kind(rawValue: String(text.prefix(3)).lowercased()) ?? .offer
    do {
      let json =
        switch kind {
        case .offer: try Offer.decode(text, options: options).json
        case .invoiceRequest: try InvoiceRequest.decode(text, options: options).json
        case .invoice: try Bolt12Invoice.decode(text, options: options).json
        }
      return Array(json.utf8)
    } catch {
      return Array(error.json(reading: kind).utf8)
    }
  }

  /// The contract's error envelope for a request line that is not one.
  static func invalidRequest(_ message: String) -> [UInt8] {
    ErrorJSON.bytes(
      ErrorJSON.Fault(code: "input.invalid_json", message: "not a request: \(message)"),
      withWarnings: false)
  }
}
