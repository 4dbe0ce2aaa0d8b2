import Bolt11
import Foundation
import OfflineReceive
import OfflineReceiveFixtures
import TestSupport
import Testing

/// Makes `Vectors/offline-validation.json` with the builder. Expected values are computed here
/// from the contract's rules and the inputs, not copied from the validator's output.
///
/// Regenerate with `OFFLINE_VECTORS_WRITE=1 swift test --filter OfflineVectorGenerator`.
@Suite struct OfflineVectorGenerator {
  struct Case {
    var name: String
    var invoice: Invoice
    var options: [(String, String)] = []
    /// nil: expected valid with `display_until`; else the expected code.
    var error: String?
    var displayUntil: UInt64?
    /// The ids of `Vectors/requirements.json` the case exercises.
    var rules: [String] = []
  }

  /// The offline check's rules, one id each in `Vectors/requirements.json` (kind `contract`),
  /// from the contract's "Offline-receive check".
  enum Rule {
    static let decodes = "contract.offline.decodes"
    static let amountExact = "contract.offline.amount-exact"
    static let payee = "contract.offline.payee"
    static let network = "contract.offline.network"
    static let description = "contract.offline.description"
    static let futureTimestamp = "contract.offline.future-timestamp"
    static let expired = "contract.offline.expired"
    static let minRemaining = "contract.offline.min-remaining"
    static let displayUntil = "contract.offline.display-until"
    static let checkOrder = "contract.offline.check-order"
    static let finalCLTV = "contract.offline.final-cltv"

    /// The rule whose breach gives `code`.
    static func broken(by code: String) -> String {
      switch code {
      case "offline.amount_missing", "offline.amount_mismatch": amountExact
      case "offline.payee_mismatch": payee
      case "offline.network_mismatch": network
      case "offline.description_mismatch": description
      case "offline.future_timestamp": futureTimestamp
      case "offline.expired": expired
      case "offline.lifetime_too_short": minRemaining
      case "offline.cltv_too_large": finalCLTV
      default: decodes  // the decoder's own codes
      }
    }
  }

  static let now = TestInvoices.now

