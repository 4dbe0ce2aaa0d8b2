public import Chains

/// The chain an invoice is payable on, from its BIP-173 currency prefix.
///
/// `unknown` holds a prefix other than the four Bitcoin ones (`lnsb`, lnd's simnet, is `sb`). Only
/// compat-mode decoding produces it, and only for a prefix of lower-case letters; the builder
/// refuses it. `allCases`, `init(rawValue:)` and `init(name:)` cover the four Bitcoin chains only.
public enum Currency: RawRepresentable, CaseIterable, Sendable, Hashable {
  /// Bitcoin mainnet: `lnbc`.
  case bitcoin
  /// Bitcoin testnet: `lntb`.
  case testnet
  /// Bitcoin signet: `lntbs`.
  case signet
  /// Bitcoin regtest, for local test networks: `lnbcrt`.
  case regtest
  /// A currency prefix none of the above, as written (lower case, without `ln`). Decoding never
  /// gives it one of the four Bitcoin prefixes, so compare those with their own cases.
  case unknown(prefix: String)

  /// The four Bitcoin chains.
  public static let allCases: [Currency] = [.bitcoin, .testnet, .signet, .regtest]

  /// The Bitcoin chain whose prefix is `rawValue` (`bc`, `tb`, `tbs`, `bcrt`).
  public init?(rawValue: String) {
    guard let currency = Currency.allCases.first(where: { $0.prefix == rawValue }) else {
      return nil
    }
    self = currency
  }

  /// The prefix as written after `ln`.
  public var rawValue: String { prefix }

  /// The chain's row in the chain table whose name this currency carries: bitcoin, testnet,
  /// signet or regtest; nil for an unknown prefix.
  public var chain: Chain? {
    switch self {
    case .bitcoin: .bitcoin
    case .testnet: .testnet
    case .signet: .signet
    case .regtest: .regtest
    case .unknown: nil
    }
  }

  /// Every chain whose invoices carry this prefix: `tb` is testnet's and testnet4's; an unknown
  /// prefix names none.
  public var chains: [Chain] {
    guard case .unknown = self else { return Chain.withBOLT11Prefix(prefix) }
    return []
  }

  /// The prefix as written after `ln`: `bc`, `tb`, `tbs`, `bcrt`, or an unknown one as written.
  public var prefix: String {
    if case .unknown(let prefix) = self { return prefix }
    return chain?.bolt11Prefix ?? ""
  }

  /// The network's name: `bitcoin`, `testnet`, `signet`, `regtest`; for an unknown prefix its
  /// name where known (`simnet` for `sb`), else the prefix itself.
  public var networkName: String { knownNetworkName ?? prefix }

  /// The network's name, or nil for an unknown prefix whose network is not known either.
  public var knownNetworkName: String? {
    if let chain { return chain.name }
    // btcd's simulation network, whose invoices lnd writes as `lnsb`: no chain of the table.
    return prefix == "sb" ? "simnet" : nil
  }

  /// Whether this is one of the four Bitcoin chains, which strict decoding requires.
  public var isKnown: Bool {
    if case .unknown = self { false } else { true }
  }

  /// The human-readable part of this chain's segwit addresses (signet shares testnet's `tb`); for
  /// an unknown prefix the prefix itself, since BOLT #11 takes it from BIP-173.
  public var segwitHRP: String { chain?.segwitHRP ?? prefix }

  /// Base58Check version byte of pay-to-public-key-hash addresses; nil on an unknown chain.
  package var p2pkhVersion: UInt8? { chain?.p2pkhVersion }
  /// Base58Check version byte of pay-to-script-hash addresses; nil on an unknown chain.
  package var p2shVersion: UInt8? { chain?.p2shVersion }

  /// The Bitcoin chain whose prefix is exactly `bytes` (lower-case ASCII).
  ///
  /// The decoder's path: the prefix's bytes compared as one integer, not looked up in the chain
  /// table by a `String`; a test checks that it agrees with the table.
  init?(prefixBytes bytes: ArraySlice<UInt8>) {
    // The prefix's bytes as one big-endian integer: four ASCII letters at most.
    guard bytes.count <= 4 else { return nil }
    let packed = bytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    switch (bytes.count, packed) {
    case (2, 0x6263): self = .bitcoin  // bc
    case (2, 0x7462): self = .testnet  // tb
    case (3, 0x74_6273): self = .signet  // tbs
    case (4, 0x6263_7274): self = .regtest  // bcrt
    default: return nil
    }
  }

  /// The Bitcoin chain named by a prefix (`bc`) or by a network's name or alias in the chain
  /// table (`bitcoin`, `mainnet`, `testnet3`; `testnet4` names `tb`, the prefix it shares).
  public init?(name: String) {
    if let currency = Currency(rawValue: name) {
      self = currency
    } else if let chain = Chain.named(name), let currency = Currency(rawValue: chain.bolt11Prefix) {
      self = currency
    } else {
      return nil
    }
  }
}
