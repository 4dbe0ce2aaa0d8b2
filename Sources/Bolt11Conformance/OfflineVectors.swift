import Bolt11
import Bolt11JSON
import OfflineReceive
import Secp256k1

/// Runs `kind: "offline"` vectors: the offline-receive check of `bolt11 validate`.
///
/// Options: `amount_msat`, `node_id` and `now` are required; `network`, `description`,
/// `max_display_seconds`, `min_remaining_seconds`, `clock_skew_seconds`,
/// `safety_margin_seconds` and `max_cltv` are optional, with the command's defaults. `expect` is compared with the
/// verdict (`display_until` and the decoded keys); `error` with the rejection's code.
enum OfflineVectors {
  static func run(_ object: JSON, wantsValid: Bool) -> DisplayText? {
    guard let invoice = object["invoice"]?.stringValue else { return "no \"invoice\"" }
    let policy: ReceivePolicy
    let now: UInt64
    switch policyAndClock(object["options"]) {
    case .success(let value): (policy, now) = value
    case .failure(let problem): return problem.message
    }
    let verdict = OfflineInvoiceValidator.validate(invoice, policy: policy, now: now)
    switch verdict {
    case .success:
      guard wantsValid else {
        let expected = VectorFile.expectedErrors(object).joined(separator: " or ")
        return "expected rejection \(expected), but it was accepted"
      }
      return VectorFile.compare(
        expected: object["expect"], actual: OfflineVerdictJSON.verdict(verdict))
    case .failure(let rejection):
      return VectorFile.checkError(rejection.dottedCode, object: object, wantsValid: wantsValid)
    }
  }

  struct Problem: Error { var message: DisplayText }

  static func policyAndClock(_ options: JSON?) -> Result<(ReceivePolicy, UInt64), Problem> {
    guard let options else { return .failure(Problem(message: "no \"options\"")) }
    guard let amount = options["amount_msat"]?.unsignedValue else {
      return .failure(Problem(message: "no options.amount_msat"))
    }
    guard let nodeHex = options["node_id"]?.stringValue, let nodeID = PublicKey(hex: nodeHex) else {
      return .failure(Problem(message: "no valid options.node_id"))
    }
    guard let now = options["now"]?.unsignedValue else {
      return .failure(Problem(message: "no options.now"))
    }
    var network: Currency?
    if let name = options["network"]?.stringValue {
      guard let currency = Currency(name: name) else {
        return .failure(Problem(message: "unknown network \(name)"))
      }
      network = currency
    }
    var policy = ReceivePolicy(
      amount: Millisatoshis(amount), nodeID: nodeID, network: network,
      description: options["description"]?.stringValue)
    for name in ReceivePolicy.numericRuleNames {
      if let value = options[name]?.unsignedValue { _ = policy.set(name, to: value) }
    }
    return .success((policy, now))
  }
}
