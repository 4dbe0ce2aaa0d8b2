public import Bolt11

/// The one check every offline invoice passes through before it is shown, whatever provider
/// produced it.
///
/// It is a pure function of (invoice text, policy, now): no clock, no I/O. The first failing
/// check wins, in this order, so each rejected invoice has exactly one code:
///
///  1. Decoding (strict, signature checked, payee recovered or verified): the decoder's code.
///  2. Amount: `offline.amount_missing`, then `offline.amount_mismatch`.
///  3. Payee: `offline.payee_mismatch`.
///  4. Network: `offline.network_mismatch`.
///  5. Description (when the policy sets one): `offline.description_mismatch`.
///  6. Signed timestamp: `offline.future_timestamp`.
///  7. Lifetime: `offline.expired`, then `offline.lifetime_too_short`.
public enum OfflineInvoiceValidator {
  /// Checks `text` against `policy` at `now`.
  ///
  /// - Parameters:
  ///   - text: the BOLT #11 invoice, as the provider returned it.
  ///   - policy: the exact amount, our node id, the network and the lifetime rules.
  ///   - now: the caller's clock, Unix seconds.
  /// - Returns: `.success` with the invoice, its payment hash and `displayUntil`, or
  ///   `.failure` with the code of the first failing check.
  public static func validate(_ text: String, policy: ReceivePolicy, now: UInt64)
    -> Result<AcceptedInvoice, OfflineRejection>
  {
    let invoice: Invoice
    do {
      // The network and the clock are checked below, with offline codes, so the decoder gets
      // neither.
      invoice = try Invoice.decode(text, options: DecodeOptions(mode: .strict))
    } catch {
      return .failure(OfflineRejection(undecodable: error))
    }
    return validate(invoice, policy: policy, now: now)
  }

  /// Checks an already decoded invoice against `policy` at `now` (steps 2 to 7).
  public static func validate(_ invoice: Invoice, policy: ReceivePolicy, now: UInt64)
    -> Result<AcceptedInvoice, OfflineRejection>
  {
    // Route hints are how a payer reaches our node: a hop key off the curve makes the invoice
    // unpayable, so it is refused here (the decoder checks only the key's form by default).
    do {
      try invoice.checkRouteHintKeys()
    } catch {
      return .failure(OfflineRejection(undecodable: error))
    }
    // Contract: "its amount equals the expected amount exactly". Spec §4 W13: "an amountless
    // invoice is `offline.amount_missing` and any other amount is `offline.amount_mismatch`".
    guard let amount = invoice.amount else {
      return reject(.amountMissing, "the invoice has no amount; expected \(policy.amount)")
    }
    guard amount == policy.amount else {
      return reject(.amountMismatch, "the invoice asks \(amount); expected \(policy.amount)")
    }
    // Contract: "its payee is our node id (compared as 33 bytes)".
    guard invoice.payeeNodeID == policy.nodeID else {
      return reject(.payeeMismatch, "the invoice pays another node, not \(policy.nodeID)")
    }
    // Contract: "its currency matches".
    if let network = policy.network, invoice.currency != network {
      return reject(
        .networkMismatch,
        "the invoice is for \(invoice.currency.networkName), not \(network.networkName)")
    }
    // Spec §1.9: "the description is a *direct* description (not a hash) exactly equal to the
    // note".
    if let expected = policy.description, invoice.description.text != expected {
      return reject(.descriptionMismatch, "the description is not the requested one")
    }
    let paymentHash = invoice.paymentHash
    // Contract: "its `created_at` is not later than `now + clock skew`". A sum past 64 bits is
    // later than any timestamp, so it saturates.
    let latestCreation = now.addingSaturating(policy.clockSkewSeconds)
    guard invoice.createdAt <= latestCreation else {
      return reject(
        .futureTimestamp,
        "signed at \(invoice.createdAt), more than \(policy.clockSkewSeconds) s after \(now)")
    }
    // Contract: "An invoice is expired at `expires_at` itself."
    guard now < invoice.expiresAt else {
      return reject(.expired, "expired at \(invoice.expiresAt); now is \(now)")
    }
    // Contract: "at least `min-remaining` seconds remain before `expires_at - safety margin`".
    // A margin larger than the expiry leaves no time at all.
    let (showableUntil, marginExceedsExpiry) = invoice.expiresAt.subtractingReportingOverflow(
      policy.safetyMarginSeconds)
    let remaining: UInt64 =
      marginExceedsExpiry || showableUntil <= now ? 0 : showableUntil - now
    // Nothing is displayable with no time left, whatever the policy's minimum (a minimum of 0
    // must not let `display_until` fall at or before `now`, or wrap below zero).
    guard remaining > 0, remaining >= policy.minRemainingSeconds else {
      return reject(
        .lifetimeTooShort,
        "\(remaining) s left before the safety margin; at least \(policy.minRemainingSeconds) s needed"
      )
    }
    // Contract: "display_until": min(expires_at - safety margin, now + max display).
    let displayUntil = min(showableUntil, now.addingSaturating(policy.maxDisplaySeconds))
    return .success(
      AcceptedInvoice(invoice: invoice, paymentHash: paymentHash, displayUntil: displayUntil))
  }

  private static func reject(_ code: OfflineRejection.Code, _ message: String) -> Result<
    AcceptedInvoice, OfflineRejection
  > {
    .failure(OfflineRejection(code, message))
  }
}

extension UInt64 {
  /// `self + other`, or `UInt64.max` when the sum does not fit.
  package func addingSaturating(_ other: UInt64) -> UInt64 {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? .max : sum
  }
}
