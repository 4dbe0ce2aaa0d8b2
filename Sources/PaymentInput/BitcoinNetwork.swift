public import Bolt11
public import Chains

/// The chain an on-chain address is for, as its form says: an address does not tell testnet
/// from signet (both use `tb` and the same Base58 versions).
public enum BitcoinNetwork: String, CaseIterable, Sendable {
  /// Mainnet: `bc1...`, `1...`, `3...`.
  case bitcoin
  /// Testnet and signet: `tb1...`, `m...`, `n...`, `2...`.
  case testnet
  /// Regtest: `bcrt1...` (its Base58 addresses look like testnet's).
  case regtest

  /// The chains whose addresses have this form, from the chain table: `testnet` is testnet's,
  /// testnet4's and signet's (they share `tb` and the Base58 versions).
  public var chains: [Chain] { Chain.withSegwitHRP(segwitHRP) }

  /// The human-readable part of this network's segwit addresses: `bc`, `tb` or `bcrt`.
  public var segwitHRP: String {
    switch self {
    case .bitcoin: Chain.bitcoin.segwitHRP
    case .testnet: Chain.testnet.segwitHRP
    case .regtest: Chain.regtest.segwitHRP
    }
  }

  /// The network whose segwit addresses carry `hrp`, or nil for a human-readable part no chain
  /// of the table uses.
  init?(segwitHRP hrp: String) {
    guard let network = BitcoinNetwork.allCases.first(where: { $0.segwitHRP == hrp }) else {
      return nil
    }
    self = network
  }

  /// Whether an invoice for `currency` pays on this chain: a `tb` address matches a `tb` or a
  /// `tbs` invoice; an unknown currency matches none.
  public func matches(_ currency: Currency) -> Bool {
    currency.chains.contains { chains.contains($0) }
  }
}
