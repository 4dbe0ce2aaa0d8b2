import Bech32Codec
import Chains
import TestSupport
import Testing

@Suite struct SegwitAddressTests {
  /// BIP-173 and BIP-350 valid addresses and the scriptPubKey they pay, as the BIPs list them.
  static let valid: [(address: String, hrp: String, scriptPubKey: String)] = [
    (
      "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", "bc",
      "0014751e76e8199196d454941c45d1b3a323f1433bd6"
    ),
    (
      "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7", "tb",
      "00201863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262"
    ),
    (
      "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y", "bc",
      "5128751e76e8199196d454941c45d1b3a323f1433bd6751e76e8199196d454941c45d1b3a323f1433bd6"
    ),
    ("BC1SW50QGDZ25J", "bc", "6002751e"),
    ("bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs", "bc", "5210751e76e8199196d454941c45d1b3a323"),
    (
      "tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy", "tb",
      "0020000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433"
    ),
    (
      "tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c", "tb",
      "5120000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433"
    ),
    (
      "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", "bc",
      "512079be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
    ),
  ]

  // BIP-173: "bc" for mainnet, "tb" for testnet; Bitcoin Core's regtest "bcrt".
  @Test("the Bitcoin human-readable parts are the chain table's")
  func bitcoinHRPs() {
    #expect(SegwitAddress.bitcoinHRPs == ["bc", "tb", "bcrt"])
    #expect(SegwitAddress.bitcoinHRPs == Set(Chain.all.map(\.segwitHRP)))
  }

