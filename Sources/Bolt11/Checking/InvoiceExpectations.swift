public import Secp256k1

/// What a payer expects of an invoice before money moves (or a receiver, before it shows one):
/// checked all at once by ``check(_:now:)``, which reports every violation.
///
/// Every expectation is optional and off by default, except two rules of the clock that always
/// apply: the invoice must not be expired, and must not have been created more than
/// ``maxFutureSeconds`` (600) after `now`. No check is skipped because the invoice lacks a field:
/// an expected description hash is violated by an invoice with a `d` field, an expected amount
/// by an amountless invoice (unless ``allowsAmountless``).
///
/// ```swift
/// var expected = InvoiceExpectations()
/// expected.amount = Millisatoshis(250_000_000)
/// expected.network = .bitcoin
/// expected.ownNodeIDs = [myNodeID]
/// let violations = expected.check(invoice, now: now)
/// guard violations.isEmpty else { return .refuse(violations) }
/// ```
///
/// The check never reads a clock: `now` is the caller's. Amounts are compared exactly, in
/// millisatoshis; texts byte for byte, as UTF-8.
public struct InvoiceExpectations: Sendable, Equatable {
  /// How an expected description may appear in the invoice.
  public enum Description: Sendable, Equatable {
    /// A `d` field equal to the text, or an `h` field equal to its SHA-256: a payer who was
    /// given the text (an LNURL-pay metadata string, an order's note).
    case text(String)
    /// A `d` field equal to the text; a hash does not do. A receiver that asked its node for a
    /// note wants that note shown, not a hash of it.
    case directText(String)
  }

  /// The exact amount; an invoice asking for any other amount violates it
  /// (`check.amount_mismatch`), and an amountless invoice too (`check.amount_missing`) unless
  /// ``allowsAmountless``.
  public var amount: Millisatoshis?
  /// Whether an amountless invoice satisfies ``amount`` (the payer then chooses the amount).
  public var allowsAmountless: Bool
  /// The most the invoice may ask (`check.amount_too_large` above it). An amountless invoice
  /// passes: require an amount with ``amount``.
  public var maxAmount: Millisatoshis?
  /// The nodes the invoice may pay; empty for any (`check.payee_mismatch`).
  public var payees: [PublicKey]
  /// Our own nodes, which the invoice must not pay (`check.self_payment`).
  public var ownNodeIDs: [PublicKey]
  /// The chain (`check.network_mismatch`).
  public var network: Currency?
  /// The description (`check.description_mismatch`).
  public var description: Description?
  /// The description hash: the invoice must have an `h` field equal to it
  /// (`check.description_hash_mismatch`).
  public var descriptionHash: DescriptionHash?
  /// The payment hash (`check.payment_hash_mismatch`).
  public var paymentHash: PaymentHash?
  /// How far after `now` the invoice may have been created, for clocks that disagree
  /// (`check.future_timestamp` when `created_at > now + maxFutureSeconds`). 600 by default.
  public var maxFutureSeconds: UInt64
  /// The least lifetime that must be left (`check.lifetime_too_short`); 0 by default.
  public var minRemainingSeconds: UInt64
  /// Seconds before the signed expiry that do not count as lifetime left: a receiver's safety
  /// margin. With a margin, `check.lifetime_too_short` also applies when no time at all is left
  /// before `expires_at - margin`. 0 by default.
  public var expiryMarginSeconds: UInt64
  /// The oldest the invoice may be (`check.too_old` when `now - created_at > maxAgeSeconds`).
  public var maxAgeSeconds: UInt64?
  /// The largest `min_final_cltv_expiry_delta` accepted, in blocks (`check.cltv_too_large`):
  /// how long the payee may hold the payment's last HTLC.
  public var maxFinalCLTVExpiryDelta: UInt64?
  /// The text an `h` field, when the invoice has one, must be the SHA-256 of; a `d` field keeps
  /// the rule whatever its text (``ExpectationRule/descriptionMismatch``). The reader's rule, as
  /// decoding with ``DecodeOptions/description`` applies it.
  package var hashedDescription: String?

