/// The public status of one offline-receive request on the node.
public enum NodeRequestStatus: Hashable, Sendable {
  case preparing
  case awaitingActivation
  case awaitingWitnesses
  case ready(bolt11: String)
  case expired
  case settled(fulfilled: Bool)
  case failed(reason: String)

  /// Whether the request can no longer become ready.
  public var isTerminal: Bool {
    switch self {
    case .expired, .settled, .failed: true
    case .preparing, .awaitingActivation, .awaitingWitnesses, .ready: false
    }
  }
}
