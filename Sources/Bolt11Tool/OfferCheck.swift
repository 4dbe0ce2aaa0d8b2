import Bolt11
import Bolt11JSON
import Bolt12
import Chains
import PaymentInput
import Secp256k1

/// `bolt11 check` of a BOLT #12 offer: the expectations that mean something for an offer, each
/// with its `check.*` code, every violation at once; the verdict holds the offer's object under
/// `bolt12`.
enum OfferCheck {
  /// The options an offer's check takes besides `--json`; any other is a usage error.
  static let offerOptions: Set<String> = [
    "--network", "--amount-msat", "--allow-amountless", "--max-amount-msat", "--description",
    "--payee", "--now",
  ]

  /// One violation: its code, message, and the expected and found values.
  struct Violation {
    var code: String
    var message: String
    var expected: JSON
    var found: JSON

    var json: JSON {
      .object([
        ("code", .string(code)), ("message", .string(message)), ("expected", expected),
        ("found", found),
      ])
    }
  }

  /// Checks the offer `text` against `options`; nil when `text` is no offer.
  static func run(
    _ text: String, _ options: ParsedOptions, _ environment: ToolEnvironment
  ) throws -> Bolt11Tool.ExitCode? {
    guard PaymentString.kind(of: text) == .bolt12Offer else { return nil }
    let given = options.flags.union(options.values.keys).union(options.repeated.keys)
    if let other = given.subtracting(offerOptions.union(["--json"])).sorted().first {
      throw UsageError(
        message: "\(other) does not apply to a BOLT #12 offer (it takes "
          + offerOptions.sorted().joined(separator: ", ") + ")", command: "check")
    }
    let json = options.flags.contains("--json")
    let string: PaymentString
    do { string = try PaymentString(parsing: text) } catch {
      return try CheckCommand.refuse(error, json: json, environment)
    }
    guard case .bolt12(let bolt12) = string, let result = bolt12.offer else { return nil }
    let offer: Offer
    switch result {
    case .success(let value): offer = value
    case .failure(let error):
      return try CheckCommand.refuse(
        PaymentStringError(bolt12Error: error, kind: .bolt12Offer), json: json, environment)
    }
    let now = try options.unsigned("--now") ?? environment.now()
    let violations = try check(offer, options, now: now)
    if json {
      let object = (try? JSON.parse(offer.json)) ?? .null
      let verdict = JSON.object([
        ("ok", .bool(violations.isEmpty)), ("violations", .array(violations.map(\.json))),
        ("warnings", .array(offer.warnings.map { .string($0.code.rawValue) })),
        ("bolt12", object),
      ])
      try environment.stdout.write(verdict.serialized + "\n")
    } else {
      var text =
        violations.isEmpty
        ? "ok: the offer meets every expectation\n"
        : "rejected: \(violations.count == 1 ? "1 violation" : "\(violations.count) violations")\n"
      for violation in violations {
        text += "  \(violation.code): \(SafeText.escape(violation.message))\n"
      }
      for warning in offer.warnings {
        text += "warning: \(warning.code.rawValue): \(SafeText.escape(warning.message))\n"
      }
      try environment.stdout.write(text)
    }
    guard let first = violations.first else { return .ok }
    let more = violations.count > 1 ? " (and \(violations.count - 1) more)" : ""
    try environment.stderr.write(
      Bolt11Tool.errorLine(code: first.code, message: first.message + more))
    return .invalid
  }

  /// Every violation, in the check's order: amount, largest amount, payee, network,
  /// description, clock.
  static func check(_ offer: Offer, _ options: ParsedOptions, now: UInt64) throws(UsageError)
    -> [Violation]
  {
    var violations: [Violation] = []
    func add(_ code: String, _ message: String, _ expected: JSON, _ found: JSON) {
      violations.append(Violation(code: code, message: message, expected: expected, found: found))
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
        "check.expired", "the offer expired at \(UTCTime.format(expiry))", .unsigned(now),
        .unsigned(expiry))
    }
    return violations
  }
}
