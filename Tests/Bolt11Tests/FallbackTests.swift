import TestSupport
import Testing

@testable import Bolt11

/// A fallback with the address and scriptPubKey it must give.
struct FallbackCase: Sendable, CustomTestStringConvertible {
  var version: UInt8
  var program: String
  var currency: Currency
  var address: String
  var kind: Fallback.Kind
  var scriptPubKey: String

  var testDescription: String { address }
}

@Suite struct FallbackTests {
  static let p2wpkh = "751e76e8199196d454941c45d1b3a323f1433bd6"
  static let p2wsh = "1863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262"
  static let p2tr = "0adac43daa9c8a5a68e09ea10692b82226ee190e572db9b90e17a410484ab405"

  /// BOLT #11's example fallbacks (addresses from the spec; programs from its breakdowns), plus the
  /// same programs on other chains and Base58 edge cases. Addresses not in a spec were computed
  /// in Python with hashlib and the BIP-173 reference encoder.
  static let cases: [FallbackCase] = [
    // BOLT #11: "on testnet, with a fallback address mk2QpYatsKicvFVuTAQLBryyccRXMUaGHP".
    FallbackCase(
      version: 17, program: "3172b5654f6683c8fb146959d347ce303cae4ca7", currency: .testnet,
      address: "mk2QpYatsKicvFVuTAQLBryyccRXMUaGHP", kind: .p2pkh,
      scriptPubKey: "76a9143172b5654f6683c8fb146959d347ce303cae4ca788ac"),
    // Signet and regtest share testnet's Base58 version bytes.
    FallbackCase(
      version: 17, program: "3172b5654f6683c8fb146959d347ce303cae4ca7", currency: .signet,
      address: "mk2QpYatsKicvFVuTAQLBryyccRXMUaGHP", kind: .p2pkh,
      scriptPubKey: "76a9143172b5654f6683c8fb146959d347ce303cae4ca788ac"),
    FallbackCase(
      version: 17, program: "3172b5654f6683c8fb146959d347ce303cae4ca7", currency: .regtest,
      address: "mk2QpYatsKicvFVuTAQLBryyccRXMUaGHP", kind: .p2pkh,
      scriptPubKey: "76a9143172b5654f6683c8fb146959d347ce303cae4ca788ac"),
    // BOLT #11: "On mainnet, with fallback address 1RustyRX2oai4EYYDpQGWvEL62BBGqN9T".
    FallbackCase(
      version: 17, program: "04b61f7dc1ea0dc99424464cc4064dc564d91e89", currency: .bitcoin,
      address: "1RustyRX2oai4EYYDpQGWvEL62BBGqN9T", kind: .p2pkh,
      scriptPubKey: "76a91404b61f7dc1ea0dc99424464cc4064dc564d91e8988ac"),
    FallbackCase(
      version: 17, program: "04b61f7dc1ea0dc99424464cc4064dc564d91e89", currency: .testnet,
      address: "mfwsAx4QL4EqVAiAFnnn6S8ZC5ct47DJnG", kind: .p2pkh,
      scriptPubKey: "76a91404b61f7dc1ea0dc99424464cc4064dc564d91e8988ac"),
    // BOLT #11: "On mainnet, with fallback (P2SH) address 3EktnHQD7RiAE6uzMj2ZifT9YgRrkSgzQX".
    FallbackCase(
      version: 18, program: "8f55563b9a19f321c211e9b9f38cdf686ea07845", currency: .bitcoin,
      address: "3EktnHQD7RiAE6uzMj2ZifT9YgRrkSgzQX", kind: .p2sh,
      scriptPubKey: "a9148f55563b9a19f321c211e9b9f38cdf686ea0784587"),
    FallbackCase(
      version: 18, program: "8f55563b9a19f321c211e9b9f38cdf686ea07845", currency: .testnet,
      address: "2N6K6r2LEitDWRtYY2reSLcSQm2e2W9xEjB", kind: .p2sh,
      scriptPubKey: "a9148f55563b9a19f321c211e9b9f38cdf686ea0784587"),
    // Base58: each leading zero byte becomes a "1" (the version byte 0 included).
    FallbackCase(
      version: 17, program: String(repeating: "00", count: 20), currency: .bitcoin,
      address: "1111111111111111111114oLvT2", kind: .p2pkh,
      scriptPubKey: "76a914" + String(repeating: "00", count: 20) + "88ac"),
    FallbackCase(
      version: 17, program: "0000" + String(repeating: "ff", count: 18), currency: .bitcoin,
      address: "1112CUupRZfa1aCgvwLsbRzNpuQJpnvta6", kind: .p2pkh,
      scriptPubKey: "76a9140000" + String(repeating: "ff", count: 18) + "88ac"),
    FallbackCase(
      version: 18, program: String(repeating: "00", count: 20), currency: .bitcoin,
      address: "31h1vYVSYuKP6AhS86fbRdMw9XHieotbST", kind: .p2sh,
      scriptPubKey: "a914" + String(repeating: "00", count: 20) + "87"),
    FallbackCase(
      version: 17, program: String(repeating: "00", count: 20), currency: .testnet,
      address: "mfWxJ45yp2SFn7UciZyNpvDKrzbhyfKrY8", kind: .p2pkh,
      scriptPubKey: "76a914" + String(repeating: "00", count: 20) + "88ac"),
    // BOLT #11: P2WPKH bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4.
    FallbackCase(
      version: 0, program: p2wpkh, currency: .bitcoin,
      address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", kind: .p2wpkh,
      scriptPubKey: "0014" + p2wpkh),
    FallbackCase(
      version: 0, program: p2wpkh, currency: .testnet,
      address: "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", kind: .p2wpkh,
      scriptPubKey: "0014" + p2wpkh),
    FallbackCase(
      version: 0, program: p2wpkh, currency: .signet,
      address: "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", kind: .p2wpkh,
      scriptPubKey: "0014" + p2wpkh),
    FallbackCase(
      version: 0, program: p2wpkh, currency: .regtest,
      address: "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080", kind: .p2wpkh,
      scriptPubKey: "0014" + p2wpkh),
    // BOLT #11: P2WSH bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3.
    FallbackCase(
      version: 0, program: p2wsh, currency: .bitcoin,
      address: "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3", kind: .p2wsh,
      scriptPubKey: "0020" + p2wsh),
    FallbackCase(
      version: 0, program: p2wsh, currency: .testnet,
      address: "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7", kind: .p2wsh,
      scriptPubKey: "0020" + p2wsh),
    // BOLT #11: P2TR bc1pptdvg0d2nj99568qn6ssdy4cygnwuxgw2ukmnwgwz7jpqjz2kszse2s3lm.
    FallbackCase(
      version: 1, program: p2tr, currency: .bitcoin,
      address: "bc1pptdvg0d2nj99568qn6ssdy4cygnwuxgw2ukmnwgwz7jpqjz2kszse2s3lm", kind: .p2tr,
      scriptPubKey: "5120" + p2tr),
    FallbackCase(
      version: 1, program: p2tr, currency: .regtest,
      address: "bcrt1pptdvg0d2nj99568qn6ssdy4cygnwuxgw2ukmnwgwz7jpqjz2kszsrmvcsw", kind: .p2tr,
      scriptPubKey: "5120" + p2tr),
    // Other witness versions and lengths (BIP-350 examples and Python).
    FallbackCase(
      version: 1, program: p2wpkh + p2wpkh, currency: .bitcoin,
      address: "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y",
      kind: .witnessUnknown, scriptPubKey: "5128" + p2wpkh + p2wpkh),
    FallbackCase(
      version: 1, program: p2wpkh, currency: .bitcoin,
      address: "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kj9wkru", kind: .witnessUnknown,
      scriptPubKey: "5114" + p2wpkh),
    FallbackCase(
      version: 16, program: "751e", currency: .bitcoin, address: "bc1sw50qgdz25j",
      kind: .witnessUnknown, scriptPubKey: "6002751e"),
    FallbackCase(
      version: 16, program: "751e", currency: .testnet, address: "tb1sw50qadvs0e",
      kind: .witnessUnknown, scriptPubKey: "6002751e"),
    FallbackCase(
      version: 2, program: "751e76e8199196d454941c45d1b3a323", currency: .bitcoin,
      address: "bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs", kind: .witnessUnknown,
      scriptPubKey: "5210751e76e8199196d454941c45d1b3a323"),
  ]