  static func cases() -> [Case] {
    let now = Self.now
    // Positional, as the vectors' table reads best: amount, description, chain, creation time,
    // expiry, hash byte, key.
    let make = {
      TestInvoices.make(
        amountMsat: $0, description: $1, currency: $2, createdAt: $3, expirySeconds: $4,
        hashByte: $5, key: $6)
    }
    var cases: [Case] = []
    // A valid case exercises `display_until` and the rules at whose edge it stands.
    func valid(
      _ name: String, _ invoice: Invoice, _ options: [(String, String)] = [],
      displayUntil: UInt64, rules: [String] = []
    ) {
      cases.append(
        Case(
          name: name, invoice: invoice, options: options, displayUntil: displayUntil,
          rules: rules + [Rule.displayUntil]))
    }
    // An invalid case exercises the rule its code says is broken; one that breaks two rules,
    // also the order of the checks.
    func invalid(
      _ name: String, _ invoice: Invoice, _ options: [(String, String)] = [],
      _ error: String, alsoBreaks other: String? = nil
    ) {
      let rules = [Rule.broken(by: error)] + (other.map { [$0, Rule.checkOrder] } ?? [])
      cases.append(
        Case(name: name, invoice: invoice, options: options, error: error, rules: rules))
    }
    let base = make(1_000_000, .text("Coffee"), .regtest, now, 3600, 0x11, TestKeys.ours)
    valid(
      "exact amount, defaults", base, displayUntil: now + 3600,
      rules: [Rule.amountExact, Rule.payee])
    valid(
      "exact amount, network given", base, [("network", "\"bcrt\"")], displayUntil: now + 3600,
      rules: [Rule.network])
    invalid(
      "amountless", make(nil, .text("Coffee"), .regtest, now, 3600, 0x11, TestKeys.ours), [],
      "offline.amount_missing")
    invalid(
      "one msat under", make(999_999, .text("Coffee"), .regtest, now, 3600, 0x11, TestKeys.ours),
      [], "offline.amount_mismatch")
    invalid(
      "one msat over", make(1_000_001, .text("Coffee"), .regtest, now, 3600, 0x11, TestKeys.ours),
      [], "offline.amount_mismatch")
    invalid(
      "a thousand times the amount (sat/msat confusion)",
      make(1_000_000_000, .text("Coffee"), .regtest, now, 3600, 0x11, TestKeys.ours), [],
      "offline.amount_mismatch")
    invalid(
      "other payee", make(1_000_000, .text("Coffee"), .regtest, now, 3600, 0x11, TestKeys.other),
      [], "offline.payee_mismatch")
    for (currency, network) in [
      (Currency.bitcoin, "bcrt"), (.testnet, "bcrt"), (.signet, "tb"),
      (.regtest, "bc"),
    ] {
      invalid(
        "network \(currency.prefix) against \(network)",
        make(1_000_000, .text("Coffee"), currency, now, 3600, 0x11, TestKeys.ours),
        [("network", "\"\(network)\"")], "offline.network_mismatch")
    }
    valid(
      "signet invoice on signet",
      make(
        1_000_000, .text("Coffee"), .signet, now, 3600, 0x11,
        TestKeys.ours), [("network", "\"tbs\"")], displayUntil: now + 3600, rules: [Rule.network])
    valid(
      "description equal", base, [("description", "\"Coffee\"")], displayUntil: now + 3600,
      rules: [Rule.description])
    invalid(
      "description differs by case", base, [("description", "\"coffee\"")],
      "offline.description_mismatch")
    invalid(
      "description hashed",
      make(
        1_000_000, .hash(DescriptionHash(bytes: TestInvoices.hash(0x44).bytes)!), .regtest, now,
        3600,
        0x11, TestKeys.ours), [("description", "\"Coffee\"")], "offline.description_mismatch")
    valid(
      "hashed description without a description policy",
      make(
        1_000_000,
        .hash(DescriptionHash(bytes: TestInvoices.hash(0x44).bytes)!), .regtest, now, 3600, 0x11,
        TestKeys.ours),
      displayUntil: now + 3600, rules: [Rule.description])
    // Expiry boundaries, expires_at = now + 600; minimum remaining 0 isolates the expiry rule.
    let short = make(1_000_000, .text("Coffee"), .regtest, now, 600, 0x11, TestKeys.ours)
    let noMinimum = [("min_remaining_seconds", "0")]
    valid(
      "one second before expiry", short, noMinimum.with(now: now + 599), displayUntil: now + 600,
      rules: [Rule.expired])
    invalid("at expires_at", short, noMinimum.with(now: now + 600), "offline.expired")
    invalid("after expires_at", short, noMinimum.with(now: now + 601), "offline.expired")
    invalid("long expired", short, [].with(now: now + 100_000), "offline.expired")
    // Minimum remaining: default 60.
    valid(
      "exactly the minimum left", short, [].with(now: now + 540), displayUntil: now + 600,
      rules: [Rule.minRemaining])
    invalid(
      "one second under the minimum", short, [].with(now: now + 541),
      "offline.lifetime_too_short")
    valid(
      "minimum 300, exactly 300 left", short,
      [("min_remaining_seconds", "300")].with(now: now + 300), displayUntil: now + 600,
      rules: [Rule.minRemaining])
    invalid(
      "minimum 300, 299 left", short, [("min_remaining_seconds", "300")].with(now: now + 301),
      "offline.lifetime_too_short")
    invalid(
      "expiry shorter than the minimum",
      make(
        1_000_000, .text("Coffee"), .regtest, now, 59,
        0x11, TestKeys.ours), [], "offline.lifetime_too_short")
    valid(
      "expiry of exactly the minimum",
      make(
        1_000_000, .text("Coffee"), .regtest, now, 60, 0x11,
        TestKeys.ours), [], displayUntil: now + 60, rules: [Rule.minRemaining])
    // Future timestamps, default skew 60.
    valid(
      "created now + skew",
      make(
        1_000_000, .text("Coffee"), .regtest, now + 60, 3600, 0x11,
        TestKeys.ours), [], displayUntil: now + 3600, rules: [Rule.futureTimestamp])
    invalid(
      "created now + skew + 1",
      make(
        1_000_000, .text("Coffee"), .regtest, now + 61, 3600, 0x11,
        TestKeys.ours), [], "offline.future_timestamp")
    valid(
      "created 10 s ahead within skew 30",
      make(
        1_000_000, .text("Coffee"), .regtest, now + 10,
        3600, 0x11, TestKeys.ours), [("clock_skew_seconds", "30")], displayUntil: now + 3600,
      rules: [Rule.futureTimestamp])
    invalid(
      "created 31 s ahead beyond skew 30",
      make(
        1_000_000, .text("Coffee"), .regtest, now + 31,
        3600, 0x11, TestKeys.ours), [("clock_skew_seconds", "30")], "offline.future_timestamp")
    invalid(
      "created 1 s ahead with skew 0",
      make(
        1_000_000, .text("Coffee"), .regtest, now + 1, 3600,
        0x11, TestKeys.ours), [("clock_skew_seconds", "0")], "offline.future_timestamp")
    // Display: capped by policy or by signed expiry.
    let long = make(1_000_000, .text("Coffee"), .regtest, now, 86_400, 0x11, TestKeys.ours)
    valid("display capped by policy (default 3600)", long, [], displayUntil: now + 3600)
    valid(
      "display capped by policy 600", long, [("max_display_seconds", "600")],
      displayUntil: now + 600)
    valid(
      "display capped by signed expiry", short, [("max_display_seconds", "7200")],
      displayUntil: now + 600)
    valid(
      "display cap equals signed expiry", short, [("max_display_seconds", "600")],
      displayUntil: now + 600)
    valid(
      "created earlier, cap by signed expiry",
      make(
        1_000_000, .text("Coffee"), .regtest,
        now - 3000, 3600, 0x11, TestKeys.ours), [], displayUntil: now + 600)
    valid(
      "no x field: default 3600 expiry",
      make(
        1_000_000, .text("Coffee"), .regtest, now, nil,
        0x11, TestKeys.ours), [("max_display_seconds", "86400")], displayUntil: now + 3600)
    // Safety margin.
    valid(
      "margin 120 caps display", short, [("safety_margin_seconds", "120")],
      displayUntil: now + 480)
    valid(
      "margin 120, exactly the minimum left", short,
      [("safety_margin_seconds", "120")].with(now: now + 420), displayUntil: now + 480,
      rules: [Rule.minRemaining])
    invalid(
      "margin 120, one second under", short,
      [("safety_margin_seconds", "120")].with(now: now + 421), "offline.lifetime_too_short")
    invalid(
      "margin larger than the lifetime", short, [("safety_margin_seconds", "700")],
      "offline.lifetime_too_short")
    valid(
      "margin with the policy cap smaller", long,
      [("safety_margin_seconds", "120"), ("max_display_seconds", "600")], displayUntil: now + 600)
    // Precedence: the first failing rule wins.
    invalid(
      "amount and payee both wrong: amount first",
      make(
        999_999, .text("Coffee"), .regtest, now,
        3600, 0x11, TestKeys.other), [], "offline.amount_mismatch", alsoBreaks: Rule.payee)
    invalid(
      "payee and network both wrong: payee first",
      make(
        1_000_000, .text("Coffee"), .bitcoin,
        now, 3600, 0x11, TestKeys.other), [("network", "\"bcrt\"")], "offline.payee_mismatch",
      alsoBreaks: Rule.network)
    invalid(
      "expired and future-dated both impossible; expired with big amount mismatch",
      make(2_000_000, .text("Coffee"), .regtest, now - 7200, 3600, 0x11, TestKeys.ours), [],
      "offline.amount_mismatch", alsoBreaks: Rule.expired)
    // The final CLTV: at most 432 blocks by default, checked after the lifetime.
    let cltv = { (delta: UInt64) in
      TestInvoices.make(expirySeconds: 600, minFinalCLTVExpiryDelta: delta)
    }
    valid(
      "final CLTV at the default bound", cltv(432), displayUntil: now + 600,
      rules: [Rule.finalCLTV])
    invalid("final CLTV one over the default bound", cltv(433), [], "offline.cltv_too_large")
    invalid("final CLTV of 100,000 blocks", cltv(100_000), [], "offline.cltv_too_large")
    valid(
      "final CLTV at a bound of 2016", cltv(2016), [("max_cltv", "2016")],
      displayUntil: now + 600, rules: [Rule.finalCLTV])
    invalid(
      "final CLTV one over a bound of 2016", cltv(2017), [("max_cltv", "2016")],
      "offline.cltv_too_large")
    invalid(
      "no c field (18) over a bound of 17", base, [("max_cltv", "17")],
      "offline.cltv_too_large")
    invalid(
      "final CLTV too large and lifetime too short: lifetime first", cltv(5000),
      [].with(now: now + 541), "offline.lifetime_too_short", alsoBreaks: Rule.finalCLTV)
    invalid(
      "final CLTV too large and expired: expired first", cltv(5000), [].with(now: now + 600),
      "offline.expired", alsoBreaks: Rule.finalCLTV)
    // Undecodable input keeps the decoder's code.
    cases.append(
      Case(
        name: "checksum broken", invoice: base, options: [("__mutate", "")],
        error: "bech32.checksum", rules: [Rule.decodes, "bolt11.reader.checksum"]))
    return cases
  }

