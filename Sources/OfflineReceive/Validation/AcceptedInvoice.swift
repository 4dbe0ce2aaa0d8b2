public import Bolt11

/// An invoice that passed every offline check, with how long it may be shown.
public struct AcceptedInvoice: Sendable, Equatable {
  /// The decoded, signature-checked invoice.
  public let invoice: Invoice
  /// Its payment hash, for matching payments as bytes.
  public let paymentHash: PaymentHash
  /// The first Unix second at which it must no longer be shown:
  /// `min(expires_at - safety margin, now + max display)`. Always `<= invoice.expiresAt`.
  public let displayUntil: UInt64

  /// The invoice text, lower-cased as the decoder keeps it.
  public var bolt11: String { invoice.string.lowercased() }
}
