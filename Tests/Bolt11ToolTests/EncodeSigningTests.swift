import Bech32Codec
import Bolt11
import Bolt11JSON
import Secp256k1
import Testing

@testable import Bolt11Tool

/// `bolt11 encode`: default features, values refused as given, and signing elsewhere
/// (`--print-signing-hash`, `--signature`).
@Suite struct EncodeSigningTests {
  /// A test key, never a real one: 32 bytes of 0x01.
  static let keyHex = String(repeating: "01", count: 32)
  static let key = try! SigningKey(secretKey: [UInt8](repeating: 1, count: 32))
  static let otherKey = try! SigningKey(secretKey: [UInt8](repeating: 2, count: 32))

  /// The least JSON an invoice needs, written by hand (no `field_order`), plus `extra`.
  static func json(_ extra: String = "") -> String {
    """
    {"currency":"bc","amount_msat":250000000,"created_at":1700000000,\
    "payment_hash":"\(String(repeating: "07", count: 32))",\
    "payment_secret":"\(String(repeating: "09", count: 32))","description":"coffee"\(extra)}
    """
  }

  static func encode(_ arguments: [String], _ json: String) -> (
    code: Int32, out: String, err: String
  ) {
    // The key in the environment, as a node's service would give it: ignored when signing
    // elsewhere.
    EncodeCommandTests.run(
      ["encode"] + arguments, stdin: json, environment: ["BOLT11_SIGNING_KEY": keyHex])
  }

  static func decoded(_ invoice: String) throws -> JSON {
    try JSON.parse(EncodeCommandTests.run(["decode", "--json", invoice]).out)
  }

  // MARK: Default features

  @Test("hand-written JSON gets features 8 and 14 required; [] gives none; field_order as given")
  func defaultFeatures() throws {
    let plain = Self.encode([], Self.json())
    #expect(plain.code == 0, "\(plain.err)")
    #expect(try Self.decoded(plain.out)["feature_bits"] == .array([.unsigned(8), .unsigned(14)]))

    for none in [#","feature_bits":[]"#, #","features":"""#, #","field_order":["p","s","d"]"#] {
      let encoded = Self.encode([], Self.json(none))
      #expect(encoded.code == 0, "\(encoded.err)")
      #expect(try Self.decoded(encoded.out)["feature_bits"] == .array([]), "\(none)")
    }
  }

