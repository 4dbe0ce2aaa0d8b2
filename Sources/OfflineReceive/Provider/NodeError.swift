/// The node's offline-receive errors, including those the original app did not model (§4 W7).
public enum NodeError: Error, Hashable, Sendable {
  /// N1: offline receive was not configured when the node was built.
  case disabled
  /// N3/N4/N6: not recovered yet, capacity of 64 live requests, or a miscellaneous fault.
  case unavailable
  /// N4: no eligible settlement channel for a new request.
  case ineligible
  /// N5/N7: the id is not in the node's in-memory table.
  case requestNotFound
  /// N4: the same id with different arguments.
  case requestConflict
  /// N2: the node is not running.
  case notRunning
  /// N4: a storage fault.
  case persistenceFailed
  /// N4: an invalid intent.
  case invalidAmount
  /// The call may or may not have reached the node: its answer was lost on the way back.
  case responseLost

  /// How the provider treats this error (spec §4 W7).
  public var disposition: Disposition {
    switch self {
    case .notRunning, .unavailable, .persistenceFailed, .responseLost: .retryable
    case .requestNotFound: .ambiguous
    case .disabled, .ineligible, .requestConflict, .invalidAmount: .terminal
    }
  }

  /// Spec §4 W7: "retryable, keeping the identity ...; terminal, forgetting the identity ...;
  /// ambiguous, keeping the identity and re-checking".
  public enum Disposition: Sendable, Hashable {
    case retryable
    case terminal
    case ambiguous
  }
}
