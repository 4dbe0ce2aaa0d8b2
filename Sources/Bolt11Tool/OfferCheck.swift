import Bolt11
import Bolt11JSON
import Bolt12
import Chains
import PaymentInput
import Secp256k1

/// `bolt11 check` of a BOLT #12 offer: the expectations that mean something for an offer, each
/// with its `check.*` code (`Bolt12Check` runs it and writes the verdict).
enum OfferCheck {
  /// The options an offer's check takes besides `--json`; any other is a usage error.
  static let offerOptions: Set<String> = [
    "--network", "--amount-msat", "--allow-amountless", "--max-amount-msat", "--description",
    "--payee", "--now",
  ]

  /// Every violation, in the check's order: amount, largest amount, payee, network,
  /// description, clock.
  static func check(_ offer: Offer, _ options: ParsedOptions, now: UInt64) throws(UsageError)
    -> [Bolt12Check.Violation]
  {
    var violations: [Bolt12Check.Violation] = []
    func add(_ code: String, _ message: String, _ expected: JSON, _ found: JSON) {
      violations.append(
        Bolt12Check.Violation(code: code, message: message, expected: expected, found: found))
    }
    let found: JSON = offer.amountMsat.map(JSON.unsigned) ?? .null
    if let amount = try options.unsigned("--amount-msat") {
      if offer.amount == nil {
        if !options.flags.contains("--allow-amountless") {
          add("check.amount_missing", "the offer names no amount", .unsigned(amount), .null)
        }
      } else if let currency = offer.currency {
        add(
          "check.amount_in_currency",
          "the offer's amount is in \(currency), not in millisatoshis", .unsigned(amount),
          .string(offer.amountText ?? currency))
      } else if offer.amountMsat != amount {
        add("check.amount_mismatch", "the offer asks another amount", .unsigned(amount), found)
      }
    } else if options.flags.contains("--allow-amountless") {
      throw UsageError(message: "--allow-amountless goes with --amount-msat", command: "check")
    }
    if let maximum = try options.unsigned("--max-amount-msat"), let msat = offer.amountMsat,
      msat > maximum
    {
      add("check.amount_too_large", "the offer asks more than allowed", .unsigned(maximum), found)
    }
    let payees = options.repeated["--payee", default: []]
    if !payees.isEmpty {
      let keys = payees.compactMap(PublicKey.init(hex:))
      guard keys.count == payees.count else {
        throw UsageError(
          message: "--payee takes 66 hex digits of a compressed key (02... or 03...)",
          command: "check")
      }
      let expected = JSON.array(keys.map { .string($0.description) })
      if let issuerID = offer.issuerID {
        if !keys.contains(issuerID) {
          add(
            "check.payee_mismatch", "the offer's issuer id is none of the expected payees",
            expected, .string(issuerID.description))
        }
      } else {
        add(
          "check.payee_mismatch",
          "the offer has no issuer id, only blinded paths, whose ids name no node", expected,
          .null)
      }
    }
    if let name = options.values["--network"] {
      let currency = try Bolt11Tool.network(named: name, command: "check")
      let accepted = Chain.withBOLT11Prefix(currency.rawValue)
      let networks = offer.networks
      if !networks.contains(where: { chain in chain.map(accepted.contains) ?? false }) {
        add(
          "check.network_mismatch", "the offer is for none of the chains of \(name)",
          .string(name), .array(networks.map { $0.map { .string($0.name) } ?? .null }))
      }
    }
    if let description = options.values["--description"], offer.description != description {
      add(
        "check.description_mismatch", "the offer's description is not the expected text",
        .string(description), offer.description.map(JSON.string) ?? .null)
    }
    if let expiry = offer.absoluteExpiry, now >= expiry {
      add(
        "check.expired", "the offer expired at \(UnixTime.text(expiry))", .unsigned(now),
        .unsigned(expiry))
    }
    return violations
  }
}
