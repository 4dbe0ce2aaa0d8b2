public import Bolt11

/// Which wallet a journal record belongs to: its network and its own node id.
///
/// A wallet-scope check that refuses to resume ids belonging to another node id.
public struct WalletScope: Hashable, Sendable {
  public var network: Currency
  public var nodeID: NodeID

  public init(network: Currency, nodeID: NodeID) {
    self.network = network
    self.nodeID = nodeID
  }
}
