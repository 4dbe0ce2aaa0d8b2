/// The node's offline-receive API, as the provider reaches it (spec §1.6, §2.N).
///
/// Adapters wrap a real node; `SimulatedNode` implements the same contract for tests and for the
/// conformance suite adapter authors can run against their own client.
public protocol NodeOfflineReceiveClient: Sendable {
  /// The node's own id (the payee of its invoices).
  func ownNodeID() async throws(NodeError) -> NodeID
  /// N3: whether a new request for `amountMsat` would be eligible now. Reserves nothing.
  func canReceive(amountMsat: UInt64) async throws(NodeError) -> Bool
  /// N4: starts (or, for the same id and arguments, returns) a request.
  func prepare(requestID: String, amountMsat: UInt64, description: String) async throws(NodeError)
    -> NodeRequestStatus
  /// N5: the current status of a request.
  func status(requestID: String) async throws(NodeError) -> NodeRequestStatus
  /// N7: cancels a request.
  func cancel(requestID: String) async throws(NodeError)
}
