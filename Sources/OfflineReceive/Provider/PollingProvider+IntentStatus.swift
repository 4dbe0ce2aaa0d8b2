/// The polling provider as the payment gate's status source (spec §4 W10).
extension PollingProvider: IntentStatusSource {
  /// The node's status of the intent's request; a journal tombstone answers for a finished one.
  ///
  /// - Throws: `NodeError` from the node (not-found before recovery is ambiguous, W3), or
  ///   `offline.unavailable` for an intent the journal does not know.
  public func status(of intentID: IntentID) async throws -> NodeRequestStatus {
    guard let record = try await journal.record(intentID) else {
      throw OfflineReceiveError(.unavailable, "no intent \(intentID) in the journal")
    }
    switch record.state {
    case .terminal(.expired): return .expired
    case .terminal(.settled(let fulfilled)): return .settled(fulfilled: fulfilled)
    case .terminal(let reason), .cancelling(let reason): return .failed(reason: "\(reason)")
    case .intent, .submitted, .ready:
      return try await node.status(requestID: record.nodeRequestID)
    }
  }
}
