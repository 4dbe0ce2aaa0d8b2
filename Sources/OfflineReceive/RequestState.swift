/// Where one intent stands, as the journal remembers it (spec §3 A: "intent, submitted, ready
/// with payment hash and expiresAt, terminal with reason").
public enum RequestState: Hashable, Sendable {
  /// Written before the node is asked (write-ahead); the node may never have seen it.
  case intent
  /// The node acknowledged the prepare call.
  case submitted
  /// The node released an invoice that passed validation.
  case ready(paymentHash: PaymentHash, expiresAt: UInt64)
  /// Finished: kept as a tombstone until pruned.
  case terminal(TerminalReason)

  /// Whether the node may still hold a live request for it.
  public var isLive: Bool {
    if case .terminal = self { false } else { true }
  }
}

/// Why an intent ended.
public enum TerminalReason: Hashable, Sendable {
  case expired
  case settled(fulfilled: Bool)
  case failed(String)
  case cancelled
  /// The node refused a new request (ineligible, conflict after verification).
  case refused(String)
  /// The node's invoice failed the offline validator.
  case invalidInvoice(String)
}
