/// The wallet's native payment history, read by the payment gate (spec §1.7).
public protocol PaymentHistorySource: Sendable {
  /// Every known payment, or nil when the history is unavailable.
  ///
  /// Spec §4 W10: "A history source that is "not yet synced" counts as unavailable (R2)": an
  /// adapter answers nil until its history is synced.
  func payments() async -> [PaymentRecord]?
}