  /// Expectations that check only the clock's two standing rules: not expired, not created more
  /// than 600 s after `now`. Set the others as needed.
  public init() {
    amount = nil
    allowsAmountless = false
    maxAmount = nil
    payees = []
    ownNodeIDs = []
    network = nil
    description = nil
    descriptionHash = nil
    paymentHash = nil
    maxFutureSeconds = 600
    minRemainingSeconds = 0
    expiryMarginSeconds = 0
    maxAgeSeconds = nil
    maxFinalCLTVExpiryDelta = nil
    hashedDescription = nil
  }

  /// Every way `invoice` differs from these expectations at `now`, in the order of
  /// ``ExpectationRule``'s cases; empty when it meets them all.
  ///
  /// - Parameters:
  ///   - invoice: a decoded invoice (its signature and reader rules already checked).
  ///   - now: the caller's clock, in Unix seconds.
  /// - Returns: the violations, each with its code, the expected and the found value.
  public func check(_ invoice: Invoice, now: UInt64) -> [InvoiceViolation] {
    ExpectationRule.allCases.compactMap {
      breach(of: $0, invoice.fields, payee: invoice.payeeNodeID, now: now)
    }
  }

  /// The first rule `invoice` breaks at `now`, in the order of ``ExpectationRule``'s cases, or
  /// nil when it keeps them all: ``check(_:now:)``'s first violation, without evaluating the
  /// rules after it.
  package func firstViolation(of invoice: Invoice, now: UInt64) -> InvoiceViolation? {
    for rule in ExpectationRule.allCases {
      if let found = breach(of: rule, invoice.fields, payee: invoice.payeeNodeID, now: now) {
        return found
      }
    }
    return nil
  }

