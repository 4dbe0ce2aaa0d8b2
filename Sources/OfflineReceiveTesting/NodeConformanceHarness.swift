public import Bolt11
public import OfflineReceive

/// A node client plus the levers the conformance suite needs to drive it.
///
/// Adapter authors implement this over their own client and a test node (regtest or a fake
/// channel peer), then run `NodeConformance.run(_:factory:)` for each scenario.
public protocol NodeConformanceHarness: Sendable {
  /// The client under test.
  var client: any NodeOfflineReceiveClient { get }
  /// The chain the node's invoices are for.
  var network: Currency { get }
  /// The node's clock: the lifecycle scenarios give the wallet this time (or a skewed one), and
  /// wait between status calls with its `sleep`. `SystemClock` for a real node.
  var clock: any WallClock { get }
  /// A process restart: in-memory state lost, start-up recovery not yet run.
  func restartProcess() async
  /// Start-up recovery: every durable request back in the node's table.
  func runRecovery() async
  /// Stops the node.
  func stopNode() async
  /// The payer pays and the epoch closes.
  func settleRequest(_ requestID: String) async
  /// The request reaches its deadline after activation.
  func expireRequest(_ requestID: String) async
  /// Connects or disconnects the settlement peer.
  func setPeerConnected(_ connected: Bool) async
  /// Makes the node do the next `prepare` but lose its answer on the way back (a connection
  /// dropped after the call was sent), so the client sees no answer.
  ///
  /// - Returns: whether the harness can; the default cannot, and the `lost-answer` scenario
  ///   then fails, asking for it.
  func loseNextPrepareAnswer() async -> Bool
  /// The epoch closes without the payer's voucher fulfilled: the request settles unpaid.
  ///
  /// - Returns: whether the harness can; the default cannot, and the `unpaid-settlement`
  ///   scenario then fails, asking for it.
  func settleRequestUnpaid(_ requestID: String) async -> Bool
}

extension NodeConformanceHarness {
  /// A harness that cannot lose an answer: the `lost-answer` scenario fails, asking for it.
  public func loseNextPrepareAnswer() async -> Bool { false }
  /// A harness that cannot settle unpaid: the `unpaid-settlement` scenario fails, asking for
  /// it.
  public func settleRequestUnpaid(_ requestID: String) async -> Bool { false }
}

extension SimulatedNode: NodeConformanceHarness {
  public nonisolated var client: any NodeOfflineReceiveClient { self }
  public func restartProcess() { restart() }
  public func runRecovery() { recover() }
  public func stopNode() { stop() }
  public func settleRequest(_ requestID: String) { settle(requestID: requestID) }
  public func expireRequest(_ requestID: String) { expire(requestID: requestID) }
  public func loseNextPrepareAnswer() async -> Bool {
    loseResponses(.prepare)
    return true
  }
  public func settleRequestUnpaid(_ requestID: String) async -> Bool {
    settle(requestID: requestID, fulfilled: false) != nil
  }
}
