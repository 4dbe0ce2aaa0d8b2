/// One rule of what a caller expects of an invoice, named by the way an invoice breaks it.
///
/// The rules are the one owner of the caller's expectations: ``InvoiceExpectations`` sets them,
/// ``InvoiceExpectations/check(_:now:)`` reports their breaches as ``InvoiceViolation/Code``s,
/// decoding with ``DecodeOptions`` as ``InvoiceError/Code``s, and an offline receiver with its
/// own codes; each of them maps a rule to its code in one table. The cases are in the order a
/// check evaluates them.
public enum ExpectationRule: CaseIterable, Sendable {
  /// An amount was expected and the invoice asks for any amount.
  case amountMissing
  /// The invoice asks for another amount than the expected one, by any number of msat.
  case amountMismatch
  /// The invoice asks for more than the maximum.
  case amountTooLarge
  /// The invoice pays none of the expected nodes.
  case payeeMismatch
  /// The invoice pays one of our own nodes.
  case selfPayment
  /// The invoice is for another chain.
  case networkMismatch
  /// The invoice's description is not the expected text (nor, where a hash is allowed, its
  /// hash).
  case descriptionMismatch
  /// The invoice has no `h` field equal to the expected hash.
  case descriptionHashMismatch
  /// The invoice's payment hash is not the expected one.
  case paymentHashMismatch
  /// The invoice was created later than the clock allows.
  case futureTimestamp
  /// The invoice has expired: `now >= expires_at`.
  case expired
  /// Too little of the invoice's lifetime is left.
  case lifetimeTooShort
  /// The invoice was created longer ago than the maximum age.
  case tooOld
  /// The invoice's `min_final_cltv_expiry_delta` is above the maximum.
  case cltvTooLarge
}
