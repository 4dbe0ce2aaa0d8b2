/// One Bitcoin chain and every name and number by which payment strings refer to it.
///
/// This table is the one place that knows the chains: the BOLT #11 invoice prefix, the network
/// name and its aliases, the human-readable part of segwit addresses, the Base58Check version
/// bytes and the genesis block hash. Invoices, offers, addresses and the command line all read
/// their chain facts from here.
///
/// Two rows share a BOLT #11 prefix: testnet (testnet3) and testnet4 both write `lntb`, so an
/// invoice's prefix names ``Chain/withBOLT11Prefix(_:)`` both of them, while a BOLT #12 string
/// names exactly one chain by its genesis hash.
public struct Chain: Sendable, Hashable, CustomStringConvertible {
  /// The network's name: `bitcoin`, `testnet`, `testnet4`, `signet` or `regtest`.
  public let name: String
  /// Other names people give the network (`mainnet` for bitcoin, `testnet3` for testnet).
  public let aliases: [String]
  /// The network as a person calls it: `Bitcoin mainnet`, `Bitcoin testnet3`, `Bitcoin signet`.
  public let displayName: String
  /// The currency prefix written after `ln` in a BOLT #11 invoice: `bc`, `tb`, `tbs`, `bcrt`.
  public let bolt11Prefix: String
  /// The human-readable part of the chain's segwit addresses: `bc`, `tb` or `bcrt`.
  public let segwitHRP: String
  /// The Base58Check version byte of pay-to-public-key-hash addresses.
  public let p2pkhVersion: UInt8
  /// The Base58Check version byte of pay-to-script-hash addresses.
  public let p2shVersion: UInt8
  /// The genesis block's hash in the byte order a BOLT #12 `chain_hash` carries it (the
  /// reverse of the order block explorers print).
  public let genesisHash: ChainHash

  /// Bitcoin's main chain.
  public static let bitcoin = Chain(
    name: "bitcoin", aliases: ["mainnet"], displayName: "Bitcoin mainnet", bolt11Prefix: "bc",
    segwitHRP: "bc",
    p2pkhVersion: 0x00, p2shVersion: 0x05,
    // 000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f, reversed.
    genesisHash: ChainHash(hex: "6fe28c0ab6f1b372c1a6a246ae63f74f931e8365e15a089c68d6190000000000"))

  /// Bitcoin's third test network.
  public static let testnet = Chain(
    name: "testnet", aliases: ["testnet3"], displayName: "Bitcoin testnet3", bolt11Prefix: "tb",
    segwitHRP: "tb",
    p2pkhVersion: 0x6f, p2shVersion: 0xc4,
    // 000000000933ea01ad0ee984209779baaec3ced90fa3f408719526f8d77f4943, reversed.
    genesisHash: ChainHash(hex: "43497fd7f826957108f4a30fd9cec3aeba79972084e90ead01ea330900000000"))

  /// Bitcoin's fourth test network, which shares testnet's prefixes and version bytes.
  public static let testnet4 = Chain(
    name: "testnet4", aliases: [], displayName: "Bitcoin testnet4", bolt11Prefix: "tb",
    segwitHRP: "tb",
    p2pkhVersion: 0x6f, p2shVersion: 0xc4,
    // 00000000da84f2bafbbc53dee25a72ae507ff4914b867c565be350b0da8bf043, reversed.
    genesisHash: ChainHash(hex: "43f08bdab050e35b567c864b91f47f50ae725ae2de53bcfbbaf284da00000000"))

  /// The default signet, whose addresses look like testnet's.
  public static let signet = Chain(
    name: "signet", aliases: [], displayName: "Bitcoin signet", bolt11Prefix: "tbs",
    segwitHRP: "tb",
    p2pkhVersion: 0x6f, p2shVersion: 0xc4,
    // 00000008819873e925422c1ff0f99f7cc9bbb232af63a077a480a3633bee1ef6, reversed.
    genesisHash: ChainHash(hex: "f61eee3b63a380a477a063af32b2bbc97c9ff9f01f2c4225e973988108000000"))

  /// A local regression-test network.
  public static let regtest = Chain(
    name: "regtest", aliases: [], displayName: "Bitcoin regtest", bolt11Prefix: "bcrt",
    segwitHRP: "bcrt",
    p2pkhVersion: 0x6f, p2shVersion: 0xc4,
    // 0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206, reversed.
    genesisHash: ChainHash(hex: "06226e46111a0b59caaf126043eb5bbf28c34f3a5e332a1fc7b2b73cf188910f"))

  /// Every chain, in the order above.
  public static let all: [Chain] = [.bitcoin, .testnet, .testnet4, .signet, .regtest]

  /// The chain with this name or alias (`bitcoin`, `mainnet`, `testnet3`, ...), exactly as
  /// written (lower case).
  public static func named(_ name: String) -> Chain? {
    all.first { $0.name == name || $0.aliases.contains(name) }
  }

  /// The chains whose invoices carry this BOLT #11 prefix: `tb` names testnet and testnet4,
  /// an unknown prefix none.
  public static func withBOLT11Prefix(_ prefix: String) -> [Chain] {
    all.filter { $0.bolt11Prefix == prefix }
  }

  /// The chain whose genesis block hash this is, or nil for a chain not in the table.
  public static func withGenesisHash(_ hash: ChainHash) -> Chain? {
    all.first { $0.genesisHash == hash }
  }

  /// The chains whose segwit addresses carry this human-readable part.
  public static func withSegwitHRP(_ hrp: String) -> [Chain] {
    all.filter { $0.segwitHRP == hrp }
  }

  /// The network's name.
  public var description: String { name }
}