  /// How an invoice with `fields`, paying `payee`, breaks `rule` at `now`; nil when it keeps the
  /// rule or the rule is not set. The one evaluation of every rule.
  ///
  /// - Parameter payee: the invoice's payee; nil (before its signature is checked) keeps both
  ///   payee rules.
  package func breach(
    of rule: ExpectationRule, _ fields: InvoiceFields, payee: PublicKey?, now: UInt64
  ) -> InvoiceViolation? {
    switch rule {
    case .amountMissing:
      guard let amount, fields.amount == nil, !allowsAmountless else { return nil }
      return InvoiceViolation(
        rule, expected: .integer(amount.rawValue), found: .absent,
        message: "the invoice has no amount; expected \(amount)")
    case .amountMismatch:
      guard let amount, let asked = fields.amount, asked != amount else { return nil }
      return InvoiceViolation(
        rule, expected: .integer(amount.rawValue), found: .integer(asked.rawValue),
        message: "the invoice asks \(asked); expected \(amount)")
    case .amountTooLarge:
      guard let maxAmount, let asked = fields.amount, asked > maxAmount else { return nil }
      return InvoiceViolation(
        rule, expected: .integer(maxAmount.rawValue), found: .integer(asked.rawValue),
        message: "the invoice asks \(asked); at most \(maxAmount) accepted")
    case .payeeMismatch:
      guard let payee, !payees.isEmpty, !payees.contains(payee) else { return nil }
      return InvoiceViolation(
        rule, expected: .list(payees.map(\.description)), found: .text(payee.description),
        message: "the invoice pays \(payee), none of the expected nodes")
    case .selfPayment:
      guard let payee, ownNodeIDs.contains(payee) else { return nil }
      return InvoiceViolation(
        rule, expected: .list(ownNodeIDs.map(\.description)), found: .text(payee.description),
        message: "the invoice pays our own node \(payee)")
    case .networkMismatch:
      guard let network, fields.currency != network else { return nil }
      return InvoiceViolation(
        rule, expected: .text(network.prefix), found: .text(fields.currency.prefix),
        message: "the invoice is for \(fields.currency.networkName), not \(network.networkName)")
    case .descriptionMismatch:
      return descriptionBreach(fields)
    case .descriptionHashMismatch:
      guard let descriptionHash, fields.descriptionHash != descriptionHash else { return nil }
      let given = fields.descriptionHash
      return InvoiceViolation(
        rule, expected: .text(descriptionHash.description),
        found: given.map { .text($0.description) } ?? .absent,
        message: given == nil
          ? "the invoice has a direct description, no description hash"
          : "the description hash is not the expected one")
    case .paymentHashMismatch:
      guard let paymentHash, fields.paymentHash != paymentHash else { return nil }
      return InvoiceViolation(
        rule, expected: .text(paymentHash.description),
        found: .text(fields.paymentHash.description),
        message: "the payment hash is \(fields.paymentHash), not \(paymentHash)")
    case .futureTimestamp:
      // A sum past 64 bits is later than any timestamp, so it saturates.
      let (sum, sumOverflows) = now.addingReportingOverflow(maxFutureSeconds)
      let latestCreation = sumOverflows ? UInt64.max : sum
      guard fields.createdAt > latestCreation else { return nil }
      return InvoiceViolation(
        rule, expected: .integer(latestCreation), found: .integer(fields.createdAt),
        message: "created at \(fields.createdAt), more than \(maxFutureSeconds) s after \(now)")
    case .expired:
      guard ExpiryRule.isExpired(expiresAt: fields.expiresAt, at: now) else { return nil }
      return InvoiceViolation(
        rule, expected: .integer(now), found: .integer(fields.expiresAt),
        message: "expired at \(fields.expiresAt); now is \(now)")
    case .lifetimeTooShort:
      // An expired invoice breaks `expired`, not this rule.
      guard !ExpiryRule.isExpired(expiresAt: fields.expiresAt, at: now) else { return nil }
      // What is left before the margin; a margin longer than the lifetime leaves nothing.
      let (showableUntil, marginExceedsExpiry) = fields.expiresAt.subtractingReportingOverflow(
        expiryMarginSeconds)
      let remaining = marginExceedsExpiry || showableUntil <= now ? 0 : showableUntil - now
      guard remaining == 0 || remaining < minRemainingSeconds else { return nil }
      return InvoiceViolation(
        rule, expected: .integer(minRemainingSeconds), found: .integer(remaining),
        message: expiryMarginSeconds == 0
          ? "\(remaining) s left; at least \(minRemainingSeconds) s needed"
          : "\(remaining) s left before the \(expiryMarginSeconds) s margin; at least "
            + "\(minRemainingSeconds) s needed")
    case .tooOld:
      guard let maxAgeSeconds, now > fields.createdAt, now - fields.createdAt > maxAgeSeconds
      else { return nil }
      return InvoiceViolation(
        rule, expected: .integer(maxAgeSeconds), found: .integer(now - fields.createdAt),
        message: "created \(now - fields.createdAt) s ago; at most \(maxAgeSeconds) s accepted")
    case .cltvTooLarge:
      guard let maxFinalCLTVExpiryDelta, fields.minFinalCLTVExpiryDelta > maxFinalCLTVExpiryDelta
      else { return nil }
      return InvoiceViolation(
        rule, expected: .integer(maxFinalCLTVExpiryDelta),
        found: .integer(fields.minFinalCLTVExpiryDelta),
        message: "the payee may hold the payment \(fields.minFinalCLTVExpiryDelta) blocks; "
          + "at most \(maxFinalCLTVExpiryDelta) accepted")
    }
  }

  private func descriptionBreach(_ fields: InvoiceFields) -> InvoiceViolation? {
    if let hashedDescription {
      // BOLT 11: "MUST check that the SHA2 256-bit hash in the `h` field exactly matches the
      // hashed description."
      guard let hash = fields.descriptionHash, hash != DescriptionHash(of: hashedDescription)
      else { return nil }
      return InvoiceViolation(
        .descriptionMismatch, expected: .text(hashedDescription), found: .text(hash.description),
        message: "the description hash is not the SHA-256 of the expected description")
    }
    guard let description else { return nil }
    let (text, hashAllowed) =
      switch description {
      case .text(let text): (text, true)
      case .directText(let text): (text, false)
      }
    switch fields.description {
    case .text(let given) where given.utf8.elementsEqual(text.utf8): return nil
    case .hash(let hash) where hashAllowed && hash == DescriptionHash(of: text): return nil
    case .text(let given):
      return InvoiceViolation(
        .descriptionMismatch, expected: .text(text), found: .text(given),
        message: "the description is not the expected one")
    case .hash(let hash):
      return InvoiceViolation(
        .descriptionMismatch, expected: .text(text), found: .text(hash.description),
        message: hashAllowed
          ? "the description hash is not the SHA-256 of the expected description"
          : "the invoice has a description hash, not the expected description")
    }
  }
}