  static func json() -> String {
    let node = TestKeys.ourNodeID.description
    var lines: [String] = []
    for item in cases() {
      var invoice = item.invoice.string
      if item.options.contains(where: { $0.0 == "__mutate" }) {
        var bytes = Array(invoice.utf8)
        bytes[bytes.count - 1] =
          bytes.last == UInt8(ascii: "q") ? UInt8(ascii: "p") : UInt8(ascii: "q")
        invoice = String(decoding: bytes, as: UTF8.self)
      }
      var options: [(String, String)] = [
        ("amount_msat", "1000000"), ("node_id", "\"\(node)\""),
        ("now", "\(now)"),
      ]
      for (key, value) in item.options where key != "__mutate" {
        if let index = options.firstIndex(where: { $0.0 == key }) {
          options[index].1 = value
        } else {
          options.append((key, value))
        }
      }
      let optionText = options.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ")
      let outcome =
        item.error.map { "\"valid\": false, \"error\": \"\($0)\"" }
        ?? "\"valid\": true, \"expect\": {\"ok\": true, \"display_until\": \(item.displayUntil!)}"
      let rules = item.rules.map { "\"\($0)\"" }.joined(separator: ", ")
      lines.append(
        "  {\"name\": \"\(item.name)\", \"kind\": \"offline\",\n   \"invoice\": \"\(invoice)\",\n   \"rules\": [\(rules)],\n   \"options\": {\(optionText)},\n   \(outcome)}"
      )
    }
    return """
      {"version": 1,
       "description": "Offline-receive checks (bolt11 validate): amounts, payee, network, description, expiry, lifetime, skew, display cap, safety margin, final CLTV. Keys are test constants (0x01 and 0x02 repeated), never real.",
       "source": "generated by Tests/OfflineReceiveTests/OfflineVectorGenerator.swift with InvoiceBuilder",
       "vectors": [
      \(lines.joined(separator: ",\n"))
      ]}

      """
  }

