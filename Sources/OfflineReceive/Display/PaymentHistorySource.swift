/// The wallet's native payment history, read by the payment gate.
public protocol PaymentHistorySource: Sendable {
  /// Every known payment, or nil when the history is unavailable.
  ///
  /// A history source that is "not yet synced" counts as unavailable: an
  /// adapter answers nil until its history is synced.
  func payments() async -> [PaymentRecord]?
}
