public import Chains

/// What the caller knows when reading a BOLT #12 string: the clock and the network it pays on.
///
/// Both are optional; without them the string's expiry and chains are not judged.
public struct ReadOptions: Sendable, Hashable {
  /// The caller's clock, in seconds since 1970: an offer is refused (`bolt12.expired`) at or
  /// after its `offer_absolute_expiry`.
  public var now: UInt64?
  /// The chains the caller accepts: an offer none of whose chains (bitcoin when it names none)
  /// is among them is refused (`bolt12.network_mismatch`).
  public var networks: [Chain]?

  /// Options with the given clock and chains.
  public init(now: UInt64? = nil, networks: [Chain]? = nil) {
    self.now = now
    self.networks = networks
  }

  /// Options with the network given by name: a BOLT #11 prefix (`bc`; `tb` names testnet and
  /// testnet4; `tbs` signet; `bcrt` regtest) or a chain's name (`bitcoin`, `testnet4`, ...).
  /// Nil for a name neither knows.
  public init?(now: UInt64? = nil, network: String) {
    let byPrefix = Chain.withBOLT11Prefix(network)
    if !byPrefix.isEmpty {
      self.init(now: now, networks: byPrefix)
    } else if let chain = Chain.named(network) {
      self.init(now: now, networks: [chain])
    } else {
      return nil
    }
  }
}
