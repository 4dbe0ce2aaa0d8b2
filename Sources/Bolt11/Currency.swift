/// The chain an invoice is payable on, from its BIP-173 currency prefix.
public enum Currency: String, CaseIterable, Sendable, Hashable {
  /// Bitcoin mainnet: `lnbc`.
  case bitcoin = "bc"
  /// Bitcoin testnet: `lntb`.
  case testnet = "tb"
  /// Bitcoin signet: `lntbs`.
  case signet = "tbs"
  /// Bitcoin regtest, for local test networks: `lnbcrt`.
  case regtest = "bcrt"

  /// The prefix as written after `ln`: `bc`, `tb`, `tbs`, `bcrt`.
  public var prefix: String { rawValue }

  /// The network's name: `bitcoin`, `testnet`, `signet`, `regtest`.
  public var networkName: String {
    switch self {
    case .bitcoin: "bitcoin"
    case .testnet: "testnet"
    case .signet: "signet"
    case .regtest: "regtest"
    }
  }

  /// The human-readable part of this chain's segwit addresses (signet shares testnet's `tb`).
  public var segwitHRP: String {
    switch self {
    case .bitcoin: "bc"
    case .testnet, .signet: "tb"
    case .regtest: "bcrt"
    }
  }

  /// Base58Check version byte of pay-to-public-key-hash addresses.
  var p2pkhVersion: UInt8 { self == .bitcoin ? 0x00 : 0x6f }
  /// Base58Check version byte of pay-to-script-hash addresses.
  var p2shVersion: UInt8 { self == .bitcoin ? 0x05 : 0xc4 }

  /// The currency whose prefix is exactly `bytes` (lower-case ASCII).
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

  /// The currency named by a prefix (`bc`) or a network name (`bitcoin`).
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
