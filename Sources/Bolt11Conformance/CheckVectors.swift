import Bolt11
import Bolt11JSON
import Secp256k1

/// Runs `kind: "check"` vectors: the payer's check of `bolt11 check`.
///
/// Options: `now` is required; `mode`, `amount_msat`, `allow_amountless`, `max_amount_msat`,
/// `payees`, `own_node_ids`, `network`, `description`, `description_hash`, `payment_hash`,
/// `max_future_seconds`, `min_remaining_seconds`, `max_age_seconds` and `max_cltv` are optional,
/// with the command's defaults. `expect.ok` and `expect.violations` (the codes, in order) are
/// compared with the verdict; an `error` names the decode error of an invoice that must not
/// decode.
enum CheckVectors {
  static func run(_ object: JSON) -> DisplayText? {
    guard let text = object["invoice"]?.stringValue else { return "no \"invoice\"" }
    let expectations: InvoiceExpectations
    let now: UInt64
    let mode: DecodeOptions.Mode
    switch read(object["options"]) {
    case .success(let value): (expectations, now, mode) = value
    case .failure(let problem): return problem.message
    }
    let wantsDecodeError = object["error"] != nil
    let invoice: Invoice
    do {
      invoice = try Invoice.decode(text, options: DecodeOptions(mode: mode))
    } catch {
      return VectorFile.checkError(
        error.code.rawValue, object: object, wantsValid: !wantsDecodeError)
    }
    if wantsDecodeError {
      let expected = VectorFile.expectedErrors(object).joined(separator: " or ")
      return "expected decode error \(expected), but it decoded"
    }
    let violations = expectations.check(invoice, now: now)
    let codes = violations.map(\.code.rawValue)
    var differences: [DisplayText] = []
    if let ok = object["expect"]?["ok"]?.boolValue, ok != violations.isEmpty {
      differences.append("ok: \(violations.isEmpty), expected \(ok)")
    }
    if let expected = object["expect"]?["violations"]?.arrayValue?.compactMap(\.stringValue),
      expected != codes
    {
      let found = codes.isEmpty ? "none" : codes.joined(separator: ", ")
      differences.append(
        "violations: \(found), expected \(expected.isEmpty ? "none" : expected.joined(separator: ", "))"
      )
    }
    guard let first = differences.first else { return nil }
    return differences.dropFirst().reduce(first) { "\($0); \($1)" }
  }

  struct Problem: Error { var message: DisplayText }

  /// The expectations, the clock and the decoding mode a vector's `options` name.
  static func read(_ options: JSON?) -> Result<
    (InvoiceExpectations, UInt64, DecodeOptions.Mode), Problem
  > {
    guard let options else { return .failure(Problem(message: "no \"options\"")) }
    guard let now = options["now"]?.unsignedValue else {
      return .failure(Problem(message: "no options.now"))
    }
    var expected = InvoiceExpectations()
    expected.amount = options["amount_msat"]?.unsignedValue.map(Millisatoshis.init(rawValue:))
    expected.allowsAmountless = options["allow_amountless"]?.boolValue ?? false
    expected.maxAmount = options["max_amount_msat"]?.unsignedValue.map(
      Millisatoshis.init(rawValue:))
    for (key, keyPath) in [("payees", \InvoiceExpectations.payees), ("own_node_ids", \.ownNodeIDs)]
    {
      for item in options[key]?.arrayValue ?? [] {
        guard let hex = item.stringValue, let key = PublicKey(hex: hex) else {
          return .failure(Problem(message: "options.\(key): not a compressed key"))
        }
        expected[keyPath: keyPath].append(key)
      }
    }
    if let name = options["network"]?.stringValue {
      guard let currency = Currency(name: name) else {
        return .failure(Problem(message: "unknown network \(name)"))
      }
      expected.network = currency
    }
    expected.description = options["description"]?.stringValue.map(
      InvoiceExpectations.Description.text)
    if let hex = options["description_hash"]?.stringValue {
      guard let hash = DescriptionHash(hex: hex) else {
        return .failure(Problem(message: "options.description_hash: not 64 hex digits"))
      }
      expected.descriptionHash = hash
    }
    if let hex = options["payment_hash"]?.stringValue {
      guard let hash = PaymentHash(hex: hex) else {
        return .failure(Problem(message: "options.payment_hash: not 64 hex digits"))
      }
      expected.paymentHash = hash
    }
    if let seconds = options["max_future_seconds"]?.unsignedValue {
      expected.maxFutureSeconds = seconds
    }
    if let seconds = options["min_remaining_seconds"]?.unsignedValue {
      expected.minRemainingSeconds = seconds
    }
    expected.maxAgeSeconds = options["max_age_seconds"]?.unsignedValue
    expected.maxFinalCLTVExpiryDelta = options["max_cltv"]?.unsignedValue
    let mode: DecodeOptions.Mode = options["mode"]?.stringValue == "compat" ? .compat : .strict
    return .success((expected, now, mode))
  }
}
