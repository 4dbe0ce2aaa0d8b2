/// The chain an invoice is payable on, from its BIP-173 currency prefix.
public enum Currency: String, CaseIterable, Sendable, Hashable {
  case bitcoin = "bc"
  case testnet = "tb"
  case signet = "tbs"
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
    switch bytes.count {
    case 2 where bytes.elementsEqual("bc".utf8): self = .bitcoin
    case 2 where bytes.elementsEqual("tb".utf8): self = .testnet
    case 3 where bytes.elementsEqual("tbs".utf8): self = .signet
    case 4 where bytes.elementsEqual("bcrt".utf8): self = .regtest
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