  @Test("basic_mpp without payment_secret is refused naming bit 14, not completed")
  func missingDependency() {
    let encoded = Self.encode([], Self.json(#","feature_bits":[8,16]"#))
    #expect(encoded.code == 1)
    #expect(encoded.err.hasPrefix("error: build.invalid_features: "))
    #expect(encoded.err.contains("14"))
  }

  // MARK: Refuse, never clamp

  struct OutOfRange: Sendable, CustomTestStringConvertible {
    var extra: String
    var code: String
    /// The value as the JSON writes it, which the message must name.
    var given: String
    var testDescription: String { extra }
  }

  @Test(
    "a value the format cannot carry is refused, named as the JSON wrote it",
    arguments: [
      OutOfRange(
        extra: #","feature_bits":[18446744073709551615]"#, code: "build.invalid_features",
        given: "18446744073709551615"),
      OutOfRange(
        extra: #","feature_bits":[8,14,18446744073709551617]"#, code: "build.invalid_features",
        given: "18446744073709551617"),
      OutOfRange(
        extra: #","feature_bits":[5115]"#, code: "build.invalid_features", given: "5115"),
      OutOfRange(
        extra: #","feature_bits":[-1]"#, code: "build.invalid_features", given: "-1"),
      OutOfRange(
        extra: #","extra_field_slots":[99999999999999999999]"#, code: "build.invalid_field_order",
        given: "99999999999999999999"),
      OutOfRange(
        extra: #","expiry":100000000000000000000000"#, code: "build.invalid_expiry",
        given: "100000000000000000000000"),
      OutOfRange(
        extra: #","expiry":1E30"#, code: "build.invalid_expiry", given: "1E30"),
      OutOfRange(
        extra: #","min_final_cltv_expiry":4294967296"#, code: "build.cltv_unusable",
        given: "4294967296"),
      OutOfRange(
        extra: #","routes":[[{"pubkey":"02\#(String(repeating: "11", count: 32))","#
          + #""short_channel_id":"1x2x3","fee_base_msat":18446744073709551616,"#
          + #""fee_proportional_millionths":1,"cltv_expiry_delta":40}]]"#,
        code: "build.invalid_route", given: "18446744073709551616"),
    ])
  func refusedAsGiven(_ value: OutOfRange) {
    let encoded = Self.encode([], Self.json(value.extra))
    #expect(encoded.code == 1)
    #expect(encoded.err.hasPrefix("error: \(value.code): "), "\(encoded.err)")
    #expect(encoded.err.contains(value.given), "\(encoded.err)")
    #expect(!encoded.err.contains("e+"), "reprinted as a float: \(encoded.err)")
  }

  @Test("an amount of 2^64 msat is refused, named as given")
  func amountBeyond64Bits() {
    let json = Self.json().replacingOccurrences(of: "250000000", with: "18446744073709551616")
    let encoded = Self.encode([], json)
    #expect(encoded.code == 1)
    #expect(encoded.err.hasPrefix("error: build.invalid_amount: "))
    #expect(encoded.err.contains("18446744073709551616"))
  }

  @Test("--allow-unusable-cltv writes a c above 2^32 - 1, which decode then flags")
  func allowUnusableCLTV() throws {
    let encoded = Self.encode(
      ["--allow-unusable-cltv"],
      Self.json(#","min_final_cltv_expiry":4294967296"#))
    #expect(encoded.code == 0, "\(encoded.err)")
    let decoded = try Self.decoded(encoded.out)
    #expect(decoded["min_final_cltv_expiry"] == .unsigned(4_294_967_296))
    #expect(decoded["warnings"] == .array([.string("cltv.unusable")]))
  }

  // MARK: Signing elsewhere

  @Test("--print-signing-hash, signed elsewhere, --signature: the invoice --key writes")
  func airGapped() throws {
    for extra in ["", #","field_order":["p","s","d","n","9"],"feature_bits":[8,14]"#] {
      let statesPayee = !extra.isEmpty
      let payee = statesPayee ? ["--payee", Self.key.publicKey.description] : []
      let printed = Self.encode(["--print-signing-hash"] + payee, Self.json(extra))
      #expect(printed.code == 0, "\(printed.err)")
      #expect(printed.out.count == 65 && printed.out.hasSuffix("\n"))
      let hash = try #require(Hex.decode(String(printed.out.dropLast())))
      // The air-gapped machine: any ECDSA signer over the 32 bytes.
      let made = try Self.key.signRecoverable(hash: hash)
      let attached = Self.encode(
        [
          "--signature", Hex.encode(made.compactSignature), "--recovery-id",
          String(made.recoveryID),
        ] + payee, Self.json(extra))
      #expect(attached.code == 0, "\(attached.err)")
      let direct = Self.encode([], Self.json(extra))
      #expect(attached.out == direct.out)
      #expect(try Self.decoded(attached.out)["payee"] == .string(Self.key.publicKey.description))
    }
  }

  @Test("an invoice that states its payee needs --payee for its hash")
  func hashNeedsPayee() {
    let printed = Self.encode(
      ["--print-signing-hash"], Self.json(#","field_order":["p","s","d","n"]"#))
    #expect(printed.code == 1)
    #expect(printed.err.hasPrefix("error: build.missing_payee: "))
  }

  @Test("--signature refuses a signature by another key, no key, or a bad recovery id")
  func refusedSignatures() throws {
    let hash = try #require(
      Hex.decode(String(Self.encode(["--print-signing-hash"], Self.json()).out.dropLast())))
    let other = try Self.otherKey.signRecoverable(hash: hash)
    let cases: [[String]] = [
      // Another key than the one expected.
      [
        "--signature", Hex.encode(other.compactSignature), "--recovery-id",
        String(other.recoveryID), "--payee", Self.key.publicKey.description,
      ],
      // r and s not below the group order: no key recovers.
      ["--signature", String(repeating: "ff", count: 64), "--recovery-id", "0"],
      // A recovery id outside 0...3.
      ["--signature", Hex.encode(other.compactSignature), "--recovery-id", "4"],
    ]
    for arguments in cases {
      let encoded = Self.encode(arguments, Self.json())
      #expect(encoded.code == 1, "\(arguments)")
      #expect(encoded.err.hasPrefix("error: build.invalid_signature: "), "\(encoded.err)")
      #expect(encoded.out.isEmpty)
    }
  }

  @Test(
    "signing elsewhere with a key, or half a signature, is a usage error",
    arguments: [
      ["--print-signing-hash", "--key", String(repeating: "01", count: 32)],
      ["--signature", String(repeating: "11", count: 64)],
      ["--recovery-id", "0"],
      [
        "--print-signing-hash", "--signature", String(repeating: "11", count: 64), "--recovery-id",
        "0",
      ],
      ["--signature", "abcd", "--recovery-id", "0"],
      ["--signature", String(repeating: "11", count: 64), "--recovery-id", "x"],
      ["--print-signing-hash", "--payee", "02"],
      ["--key", String(repeating: "01", count: 32), "--payee", Self.key.publicKey.description],
    ])
  func usageErrors(_ arguments: [String]) {
    let encoded = Self.encode(arguments, Self.json())
    #expect(encoded.code == 2, "\(encoded.err)")
  }
}
