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
  /// The node's clock: the lifecycle scenarios give the wallet this time (or a skewed one).
  var clock: any WallClock { get }
  /// How the wallet waits between status calls; `TaskSleeper` unless the harness drives time.
  var sleeper: any Sleeper { get }
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
}

extension NodeConformanceHarness {
  /// Real sleeps, for a harness over a real node.
  public var sleeper: any Sleeper { TaskSleeper() }
}

extension SimulatedNode: NodeConformanceHarness {
  public nonisolated var client: any NodeOfflineReceiveClient { self }
  /// The node's clock when it is a `Sleeper` (a `ManualClock` moves on each sleep).
  public nonisolated var sleeper: any Sleeper { clock as? any Sleeper ?? TaskSleeper() }
  public func restartProcess() { restart() }
  public func runRecovery() { recover() }
  public func stopNode() { stop() }
  public func settleRequest(_ requestID: String) { settle(requestID: requestID) }
  public func expireRequest(_ requestID: String) { expire(requestID: requestID) }
}