  @Test("gives the address, kind and scriptPubKey", arguments: cases)
  func fallback(_ vector: FallbackCase) throws {
    let fallback = try #require(
      Fallback(version: vector.version, program: hexBytes(vector.program)))
    #expect(fallback.version == vector.version)
    #expect(fallback.program == hexBytes(vector.program))
    #expect(fallback.kind == vector.kind)
    #expect(fallback.address(on: vector.currency) == vector.address)
    #expect(hexString(fallback.scriptPubKey) == vector.scriptPubKey)
  }

  @Test("reads back the fallback from its scriptPubKey", arguments: cases)
  func fromScript(_ vector: FallbackCase) throws {
    let fallback = try #require(Fallback(scriptPubKey: hexBytes(vector.scriptPubKey)))
    #expect(fallback.version == vector.version)
    #expect(fallback.program == hexBytes(vector.program))
  }

  /// Scripts that pay no address a fallback can hold: bare multisig's OP_1, a P2PKH without its
  /// OP_CHECKSIG, a push that does not cover the rest, a witness program of 41 bytes, version 0
  /// with 21 bytes, OP_RETURN, and nothing at all.
  @Test(
    "refuses scripts that are not an address",
    arguments: [
      "51", "76a914" + String(repeating: "00", count: 20) + "88", "0015" + p2wpkh,
      "5129" + String(repeating: "00", count: 41), "0015" + p2wpkh + "00", "6a0401020304", "",
    ])
  func notAnAddress(_ script: String) {
    #expect(Fallback(scriptPubKey: hexBytes(script)) == nil)
  }

  @Test("kind names are Core Lightning's")
  func kindNames() {
    #expect(
      Fallback.Kind.allCases.map(\.rawValue).sorted()
        == ["P2PKH", "P2SH", "P2TR", "P2WPKH", "P2WSH", "WITNESS_UNKNOWN"])
  }

  /// Version and program-length combinations that are not addresses.
  static let invalid: [(version: UInt8, length: Int)] = [
    (0, 0), (0, 2), (0, 19), (0, 21), (0, 31), (0, 33), (0, 40),
    (1, 0), (1, 1), (1, 41), (16, 1), (16, 41), (7, 0),
    (17, 0), (17, 19), (17, 21), (17, 32), (18, 19), (18, 21), (18, 32),
    (19, 20), (20, 20), (31, 20), (32, 20), (255, 20),
  ]

  @Test("refuses invalid versions and lengths", arguments: invalid)
  func refuses(_ version: UInt8, _ length: Int) {
    #expect(Fallback(version: version, program: [UInt8](repeating: 0x5a, count: length)) == nil)
  }

  /// The boundaries that are still addresses.
  static let validBoundaries: [(version: UInt8, length: Int, kind: Fallback.Kind)] = [
    (0, 20, .p2wpkh), (0, 32, .p2wsh), (1, 2, .witnessUnknown), (1, 32, .p2tr),
    (1, 40, .witnessUnknown), (2, 32, .witnessUnknown), (16, 2, .witnessUnknown),
    (16, 40, .witnessUnknown), (17, 20, .p2pkh), (18, 20, .p2sh),
  ]

  @Test("accepts the boundary versions and lengths", arguments: validBoundaries)
  func accepts(_ version: UInt8, _ length: Int, _ kind: Fallback.Kind) throws {
    let program = [UInt8](repeating: 0x5a, count: length)
    let fallback = try #require(Fallback(version: version, program: program))
    #expect(fallback.kind == kind)
    // A witness scriptPubKey is OP_n then a push of the program.
    if version <= 16 {
      #expect(
        fallback.scriptPubKey
          == [version == 0 ? 0 : 0x50 + version, UInt8(length)] + program)
    }
  }
}

@Suite struct FallbackAddressesTests {
  @Test("an invoice's fallback addresses are the spec's, for its chain")
  func specExample() throws {
    // BOLT #11: "On testnet, with a fallback address mk2QpYatsKicvFVuTAQLBryyccRXMUaGHP".
    let invoice = try Invoice.decode(
      "lntb20m1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygshp58yjmdan79s6qqdhdz"
        + "gynm4zwqd5d7xmw5fk98klysy043l2ahrqspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqyp"
        + "qfpp3x9et2e20v6pu37c5d9vax37wxq72un989qrsgqdj545axuxtnfemtpwkc45hx9d2ft7x04mt8q7y6t0k2dge"
        + "9e7h8kpy9p34ytyslj3yu569aalz2xdk8xkd7ltxqld94u8h2esmsmacgpghe9k8")
    #expect(invoice.fallbackAddresses == ["mk2QpYatsKicvFVuTAQLBryyccRXMUaGHP"])
  }
}
