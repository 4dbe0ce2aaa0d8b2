/// When an invoice or an offer expires, in one place: at `created_at + expiry` (Unix seconds),
/// and it is expired at that second itself, not only after it.
///
/// The BOLT #11 decoder and payer's checks, `Invoice.isExpired(at:)` and the BOLT #12 offer
/// reader all ask this rule, so they never disagree about the second something expires.
public enum ExpiryRule {
  /// `createdAt + expirySeconds`, saturating at `UInt64.max` (a sum past 64 bits is later than
  /// any clock).
  ///
  /// A decoded invoice never needs the saturation: the reader refuses an expiry that takes the
  /// timestamp past 64 bits (`field.value_too_large`).
  public static func expiresAt(createdAt: UInt64, expirySeconds: UInt64) -> UInt64 {
    exactExpiresAt(createdAt: createdAt, expirySeconds: expirySeconds) ?? .max
  }

  /// `createdAt + expirySeconds`, or nil when the sum does not fit in 64 bits.
  public static func exactExpiresAt(createdAt: UInt64, expirySeconds: UInt64) -> UInt64? {
    let (sum, overflow) = createdAt.addingReportingOverflow(expirySeconds)
    return overflow ? nil : sum
  }

  /// Whether an invoice that expires at `expiresAt` has expired at `now`: `now >= expiresAt`.
  public static func isExpired(expiresAt: UInt64, at now: UInt64) -> Bool { now >= expiresAt }

  /// The whole seconds left at `now` before `expiresAt`; 0 once expired.
  public static func secondsLeft(expiresAt: UInt64, at now: UInt64) -> UInt64 {
    isExpired(expiresAt: expiresAt, at: now) ? 0 : expiresAt - now
  }
}
