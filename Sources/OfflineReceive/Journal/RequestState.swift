/// Where one intent stands, as the journal remembers it.
public enum RequestState: Hashable, Sendable {
  /// Written before the node is asked (write-ahead); the node may never have seen it.
  case intent
  /// The node acknowledged the prepare call.
  case submitted
  /// The node released an invoice that passed validation; the record holds its payment hash.
  case ready
  /// Finished for the wallet, but the node request may still be live: its cancel is written
  /// before it is sent, and retried until the node confirms it.
  case cancelling(TerminalReason)
  /// Finished, and the node holds no live request for it: kept as a tombstone until pruned.
  case terminal(TerminalReason)

  /// Whether the node may still hold a live request for it.
  public var isLive: Bool {
    if case .terminal = self { false } else { true }
  }
}

/// Why an intent ended.
public enum TerminalReason: Hashable, Sendable {
  /// The node request expired unpaid.
  case expired
  /// The node request settled; `fulfilled` tells whether it was paid.
  case settled(fulfilled: Bool)
  /// The node request failed, with the node's reason.
  case failed(String)
  /// The wallet cancelled the intent.
  case cancelled
  /// The node refused a new request (ineligible, conflict after verification).
  case refused(String)
  /// The node's invoice failed the offline validator; the code says which check.
  case invalidInvoice(String)
}
