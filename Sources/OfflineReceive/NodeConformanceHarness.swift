/// A node client plus the levers the conformance suite needs to drive it (spec §3 D).
///
/// Adapter authors implement this over their own client and a test node (regtest or a fake
/// channel peer), then run `NodeConformance.run(_:factory:)` for each scenario.
public protocol NodeConformanceHarness: Sendable {
  /// The client under test.
  var client: any NodeOfflineReceiveClient { get }
  /// A process restart: in-memory state lost, start-up recovery not yet run (N6).
  func restartProcess() async
  /// Start-up recovery (N6).
  func runRecovery() async
  /// Stops the node (N2).
  func stopNode() async
  /// The payer pays and the epoch closes (N10).
  func settleRequest(_ requestID: String) async
  /// The request reaches its deadline after activation (N8).
  func expireRequest(_ requestID: String) async
  /// Connects or disconnects the settlement peer (N9).
  func setPeerConnected(_ connected: Bool) async
}

extension SimulatedNode: NodeConformanceHarness {
  public nonisolated var client: any NodeOfflineReceiveClient { self }
  public func restartProcess() { restart() }
  public func runRecovery() { recover() }
  public func stopNode() { stop() }
  public func settleRequest(_ requestID: String) { settle(requestID: requestID) }
  public func expireRequest(_ requestID: String) { expire(requestID: requestID) }
}
