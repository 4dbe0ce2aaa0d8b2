import Bolt11JSON

/// How a vector is put to a decoder, and how its answer is scored.
///
/// The answer is what the contract's line protocol answers for one invoice: the decoded invoice's
/// JSON (any subset of its keys, with `"valid": true`), `{"valid": false, "error": {"code": ...,
/// "message": ...}}` (`code` optional), or `{"unsupported": "option name"}` for an option the
/// decoder cannot apply.
///
/// A vector passes when the verdict agrees (valid or invalid). For an invalid vector, when the
/// decoder gives an error `code`, it must be one of the vector's codes (and a `position`, when
/// the decoder gives one and the vector names one, must be that position). For a valid vector,
/// every key of `expect` that the answer gives must have an equal value; a key the answer leaves
/// out is not compared, at the top level and inside each `fallbacks` and `routes` entry, so that a
/// decoder is not failed for what it does not report (Core Lightning leaves out empty
/// `fallbacks`, `routes` and `extra`, and `type` for a fallback of an unknown witness version;
/// most decoders have none of this project's additions, such as `feature_bits` or `warnings`).
public enum DecoderScore {
  /// The vector options passed on in a request.
  static let requestOptions = ["mode", "network", "now", "description", "check_route_keys"]

  /// The categories results are counted in, in the order they are shown.
  static let categories = [
    "bech32", "hrp", "amount", "field", "features", "signature", "valid", "offline", "other",
  ]

  /// The category of `vector`: `valid` for a valid invoice, else from the prefix of its first
  /// expected error code.
  ///
  /// `bech32.*` is bech32; `hrp.*` and `network.*` (the prefix names the chain) are hrp;
  /// `amount.*` is amount; `field.*`, `invoice.*` (framing, length, padding, expiry),
  /// `description_hash.*` and `description.*` are field; `features.*` is features; `signature.*` is signature. Vectors
  /// of kind `bech32` and `segwit_address` count as bech32, `offline` as offline; anything else
  /// is other.
  static func category(_ vector: VectorFile.Vector) -> String {
    switch vector.kind {
    case "bech32", "segwit_address": return "bech32"
    case "offline": return "offline"
    case "invoice": break
    default: return "other"
    }
    if vector.object["valid"]?.boolValue == true { return "valid" }
    guard let code = VectorFile.expectedErrors(vector.object).first else { return "other" }
    switch code.prefix(while: { $0 != "." }) {
    case "bech32": return "bech32"
    case "hrp", "network": return "hrp"
    case "amount": return "amount"
    case "field", "invoice", "description_hash", "description": return "field"
    case "features": return "features"
    case "signature": return "signature"
    default: return "other"
    }
  }

  /// A request to send, or a verdict reached without one.
  enum Request {
    case send(JSON)
    case settled(Verdict)
  }

  /// The request line for `vector` (`{"id", "invoice", "options"}`, or for a `bolt12` vector
  /// `{"id", "kind", "string", "options"}`), or why it is not sent: a vector of another kind is
  /// skipped; one without its string fails.
  static func request(id: Int, _ vector: VectorFile.Vector) -> Request {
    let head: [(String, JSON)]
    let stringKey: String
    let passed: [String]
    switch vector.kind {
    case "invoice": (head, stringKey, passed) = ([], "invoice", requestOptions)
    case "bolt12":
      (head, stringKey, passed) = ([("kind", .string("bolt12"))], "string", ["network", "now"])
    default:
      return .settled(.skipped("kind \(vector.kind) is not run through an external decoder"))
    }
    guard let string = vector.object[stringKey]?.stringValue else {
      return .settled(.failed("no \"\(stringKey)\""))
    }
    let given = vector.object["options"]
    let options: [(String, JSON)] = passed.compactMap { key in given?[key].map { (key, $0) } }
    return .send(
      .object(
        [("id", .integer(Int64(id)))] + head
          + [(stringKey, .string(string)), ("options", .object(options))]))
  }

  /// What `vector` expects, in a few words: `valid {...expect}` or `error a or b`.
  static func expected(_ vector: VectorFile.Vector) -> DisplayText {
    let object = vector.object
    if object["valid"]?.boolValue == true {
      guard let expect = object["expect"] else { return "valid" }
      return "valid \(expect)"
    }
    let codes = VectorFile.expectedErrors(object)
    guard !codes.isEmpty else { return "invalid" }
    let error: DisplayText = "error \(codes.joined(separator: " or "))"
    guard let position = object["position"]?.unsignedValue else { return error }
    return "\(error) at \(position)"
  }

  /// How the failure of an answer that breaks the protocol starts: the decoder is out of step
  /// after one, and is restarted.
  static let outOfProtocolPrefix: DisplayText = "out of protocol: "

