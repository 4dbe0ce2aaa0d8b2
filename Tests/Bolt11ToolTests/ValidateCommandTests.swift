import Bolt11
import Bolt11JSON
import Bolt11ToolFixtures
import Secp256k1
import TestSupport
import Testing

/// `bolt11 validate`'s final CLTV bound: `--max-cltv N`, 432 blocks by default,
/// `offline.cltv_too_large` after the lifetime.
@Suite struct ValidateCommandTests {
  static let now: UInt64 = 1_700_000_000
  static let key = FakeKeys.signingKey(0x05)

  /// 1,000 sat to `key` on regtest, created at `now`, 600 s of expiry, with a `c` of `delta`.
  static func invoice(cltv delta: UInt64) throws -> String {
    var builder = InvoiceBuilder(
      currency: .regtest, paymentHash: PaymentHash(bytes: [UInt8](repeating: 0x33, count: 32))!,
      paymentSecret: PaymentSecret(bytes: [UInt8](repeating: 0x44, count: 32))!,
      description: .text("Coffee"), createdAt: now)
    builder.amount = Millisatoshis(1_000_000)
    builder.expirySeconds = 600
    builder.minFinalCLTVExpiryDelta = delta
    return try builder.build(signingWith: key).string
  }

  /// The verdict's error code (nil when accepted) and the exit code.
  static func validate(cltv delta: UInt64, _ extra: [String] = [], at time: UInt64 = now) throws
    -> (String?, Int32)
  {
    let run = runTool(
      [
        "validate", try invoice(cltv: delta), "--amount-msat", "1000000", "--node-id",
        key.publicKey.description, "--now", String(time),
      ] + extra)
    let verdict = try JSON.parse(String(try #require(run.stdout.split(separator: "\n").first)))
    return (verdict["error"]?["code"]?.stringValue, run.code)
  }

  @Test(
    "without --max-cltv the bound is 432 blocks",
    arguments: [(432, nil), (433, "offline.cltv_too_large"), (100_000, "offline.cltv_too_large")]
      as [(UInt64, String?)])
  func defaultBound(delta: UInt64, expected: String?) throws {
    let (code, exit) = try Self.validate(cltv: delta)
    #expect(code == expected)
    #expect(exit == (expected == nil ? 0 : 1))
  }

  @Test("--max-cltv N accepts N and refuses N + 1")
  func givenBound() throws {
    #expect(try Self.validate(cltv: 2016, ["--max-cltv", "2016"]).0 == nil)
    #expect(
      try Self.validate(cltv: 2017, ["--max-cltv", "2016"]).0 == "offline.cltv_too_large")
  }

  @Test("the lifetime is checked before the final CLTV")
  func afterLifetime() throws {
    #expect(try Self.validate(cltv: 5000, at: Self.now + 541).0 == "offline.lifetime_too_short")
    #expect(try Self.validate(cltv: 5000, at: Self.now + 600).0 == "offline.expired")
  }

  @Test("--max-cltv takes a count of blocks", arguments: ["-1", "x", ""])
  func badValue(value: String) throws {
    let run = runTool([
      "validate", try Self.invoice(cltv: 18), "--amount-msat", "1000000", "--node-id",
      Self.key.publicKey.description, "--max-cltv", value,
    ])
    #expect(run.code == 2)
  }
}
