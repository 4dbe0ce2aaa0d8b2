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

  /// The prefix as written after `ln`: `bc`, `tb`, `tbs`, `bcrt`, or an unknown one as written.
  public var prefix: String {
    switch self {
    case .bitcoin: "bc"
    case .testnet: "tb"
    case .signet: "tbs"
    case .regtest: "bcrt"
    case .unknown(let prefix): prefix
    }
  }

  /// The network's name: `bitcoin`, `testnet`, `signet`, `regtest`; for an unknown prefix its
  /// name where known (`simnet` for `sb`), else the prefix itself.
  public var networkName: String { knownNetworkName ?? prefix }

  /// The network's name, or nil for an unknown prefix whose network is not known either.
  public var knownNetworkName: String? {
    switch self {
    case .bitcoin: "bitcoin"
    case .testnet: "testnet"
    case .signet: "signet"
    case .regtest: "regtest"
    // btcd's simulation network, whose invoices lnd writes as `lnsb`.
    case .unknown(let prefix): prefix == "sb" ? "simnet" : nil
    }
  }

  /// Whether this is one of the four Bitcoin chains, which strict decoding requires.
  public var isKnown: Bool {
    if case .unknown = self { false } else { true }
  }

  /// The human-readable part of this chain's segwit addresses (signet shares testnet's `tb`); for
  /// an unknown prefix the prefix itself, since BOLT #11 takes it from BIP-173.
  public var segwitHRP: String {
    switch self {
    case .bitcoin: "bc"
    case .testnet, .signet: "tb"
    case .regtest: "bcrt"
    case .unknown(let prefix): prefix
    }
  }

  /// Base58Check version byte of pay-to-public-key-hash addresses; nil on an unknown chain.
  package var p2pkhVersion: UInt8? {
    switch self {
    case .bitcoin: 0x00
    case .testnet, .signet, .regtest: 0x6f
    case .unknown: nil
    }
  }
  /// Base58Check version byte of pay-to-script-hash addresses; nil on an unknown chain.
  package var p2shVersion: UInt8? {
    switch self {
    case .bitcoin: 0x05
    case .testnet, .signet, .regtest: 0xc4
    case .unknown: nil
    }
  }

  /// The Bitcoin chain whose prefix is exactly `bytes` (lower-case ASCII).
  init?(prefixBytes bytes: ArraySlice<UInt8>) {
    // The prefix's bytes as one big-endian integer: four ASCII letters at most.
    guard bytes.count <= 4 else { return nil }
    let packed = bytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    switch (bytes.count, packed) {
    case (2, 0x6263): self = .bitcoin  // "bc"
    case (2, 0x7462): self = .testnet  // "tb"
    case (3, 0x74_6273): self = .signet  // "tbs"
    case (4, 0x6263_7274): self = .regtest  // "bcrt"
    default: return nil
    }
  }

  /// The Bitcoin chain named by a prefix (`bc`) or a network name (`bitcoin`).
  public init?(name: String) {
    if let currency = Currency(rawValue: name) {
      self = currency
    } else if let currency = Currency.allCases.first(where: { $0.networkName == name }) {
      self = currency
    } else {
      return nil
    }
  }
}
