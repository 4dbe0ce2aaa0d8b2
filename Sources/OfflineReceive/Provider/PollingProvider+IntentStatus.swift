extension PollingProvider {
  /// The node's status of the intent's request; the journal answers for a finished one. Hand it
  /// to `ReceiveFlow` as its `providerStatus`, which it checks before display.
  ///
  /// - Throws: `NodeError` from the node (a not-found before the node's recovery is ambiguous),
  ///   or `offline.unavailable` for an intent the journal does not know.
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
