public import Bolt11

/// The one check every offline invoice passes through before it is shown, whatever provider
/// produced it.
///
/// It is a pure function of (invoice text, policy, now): no clock, no I/O. The first failing
/// check wins, in this order, so each rejected invoice has exactly one code:
///
///  1. Decoding (strict, signature checked, payee recovered or verified, route hint keys on
///     the curve): the decoder's code.
///  2. Amount: `offline.amount_missing`, then `offline.amount_mismatch`.
///  3. Payee: `offline.payee_mismatch`.
///  4. Network: `offline.network_mismatch`.
///  5. Description (when the policy sets one): `offline.description_mismatch`.
///  6. Signed timestamp: `offline.future_timestamp`.
///  7. Lifetime: `offline.expired`, then `offline.lifetime_too_short`.
///  8. Final CLTV: `offline.cltv_too_large` above the policy's bound (432 blocks by default,
///     ``ReceivePolicy/defaultMaxFinalCLTVExpiryDelta``).
///
/// Steps 2 to 8 are the payer's expectation rules (``/Bolt11/ExpectationRule``) as the receive
/// policy sets them (``ReceivePolicy/expectations``), in the rules' order; the first broken rule
/// gives its `offline.*` code (``OfflineRejection/Code/init(_:)``).
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

  /// Checks an already decoded invoice against `policy` at `now` (steps 2 to 8).
  public static func validate(_ invoice: Invoice, policy: ReceivePolicy, now: UInt64)
    -> Result<AcceptedInvoice, OfflineRejection>
  {
    // Route hints are how a payer reaches our node: a hop key off the curve makes the invoice
    // unpayable, so it is refused here (the decoder checks only the key's form by default).
    do {
      try invoice.checkRouteHintKeys()
    } catch {
      return .failure(OfflineRejection(undecodable: error, invoice: invoice))
    }
    // The rules as the policy sets them, in their order: the first broken one is the rejection.
    if let first = policy.expectations.firstViolation(of: invoice, now: now) {
      return .failure(OfflineRejection(first, invoice: invoice))
    }
    // The display lasts until the safety margin, and no longer than the policy's maximum (the
    // check above leaves at least a second before the margin).
    let showableUntil = invoice.expiresAt - min(policy.safetyMarginSeconds, invoice.expiresAt)
    let displayUntil = min(showableUntil, now.addingSaturating(policy.maxDisplaySeconds))
    return .success(
      AcceptedInvoice(
        invoice: invoice, paymentHash: invoice.paymentHash, displayUntil: displayUntil))
  }
}

extension UInt64 {
  /// `self + other`, or `UInt64.max` when the sum does not fit.
  package func addingSaturating(_ other: UInt64) -> UInt64 {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? .max : sum
  }
}
