/// The public status of one offline-receive request on the node.
public enum NodeRequestStatus: Hashable, Sendable {
  /// The node is setting the request up (it may wait for the settlement peer).
  case preparing
  /// The offline arrangement is being activated.
  case awaitingActivation
  /// Waiting for the witnesses, or for the invoice to be released.
  case awaitingWitnesses
  /// The invoice is released and may be validated and shown.
  case ready(bolt11: String)
  /// The request reached its deadline unpaid.
  case expired
  /// The request settled; `fulfilled` tells whether it was paid.
  case settled(fulfilled: Bool)
  /// The request failed; a cancelled request reports `"cancelled"`.
  case failed(reason: String)

  /// Whether the request can no longer become ready.
  public var isTerminal: Bool {
    switch self {
    case .expired, .settled, .failed: true
    case .preparing, .awaitingActivation, .awaitingWitnesses, .ready: false
    }
  }
}
