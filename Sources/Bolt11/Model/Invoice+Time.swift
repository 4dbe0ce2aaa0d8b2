// `Duration` comes with macOS 13, iOS 16, tvOS 16 and watchOS 9: the members that take or give one
// say so, so that the rest of the module still builds for the package's older platforms.
extension Invoice {
  /// How long the invoice is valid after ``InvoiceFields/createdAt``: the `x` field, or one hour.
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  public var expiry: Duration { .seconds(fields.expirySeconds) }

  /// Whether the invoice has expired at `now` (Unix seconds): at ``InvoiceFields/expiresAt``
  /// itself and after it (``ExpiryRule``).
  public func isExpired(at now: UInt64) -> Bool { fields.isExpired(at: now) }

  /// How long the invoice stays valid after `now` (Unix seconds); zero once it has expired.
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  public func timeLeft(at now: UInt64) -> Duration {
    .seconds(ExpiryRule.secondsLeft(expiresAt: fields.expiresAt, at: now))
  }

  /// Whether the invoice will have expired `duration` after `now` (Unix seconds): whether it
  /// is expired at `now` plus the duration's whole seconds (a fraction of a second cannot reach
  /// the next whole second of `expiresAt`; a negative duration counts as zero; a sum past 64
  /// bits as the end of time).
  ///
  /// A payer asks this before starting a payment that takes `duration` to complete.
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  public func wouldExpire(within duration: Duration, at now: UInt64) -> Bool {
    let seconds = UInt64(max(duration.components.seconds, 0))
    let (later, overflow) = now.addingReportingOverflow(seconds)
    return isExpired(at: overflow ? .max : later)
  }
}

extension InvoiceFields {
  /// Whether the invoice has expired at `now` (Unix seconds): at ``expiresAt`` itself and after
  /// it (``ExpiryRule``). For fields read without their signature checked too.
  public func isExpired(at now: UInt64) -> Bool {
    ExpiryRule.isExpired(expiresAt: expiresAt, at: now)
  }
}
