public import Bolt11
public import Secp256k1

/// Which wallet a journal record belongs to: its network and its own node id.
///
/// A wallet-scope check that refuses to resume ids belonging to another node id.
public struct WalletScope: Hashable, Sendable {
  /// The chain the wallet runs on.
  public var network: Currency
  /// The wallet's own node id.
  public var nodeID: PublicKey

  /// The scope of the wallet on `network` with `nodeID`.
  public init(network: Currency, nodeID: PublicKey) {
    self.network = network
    self.nodeID = nodeID
  }
}
