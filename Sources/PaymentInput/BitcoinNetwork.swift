public import Bolt11

/// The chain an on-chain address is for, as its form says: an address does not tell testnet
/// from signet (both use `tb` and the same Base58 versions).
public enum BitcoinNetwork: String, CaseIterable, Sendable {
  /// Mainnet: `bc1...`, `1...`, `3...`.
  case bitcoin
  /// Testnet and signet: `tb1...`, `m...`, `n...`, `2...`.
  case testnet
  /// Regtest: `bcrt1...` (its Base58 addresses look like testnet's).
  case regtest

  /// Whether an invoice for `currency` pays on this chain: a `tb` address matches a `tb` or a
  /// `tbs` invoice; an unknown currency matches none.
  public func matches(_ currency: Currency) -> Bool {
    switch (self, currency) {
    case (.bitcoin, .bitcoin), (.testnet, .testnet), (.testnet, .signet), (.regtest, .regtest):
      true
    default: false
    }
  }
}