  @Test("decodes valid addresses to the BIP scriptPubKey", arguments: valid)
  func decodesValid(_ address: String, _ hrp: String, _ scriptPubKey: String) throws {
    let decoded = try SegwitAddress.decode(address, expectedHRP: hrp)
    #expect(decoded.hrp == hrp)
    #expect(
      hexString(SegwitAddress.scriptPubKey(version: decoded.version, program: decoded.program))
        == scriptPubKey)
    // The scriptPubKey is OP_n, a push of the program: its second byte is the program length.
    let script = hexBytes(scriptPubKey)
    #expect(decoded.program == Array(script.dropFirst(2)))
    #expect(decoded.version == (script[0] == 0 ? 0 : script[0] - 0x50))
  }

  @Test("decodes without an expected human-readable part", arguments: valid)
  func decodesWithoutHRP(_ address: String, _ hrp: String, _ scriptPubKey: String) throws {
    #expect(try SegwitAddress.decode(address).hrp == hrp)
  }

  @Test("encodes the lower-case address back", arguments: valid)
  func encodeRoundTrip(_ address: String, _ hrp: String, _ scriptPubKey: String) throws {
    let script = hexBytes(scriptPubKey)
    let version: UInt8 = script[0] == 0 ? 0 : script[0] - 0x50
    let program = Array(script.dropFirst(2))
    #expect(
      SegwitAddress.encode(hrp: hrp, version: version, program: program) == address.lowercased())
  }

  @Test("encodes BOLT #11's P2WSH and P2TR fallback addresses")
  func boltAddresses() {
    #expect(
      SegwitAddress.encode(
        hrp: "bc", version: 0,
        program: hexBytes("1863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262"))
        == "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3")
    #expect(
      SegwitAddress.encode(
        hrp: "bc", version: 1,
        program: hexBytes("0adac43daa9c8a5a68e09ea10692b82226ee190e572db9b90e17a410484ab405"))
        == "bc1pptdvg0d2nj99568qn6ssdy4cygnwuxgw2ukmnwgwz7jpqjz2kszse2s3lm")
  }

  @Test("encodes every version and program length as BIP-173's reference encoder does")
  func encodeAgainstReference() {
    var generator = SplitMix64(seed: 173)
    for hrp in ["bc", "tb", "bcrt", "x", "an83characterlonghumanreadablepart"] {
      for version: UInt8 in 0...16 {
        for length in 2...40 where version != 0 || length == 20 || length == 32 {
          let program = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
          // BIP-173 `convertbits(program, 8, 5)` bit by bit, padding the last word with zeros.
          let bits = program.flatMap { byte in (0..<8).map { (byte >> (7 - $0)) & 1 } }
          let padded = bits + [UInt8](repeating: 0, count: (5 - bits.count % 5) % 5)
          let words = stride(from: 0, to: padded.count, by: 5).map { start in
            padded[start..<(start + 5)].reduce(0) { $0 << 1 | $1 }
          }
          let expected = ReferenceBech32.encode(
            hrp: Array(hrp.utf8), words: [version] + words,
            variant: version == 0 ? .bech32 : .bech32m)
          #expect(
            Array(SegwitAddress.encode(hrp: hrp, version: version, program: program).utf8)
              == expected, "\(hrp) \(version) \(hexString(program))")
        }
      }
    }
  }

  /// The failure each invalid BIP address must give (Bech32 failures by their code).
  enum Expected: Sendable {
    case failure(SegwitAddress.Failure)
    case bech32(Bech32Error.Code)
  }

  /// BIP-173 and BIP-350 invalid addresses, with the reason the BIPs give.
  static let invalid: [(address: String, expectedHRP: String?, expected: Expected)] = [
    // Invalid human-readable part.
    ("tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty", "bc", .failure(.wrongHRP)),
    ("tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut", "tb", .failure(.wrongHRP)),
    ("tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7", "bc", .failure(.wrongHRP)),
    // Invalid checksum.
    ("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5", nil, .bech32(.checksum)),
    // Invalid witness version (17).
    ("BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2", nil, .failure(.invalidVersion)),
    (
      "BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R", nil,
      .failure(.invalidVersion)
    ),
    // Invalid program length: 1 byte, 41 bytes, 16 bytes for version 0.
    ("bc1rw5uspcuh", nil, .failure(.invalidProgramLength)),
    ("bc1pw5dgrnzv", nil, .failure(.invalidProgramLength)),
    (
      "bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90", nil,
      .failure(.invalidProgramLength)
    ),
    (
      "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav", nil,
      .failure(.invalidProgramLength)
    ),
    ("BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P", nil, .failure(.invalidProgramLength)),
    // Mixed case.
    ("tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7", nil, .bech32(.mixedCase)),
    ("tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq", nil, .bech32(.mixedCase)),
    // Zero padding of more than 4 bits; non-zero padding in 8-to-5 conversion.
    ("bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du", nil, .failure(.invalidPadding)),
    (
      "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv", nil,
      .failure(.invalidPadding)
    ),
    (
      "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf", nil,
      .failure(.invalidPadding)
    ),
    (
      "tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j", nil,
      .failure(.invalidPadding)
    ),
    // Empty data section: no version word.
    ("bc1gmk9yu", nil, .failure(.invalidProgramLength)),
    // Bech32 instead of Bech32m, and the reverse.
    (
      "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd", nil,
      .failure(.wrongVariant)
    ),
    (
      "tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf", nil,
      .failure(.wrongVariant)
    ),
    (
      "BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL", nil,
      .failure(.wrongVariant)
    ),
    ("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh", nil, .failure(.wrongVariant)),
    (
      "tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47", nil,
      .failure(.wrongVariant)
    ),
    // Invalid character in checksum ("o").
    (
      "bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4", nil,
      .bech32(.invalidCharacter)
    ),
  ]

  @Test("refuses invalid addresses for the BIPs' reasons", arguments: invalid)
  func refusesInvalid(_ address: String, _ expectedHRP: String?, _ expected: Expected) {
    do {
      let decoded = try SegwitAddress.decode(address, expectedHRP: expectedHRP)
      Issue.record("decoded as version \(decoded.version), \(decoded.program.count) bytes")
    } catch {
      switch (expected, error) {
      case (.failure(let failure), _):
        #expect(error == failure)
      case (.bech32(let code), .bech32(let bech32Error)):
        #expect(bech32Error.code == code)
      case (.bech32(let code), _):
        Issue.record("expected bech32 \(code.rawValue), got \(error)")
      }
    }
  }
}
