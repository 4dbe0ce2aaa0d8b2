/// The rules every request of a wallet shares: how long an offline invoice may be shown, and
/// how long its payer may be asked to lock the payment. `ReceivePolicy` adds the request's own
/// amount, payee and description.
///
/// Defaults follow `bolt11 validate`: `--max-display-seconds` 3600, `--min-remaining-seconds`
/// 60, `--clock-skew-seconds` 60, `--safety-margin-seconds` 0, `--max-cltv` 432.
public struct DisplayPolicy: Sendable, Equatable {
  /// The longest the invoice may be shown, counted from validation.
  public var maxDisplaySeconds: UInt64
  /// The least lifetime left (before the safety margin) for the invoice to be worth showing.
  public var minRemainingSeconds: UInt64
  /// How far in the future a signed timestamp may lie, for clocks that disagree.
  public var clockSkewSeconds: UInt64
  /// Seconds before the signed expiry at which the wallet stops showing the invoice.
  public var safetyMarginSeconds: UInt64
  /// The largest `min_final_cltv_expiry_delta` shown, in blocks; above it the invoice is
  /// refused with `offline.cltv_too_large`, since payers would refuse to pay it
  /// (``ReceivePolicy/defaultMaxFinalCLTVExpiryDelta`` by default).
  public var maxFinalCLTVExpiryDelta: UInt64

  /// Shared rules; every value has the command line's default.
  public init(
    maxDisplaySeconds: UInt64 = 3600, minRemainingSeconds: UInt64 = 60,
    clockSkewSeconds: UInt64 = 60, safetyMarginSeconds: UInt64 = 0,
    maxFinalCLTVExpiryDelta: UInt64 = ReceivePolicy.defaultMaxFinalCLTVExpiryDelta
  ) {
    self.maxDisplaySeconds = maxDisplaySeconds
    self.minRemainingSeconds = minRemainingSeconds
    self.clockSkewSeconds = clockSkewSeconds
    self.safetyMarginSeconds = safetyMarginSeconds
    self.maxFinalCLTVExpiryDelta = maxFinalCLTVExpiryDelta
  }
}
