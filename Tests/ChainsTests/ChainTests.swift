import Bolt11
import Chains
import Testing

@Suite struct ChainTests {
  /// Each chain's genesis block header fields, as Bitcoin Core's chainparams and BIP-94 (testnet4)
  /// give them: time, bits, nonce, and the merkle root in the order explorers print it.
  static let genesisHeaders:
    [(chain: Chain, time: UInt32, bits: UInt32, nonce: UInt32, root: String)] = [
      (.bitcoin, 1_231_006_505, 0x1d00_ffff, 2_083_236_893, coinbaseRoot),
      (.testnet, 1_296_688_602, 0x1d00_ffff, 414_098_458, coinbaseRoot),
      (.testnet4, 1_714_777_860, 0x1d00_ffff, 393_743_547, testnet4Root),
      (.signet, 1_598_918_400, 0x1e03_77ae, 52_613_770, coinbaseRoot),
      (.regtest, 1_296_688_602, 0x207f_ffff, 2, coinbaseRoot),
    ]
  static let coinbaseRoot = "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b"
  static let testnet4Root = "7aa0a7ae1e223414cb807e40cd57e667b718e42aaf9306db9102fe28912b7b4e"

  static func bytes(hex: String) -> [UInt8] {
    let digits = Array(hex.utf8).map { $0 <= 0x39 ? $0 - 0x30 : $0 - 0x57 }
    return stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
  }

  static func littleEndian(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
  }

  @Test("each genesis hash is the double SHA-256 of its genesis header", arguments: genesisHeaders)
  func genesisHashIsComputed(
    header: (chain: Chain, time: UInt32, bits: UInt32, nonce: UInt32, root: String)
  ) {
    let bytes =
      Self.littleEndian(1) + [UInt8](repeating: 0, count: 32)
      + Self.bytes(hex: header.root).reversed()
      + Self.littleEndian(header.time) + Self.littleEndian(header.bits)
      + Self.littleEndian(header.nonce)
    #expect(bytes.count == 80)
    let hash = SHA256.hash(SHA256.hash(bytes))
    #expect(header.chain.genesisHash.bytes == hash, "\(header.chain)")
    #expect(ChainHash(bytes: hash) == header.chain.genesisHash)
  }

  @Test func bitcoinPrintsAsCoreLightningDoes() {
    // The contract's example of `offer_chains` for bitcoin.
    #expect(
      Chain.bitcoin.genesisHash.description
        == "6fe28c0ab6f1b372c1a6a246ae63f74f931e8365e15a089c68d6190000000000")
  }

  @Test func namesAndAliases() {
    #expect(Chain.named("bitcoin") == .bitcoin)
    #expect(Chain.named("mainnet") == .bitcoin)
    #expect(Chain.named("testnet3") == .testnet)
    #expect(Chain.named("testnet4") == .testnet4)
    #expect(Chain.named("Bitcoin") == nil)
    #expect(Chain.named("tb") == nil)
    #expect(Set(Chain.all.map(\.name)).count == Chain.all.count)
  }

  @Test func prefixesNameTheirChains() {
    #expect(Chain.withBOLT11Prefix("bc") == [.bitcoin])
    #expect(Chain.withBOLT11Prefix("tb") == [.testnet, .testnet4])
    #expect(Chain.withBOLT11Prefix("tbs") == [.signet])
    #expect(Chain.withBOLT11Prefix("bcrt") == [.regtest])
    #expect(Chain.withBOLT11Prefix("sb").isEmpty)
    #expect(Chain.withSegwitHRP("tb") == [.testnet, .testnet4, .signet])
  }

  @Test func versionBytesFollowBase58Prefixes() {
    // Mainnet addresses start with 1 and 3; every test chain's with m/n and 2.
    #expect((Chain.bitcoin.p2pkhVersion, Chain.bitcoin.p2shVersion) == (0x00, 0x05))
    for chain in Chain.all where chain != .bitcoin {
      #expect((chain.p2pkhVersion, chain.p2shVersion) == (0x6f, 0xc4), "\(chain)")
    }
  }

  @Test func genesisHashesFindTheirChain() {
    for chain in Chain.all {
      #expect(Chain.withGenesisHash(chain.genesisHash) == chain)
      #expect(ChainHash(bytes: chain.genesisHash.bytes) == chain.genesisHash)
    }
    #expect(ChainHash(bytes: [UInt8](repeating: 0, count: 31)) == nil)
    #expect(ChainHash(bytes: [UInt8](repeating: 0, count: 33)) == nil)
    let unknown = ChainHash(bytes: [UInt8](repeating: 7, count: 32))!
    #expect(Chain.withGenesisHash(unknown) == nil)
  }
}
