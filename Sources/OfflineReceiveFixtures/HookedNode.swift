import Bolt11
import OfflineReceive
import Secp256k1

/// A node client that forwards to another and runs a hook once, inside the next `prepare`,
/// before the inner node answers: what another process does while this one waits for the node.
package actor HookedNode: NodeOfflineReceiveClient {
  private let inner: any NodeOfflineReceiveClient
  private var beforePrepare: (@Sendable () async -> Void)?

  package init(_ inner: any NodeOfflineReceiveClient) { self.inner = inner }

  /// Runs `hook` inside the next `prepare` call, before the inner node is asked.
  package func onNextPrepare(_ hook: @escaping @Sendable () async -> Void) {
    beforePrepare = hook
  }

  package func ownNodeID() async throws(NodeError) -> PublicKey { try await inner.ownNodeID() }
  package func canReceive(amount: Millisatoshis) async throws(NodeError) -> Bool {
    try await inner.canReceive(amount: amount)
  }
  package func prepare(requestID: String, amount: Millisatoshis, description: String)
    async throws(NodeError) -> NodeRequestStatus
  {
    if let hook = beforePrepare {
      beforePrepare = nil
      await hook()
    }
    return try await inner.prepare(requestID: requestID, amount: amount, description: description)
  }
  package func status(requestID: String) async throws(NodeError) -> NodeRequestStatus {
    try await inner.status(requestID: requestID)
  }
  package func cancel(requestID: String) async throws(NodeError) {
    try await inner.cancel(requestID: requestID)
  }
}