  /// The failure of an answer that breaks the protocol, for `reason`.
  static func outOfProtocol(_ reason: DisplayText) -> Verdict {
    .failed("\(outOfProtocolPrefix)\(reason)")
  }

  static func isOutOfProtocol(_ verdict: Verdict) -> Bool {
    guard case .failed(let reason) = verdict else { return false }
    return reason.description.hasPrefix(outOfProtocolPrefix.description)
  }

  /// Scores the answer line of request `id` for `vector`.
  static func score(_ vector: VectorFile.Vector, answer line: [UInt8], id: Int) -> Verdict {
    guard let text = String(validating: line, as: UTF8.self) else {
      return outOfProtocol("the answer is not UTF-8")
    }
    let answer: JSON
    do { answer = try JSON.parse(text) } catch {
      return outOfProtocol("the answer is not JSON (\(error))")
    }
    if answer.objectValue != nil, let echoed = answer["id"], echoed.unsignedValue != UInt64(id) {
      return outOfProtocol("the answer carries id \(echoed), not \(id)")
    }
    return score(vector, answer: answer)
  }

  /// Scores a decoder's answer for `vector`.
  ///
  /// - Parameters:
  ///   - vector: a vector of kind `invoice` or `bolt12`; a vector of another kind is skipped.
  ///   - answer: what the decoder made of the vector's string with `vector.options`, as the line
  ///     protocol answers: the decoded JSON, an error object, or `{"unsupported": "name"}` for an
  ///     option (or, for a `bolt12` vector, the kind) it cannot handle.
  /// - Returns: `.passed`; `.failed` with what differed (a reason that starts with
  ///   `out of protocol:` when the answer is none of the protocol's forms); or `.skipped` for a
  ///   vector of another kind or an option the answer declares unsupported.
  public static func score(_ vector: VectorFile.Vector, answer: JSON) -> Verdict {
    if case .settled(let verdict) = request(id: 0, vector) { return verdict }
    guard answer.objectValue != nil else {
      return outOfProtocol("the answer is not a JSON object")
    }
    if let option = answer["unsupported"] {
      if let name = option.stringValue { return .skipped("the decoder does not support \(name)") }
      return .skipped("the decoder does not support \(option)")
    }
    guard let valid = answer["valid"]?.boolValue else {
      return outOfProtocol("no boolean \"valid\" in the answer")
    }
    let object = vector.object
    let wantsValid = object["valid"]?.boolValue ?? false
    if valid {
      guard wantsValid else { return .failed("expected \(expected(vector)), got valid") }
      return VectorFile.compare(expected: given(object["expect"], in: answer), actual: answer)
        .map { .failed($0) } ?? .passed
    }
    let error = answer["error"]
    if let error, error.objectValue == nil {
      return outOfProtocol("\"error\" is not an object")
    }
    let codeValue = error?["code"]
    if let codeValue, codeValue.stringValue == nil {
      return outOfProtocol("\"error.code\" is not a string")
    }
    guard !wantsValid else {
      let code = codeValue?.stringValue ?? "invalid"
      guard let message = error?["message"]?.stringValue else {
        return .failed("expected valid, got \(code)")
      }
      return .failed("expected valid, got \(code): \(message.prefix(200))")
    }
    guard let code = codeValue?.stringValue else { return .passed }  // scored on its verdict
    if let failure = VectorFile.checkError(code, object: object, wantsValid: false) {
      return .failed(failure)
    }
    if let position = error?["position"] {
      guard let value = position.unsignedValue, let offset = Int(exactly: value) else {
        return outOfProtocol("\"error.position\" is not a whole number")
      }
      if let failure = VectorFile.checkPosition(offset, object: object) { return .failed(failure) }
    }
    return .passed
  }

  /// The members of `expect` that `answer` gives: the keys it leaves out are not compared, at
  /// the top level and inside each entry of `fallbacks` and `routes` (Core Lightning leaves out
  /// `type` for a fallback of an unknown witness version).
  static func given(_ expect: JSON?, in answer: JSON) -> JSON? {
    guard let members = expect?.objectValue else { return expect }
    return .object(
      members.compactMap { key, value in
        guard let given = answer[key] else { return nil }
        guard key == "fallbacks" || key == "routes" else { return (key, value) }
        return (key, entries(value, as: given))
      })
  }

  /// `expected` without the keys of its objects that `answer`'s objects at the same place leave
  /// out, through arrays of the same length; anything else as it is.
  private static func entries(_ expected: JSON, as answer: JSON) -> JSON {
    if let members = expected.objectValue, answer.objectValue != nil {
      return .object(members.filter { answer[$0.0] != nil })
    }
    guard let items = expected.arrayValue, let answered = answer.arrayValue,
      items.count == answered.count
    else { return expected }
    return .array(zip(items, answered).map { entries($0, as: $1) })
  }
}
