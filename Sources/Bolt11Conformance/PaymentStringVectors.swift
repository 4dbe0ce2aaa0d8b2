import Bolt11
import Bolt11JSON
import PaymentInput

/// Runs `kind: "payment_string"` vectors: what `bolt11 inspect` says of a pasted string.
///
/// `input` is the string; `options` are the decode options (`mode`, `network`, `now`, ...).
/// `valid` is the JSON's `valid` (for a `bitcoin:` URI, false when an entry is bad; for an offer,
/// false when it breaks a reader rule); `expect` is
/// compared with the inspect JSON; `error` with the error's code (an invoice's is the decoder's)
/// and `position`, when given, with its position.
enum PaymentStringVectors {
  static func run(_ object: JSON, wantsValid: Bool) -> DisplayText? {
    guard let input = object["input"]?.stringValue else { return "no \"input\"" }
    let options: DecodeOptions
    switch VectorFile.decodeOptions(object["options"]) {
    case .success(let value): options = value
    case .failure(let problem): return problem.message
    }
    let json: String
    let failure: PaymentStringError?
    do {
      let string = try PaymentString(parsing: input, options: options)
      json = string.json
      switch string {
      case .bip321(let uri): failure = uri.entryError
      case .bolt12(let bolt12):
        failure = bolt12.offerError.map { PaymentStringError(bolt12Error: $0, kind: .bolt12Offer) }
      default: failure = nil
      }
    } catch {
      json = error.json
      failure = error
    }
    let actual: JSON
    do { actual = try JSON.parse(json) } catch { return "the inspect JSON does not parse: \(json)" }
    if let failure {
      if let problem = VectorFile.checkError(
        failure.dottedCode, object: object, wantsValid: wantsValid)
      {
        return problem
      }
      if let problem = VectorFile.checkPosition(failure.position, object: object) {
        return problem
      }
    } else if !wantsValid {
      let expected = VectorFile.expectedErrors(object).joined(separator: " or ")
      return "expected error \(expected), but it was read: \(json)"
    }
    return VectorFile.compare(expected: object["expect"], actual: actual)
  }
}