  static var vectorPath: String {
    get throws {
      try PackageFolder.vectors().appendingPathComponent("offline-validation.json").path
    }
  }

  @Test("the committed offline vectors are the generated ones (at least 40)")
  func committedFileMatches() throws {
    let generated = Self.json()
    #expect(Self.cases().count >= 40)
    if ProcessInfo.processInfo.environment["OFFLINE_VECTORS_WRITE"] == "1" {
      try generated.write(toFile: Self.vectorPath, atomically: true, encoding: .utf8)
    }
    let committed = try String(contentsOfFile: Self.vectorPath, encoding: .utf8)
    #expect(committed == generated)
  }

  @Test("every generated case gets the outcome the contract's rules predict")
  func validatorAgrees() {
    for item in Self.cases() where !item.options.contains(where: { $0.0 == "__mutate" }) {
      var policy = TestInvoices.policy()
      var now = Self.now
      for (key, value) in item.options {
        let number = UInt64(value)
        switch key {
        case "now": now = number!
        case "min_remaining_seconds": policy.minRemainingSeconds = number!
        case "max_display_seconds": policy.maxDisplaySeconds = number!
        case "clock_skew_seconds": policy.clockSkewSeconds = number!
        case "safety_margin_seconds": policy.safetyMarginSeconds = number!
        case "max_cltv": policy.maxFinalCLTVExpiryDelta = number!
        case "network": policy.network = Currency(name: String(value.dropFirst().dropLast()))
        case "description": policy.description = String(value.dropFirst().dropLast())
        default: Issue.record("unknown option \(key)")
        }
      }
      let verdict = OfflineInvoiceValidator.validate(item.invoice.string, policy: policy, now: now)
      #expect(verdict.rejection?.dottedCode == item.error, "\(item.name)")
      #expect(verdict.accepted?.displayUntil == item.displayUntil, "\(item.name)")
    }
  }
}

extension [(String, String)] {
  func with(now: UInt64) -> [(String, String)] { self + [("now", "\(now)")] }
}
