import Chains
import Testing

@testable import Bolt11

/// `Currency` reads its chain facts from the chain table; the decoder's packed prefix compare
/// agrees with it.
@Suite struct CurrencyChainTests {
  @Test("the decoder's prefix compare finds every prefix of the chain table", arguments: Chain.all)
  func packedCompareAgreesWithTable(_ chain: Chain) throws {
    let currency = try #require(Currency(prefixBytes: ArraySlice(chain.bolt11Prefix.utf8)))
    #expect(currency.prefix == chain.bolt11Prefix)
    #expect(currency.chains.contains(chain))
  }

  @Test(
    "the decoder's prefix compare refuses what is no table prefix",
    arguments: ["", "b", "bcr", "bcrtx", "tbs1", "sb", "BC", "tB", "cb", "bt"])
  func packedCompareRefuses(_ prefix: String) {
    #expect(Currency(prefixBytes: ArraySlice(prefix.utf8)) == nil)
    #expect(Chain.withBOLT11Prefix(prefix).isEmpty)
  }

  @Test("tb is testnet's and testnet4's prefix; an unknown prefix names no chain")
  func chainsOfACurrency() {
    #expect(Currency.bitcoin.chains == [.bitcoin])
    #expect(Currency.testnet.chains == [.testnet, .testnet4])
    #expect(Currency.signet.chains == [.signet])
    #expect(Currency.regtest.chains == [.regtest])
    #expect(Currency.unknown(prefix: "sb").chains.isEmpty)
    #expect(Currency.unknown(prefix: "sb").chain == nil)
  }

  // BIP-173: "bc" for mainnet, "tb" for testnet (signet uses testnet's); Bitcoin Core's
  // chainparams: regtest's "bcrt", Base58 versions 0/5 on mainnet, 111/196 on the test chains.
  @Test("the facts a currency gives are the chain's")
  func factsFromTheTable() {
    #expect(Currency.allCases.map(\.segwitHRP) == ["bc", "tb", "tb", "bcrt"])
    #expect(Currency.allCases.map(\.prefix) == ["bc", "tb", "tbs", "bcrt"])
    #expect(Currency.allCases.map(\.networkName) == ["bitcoin", "testnet", "signet", "regtest"])
    #expect(Currency.allCases.map(\.p2pkhVersion) == [0, 111, 111, 111])
    #expect(Currency.allCases.map(\.p2shVersion) == [5, 196, 196, 196])
    #expect(Currency.unknown(prefix: "sb").p2pkhVersion == nil)
    #expect(Currency.unknown(prefix: "xy").segwitHRP == "xy")
  }

  @Test(
    "a network's name or alias names its currency",
    arguments: [
      ("bitcoin", Currency.bitcoin), ("mainnet", .bitcoin), ("bc", .bitcoin),
      ("testnet", .testnet), ("testnet3", .testnet), ("testnet4", .testnet), ("tb", .testnet),
      ("signet", .signet), ("tbs", .signet), ("regtest", .regtest), ("bcrt", .regtest),
    ])
  func currencyNamed(_ name: String, _ currency: Currency) {
    #expect(Currency(name: name) == currency)
  }

  @Test("a name of no chain names no currency", arguments: ["dogecoin", "simnet", "sb", "Bitcoin"])
  func noCurrencyNamed(_ name: String) {
    #expect(Currency(name: name) == nil)
  }
}
