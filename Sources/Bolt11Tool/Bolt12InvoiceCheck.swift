import Bech32Codec
import Bolt11
import Bolt11JSON
import Bolt12
import Chains
import Secp256k1

/// `bolt11 check` of a BOLT #12 invoice: the payer check's expectations that mean something for
/// one, in the payer check's order and with its codes: amount, largest amount, payee, own node,
/// network, description, payment hash, then the clock on `invoice_created_at` and
/// `invoice_expires_at`.
enum Bolt12InvoiceCheck {
  /// The options an invoice's check takes besides `--json`; any other is a usage error.
  static let invoiceOptions: Set<String> = [
    "--network", "--amount-msat", "--max-amount-msat", "--payee", "--own-node-id",
    "--description", "--payment-hash", "--now", "--min-remaining-seconds",
    "--max-future-seconds", "--max-age-seconds",
  ]

  /// The seconds an invoice may be created after `now` unless `--max-future-seconds` says
  /// otherwise: the payer check's default.
  static let defaultMaxFutureSeconds: UInt64 = 600

  /// Every violation of `invoice` at `now`, in the check's order.
  static func check(_ invoice: Bolt12Invoice, _ options: ParsedOptions, now: UInt64)
    throws(UsageError) -> [Bolt12Check.Violation]
  {
    var violations: [Bolt12Check.Violation] = []
    func add(_ code: InvoiceViolation.Code, _ message: String, _ expected: JSON, _ found: JSON) {
      violations.append(
        Bolt12Check.Violation(
          code: code.rawValue, message: message, expected: expected, found: found))
    }
    let amount = invoice.amountMsat
    if let expected = try options.unsigned("--amount-msat"), expected != amount {
      add(
        .amountMismatch, "the invoice asks \(amount) msat; expected \(expected) msat",
        .unsigned(expected), .unsigned(amount))
    }
    if let maximum = try options.unsigned("--max-amount-msat"), amount > maximum {
      add(
        .amountTooLarge, "the invoice asks \(amount) msat; at most \(maximum) msat accepted",
        .unsigned(maximum), .unsigned(amount))
    }
    let nodeID = invoice.nodeID
    let payees = try CheckCommand.keys(options, "--payee")
    if !payees.isEmpty, !payees.contains(nodeID) {
      add(
        .payeeMismatch, "the invoice's node id \(nodeID) is none of the expected payees",
        .array(payees.map { .string($0.description) }), .string(nodeID.description))
    }
    let ownNodes = try CheckCommand.keys(options, "--own-node-id")
    if ownNodes.contains(nodeID) {
      add(
        .selfPayment, "the invoice pays our own node \(nodeID)",
        .array(ownNodes.map { .string($0.description) }), .string(nodeID.description))
    }
    if let name = options.values["--network"] {
      let currency = try Bolt11Tool.network(named: name, command: "check")
      let chain = invoice.request.network
      if !(chain.map(Chain.withBOLT11Prefix(currency.rawValue).contains) ?? false) {
        add(
          .networkMismatch, "the invoice is for \(chain?.name ?? "an unknown chain"), not \(name)",
          .string(name), chain.map { .string($0.name) } ?? .null)
      }
    }
    if let description = options.values["--description"], invoice.offer.description != description {
      add(
        .descriptionMismatch, "the invoice's offer_description is not the expected text",
        .string(description), invoice.offer.description.map(JSON.string) ?? .null)
    }
    if let expected = try CheckCommand.hex(options, "--payment-hash", PaymentHash.init(hex:)),
      expected.bytes != invoice.paymentHash
    {
      add(
        .paymentHashMismatch, "the payment hash is not the expected one",
        .string(expected.description), .string(Hex.encode(invoice.paymentHash)))
    }
    // The clock: created too far ahead, expired (at invoice_expires_at itself), too little
    // lifetime left, too old.
    let createdAt = invoice.createdAt
    let expiresAt = invoice.expiresAt
    let maxFuture = try options.unsigned("--max-future-seconds") ?? defaultMaxFutureSeconds
    // A sum past 64 bits is later than any timestamp: it saturates.
    let latestCreation: UInt64 =
      now.addingReportingOverflow(maxFuture).overflow ? .max : now + maxFuture
    if createdAt > latestCreation {
      add(
        .futureTimestamp, "created at \(createdAt), more than \(maxFuture) s after \(now)",
        .unsigned(latestCreation), .unsigned(createdAt))
    }
    if ExpiryRule.isExpired(expiresAt: expiresAt, at: now) {
      add(
        .expired, "the invoice expired at \(UnixTime.text(expiresAt))", .unsigned(now),
        .unsigned(expiresAt))
    } else if let minimum = try options.unsigned("--min-remaining-seconds"),
      expiresAt - now < minimum
    {
      add(
        .lifetimeTooShort, "\(expiresAt - now) s left; at least \(minimum) s needed",
        .unsigned(minimum), .unsigned(expiresAt - now))
    }
    if let maxAge = try options.unsigned("--max-age-seconds"), now > createdAt,
      now - createdAt > maxAge
    {
      add(
        .tooOld, "created \(now - createdAt) s ago; at most \(maxAge) s accepted",
        .unsigned(maxAge), .unsigned(now - createdAt))
    }
    return violations
  }
}
