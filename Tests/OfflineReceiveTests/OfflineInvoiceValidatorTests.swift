import Bolt11
import OfflineReceive
import OfflineReceiveFixtures
import TestSupport
import Testing

@Suite struct OfflineInvoiceValidatorTests {
  let now = TestInvoices.now

  func code(_ invoice: Invoice, _ policy: ReceivePolicy = TestInvoices.policy(), now: UInt64? = nil)
    -> String?
  {
    OfflineInvoiceValidator.validate(invoice.string, policy: policy, now: now ?? self.now)
      .rejection?.dottedCode
  }

  @Test("accepts the exact amount for our payee, display capped by max display")
  func acceptsExact() throws {
    let invoice = TestInvoices.make()
    let accepted = try #require(
      OfflineInvoiceValidator.validate(invoice.string, policy: TestInvoices.policy(), now: now)
        .accepted)
    // Contract: display_until = min(expires_at - margin, now + max display) = min(now+3600, now+3600).
    #expect(accepted.displayUntil == now + 3600)
    #expect(accepted.paymentHash == TestInvoices.hash(0x11))
    #expect(accepted.invoice.amount == Millisatoshis(1_000_000))
  }

  @Test(
    "amount rules: missing, one msat under, one msat over",
    arguments: [
      (nil, "offline.amount_missing"), (999_999, "offline.amount_mismatch"),
      (1_000_001, "offline.amount_mismatch"),
    ] as [(UInt64?, String)])
  func amountRules(amount: UInt64?, expected: String) {
    #expect(code(TestInvoices.make(amountMsat: amount)) == expected)
  }

  @Test("another payee is refused, compared as bytes")
  func otherPayee() {
    #expect(code(TestInvoices.make(key: TestKeys.other)) == "offline.payee_mismatch")
  }

  @Test("a route hop key off the curve is refused: payers could not reach us through it")
  func offCurveRouteKey() throws {
    // x = 1 is on secp256k1 (1 + 7 = 8 is a square mod p, as 2 is: p = 7 mod 8); x = 5 is not
    // (5^3 + 7 = 132 is not a square mod p). libsecp256k1 agrees through `hasValidNodeID`.
    let onCurve = [0x02] + [UInt8](repeating: 0, count: 31) + [0x01]
    let offCurve = [0x02] + [UInt8](repeating: 0, count: 31) + [0x05]
    let good = try Self.invoice(routeKeys: [onCurve])
    #expect(good.routeHints.first?.hops.first?.hasValidNodeID == true)
    #expect(
      OfflineInvoiceValidator.validate(good, policy: TestInvoices.policy(), now: now)
        .accepted != nil)
    let bad = try Self.invoice(routeKeys: [onCurve, offCurve])
    #expect(bad.routeHints.first?.hops.last?.hasValidNodeID == false)
    let rejection = OfflineInvoiceValidator.validate(
      bad, policy: TestInvoices.policy(), now: now
    ).rejection
    #expect(rejection?.dottedCode == "field.invalid_pubkey")
  }

  /// `TestInvoices.make()` with one `r` field whose hops have these keys, signed with our key.
  /// The builder refuses a key off the curve, so the field is written here: each hop is the key,
  /// short channel id 1, fees 1 and 1, CLTV delta 40 (BOLT 11's 51-byte hop layout).
  private static func invoice(routeKeys: [[UInt8]]) throws -> Invoice {
    let base = TestInvoices.make()
    var bytes: [UInt8] = []
    for key in routeKeys {
      bytes += key + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 1] + [0, 0, 0, 1] + [0, 40]
    }
    // Bytes to 5-bit words, big-endian, the last padded with zero bits.
    var data: [UInt8] = []
    var accumulator: UInt32 = 0
    var bits: UInt32 = 0
    for byte in bytes {
      accumulator = (accumulator << 8 | UInt32(byte)) & 0xfff
      bits += 8
      while bits >= 5 {
        bits -= 5
        data.append(UInt8(accumulator >> bits & 31))
      }
    }
    if bits > 0 { data.append(UInt8(accumulator << (5 - bits) & 31)) }
    let routeType: UInt8 = 3  // BOLT 11: "`r` (3)"
    let words =
      Array(base.raw.signedWords) + [routeType, UInt8(data.count >> 5), UInt8(data.count & 31)]
      + data
    let text = InvoiceSigner.sign(
      hrp: String(decoding: base.raw.hrp, as: UTF8.self), dataWords: words, key: TestKeys.ours)
    return try Invoice.decode(text)
  }

  @Test("another network is refused with the offline code, not network.mismatch")
  func otherNetwork() {
    #expect(code(TestInvoices.make(currency: .testnet)) == "offline.network_mismatch")
  }

  @Test("description: exact text passes; other text and a hash are refused (W13, D12)")
  func description() {
    let policy = TestInvoices.policy(description: "Coffee")
    #expect(code(TestInvoices.make(), policy) == nil)
    #expect(
      code(TestInvoices.make(description: .text("Coffee ")), policy)
        == "offline.description_mismatch")
    #expect(
      code(
        TestInvoices.make(
          description: .hash(DescriptionHash(bytes: TestInvoices.hash(0x33).bytes)!)), policy)
        == "offline.description_mismatch")
  }

  @Test("expiry is exclusive: expired at expires_at, accepted one second before (W12)")
  func expiryBoundary() {
    var policy = TestInvoices.policy()
    policy.minRemainingSeconds = 0
    let invoice = TestInvoices.make(expirySeconds: 600)
    #expect(code(invoice, policy, now: now + 600) == "offline.expired")
    #expect(code(invoice, policy, now: now + 599) == nil)
    #expect(code(invoice, policy, now: now + 601) == "offline.expired")
  }

  @Test("lifetime: exactly the minimum left is accepted, one second less is refused")
  func lifetimeBoundary() {
    let invoice = TestInvoices.make(expirySeconds: 600)
    // 600 - 540 = 60 s left = the default minimum.
    #expect(code(invoice, now: now + 540) == nil)
    #expect(code(invoice, now: now + 541) == "offline.lifetime_too_short")
  }

  @Test("with a minimum of 0, no time left before the margin is still too short, never a wrap")
  func noTimeLeftWithZeroMinimum() {
    var policy = TestInvoices.policy()
    policy.minRemainingSeconds = 0
    policy.safetyMarginSeconds = 700  // more than the whole 600 s expiry
    let invoice = TestInvoices.make(expirySeconds: 600)
    #expect(code(invoice, policy, now: now) == "offline.lifetime_too_short")
    policy.safetyMarginSeconds = 100  // 500 s showable: at now + 500 nothing is left
    #expect(code(invoice, policy, now: now + 500) == "offline.lifetime_too_short")
    #expect(code(invoice, policy, now: now + 499) == nil)
  }

  @Test("safety margin shortens both the lifetime and display_until")
  func safetyMargin() throws {
    var policy = TestInvoices.policy()
    policy.safetyMarginSeconds = 120
    let invoice = TestInvoices.make(expirySeconds: 600)
    let accepted = try #require(
      OfflineInvoiceValidator.validate(invoice.string, policy: policy, now: now).accepted)
    #expect(accepted.displayUntil == now + 600 - 120)
    #expect(code(invoice, policy, now: now + 420) == nil)  // 480 - 420 = 60 left
    #expect(code(invoice, policy, now: now + 421) == "offline.lifetime_too_short")
    policy.safetyMarginSeconds = .max
    #expect(code(invoice, policy) == "offline.lifetime_too_short")
  }

  @Test("future timestamp: within the skew accepted, beyond refused")
  func futureTimestamp() {
    #expect(code(TestInvoices.make(createdAt: now + 60)) == nil)
    #expect(code(TestInvoices.make(createdAt: now + 61)) == "offline.future_timestamp")
  }

  @Test("an undecodable invoice carries the decoder's own code")
  func undecodable() {
    let text = TestInvoices.make().string
    var broken = Array(text.utf8)
    broken[broken.count - 1] =
      broken[broken.count - 1] == UInt8(ascii: "q") ? UInt8(ascii: "p") : UInt8(ascii: "q")
    let verdict = OfflineInvoiceValidator.validate(
      String(decoding: broken, as: UTF8.self), policy: TestInvoices.policy(), now: now)
    #expect(verdict.rejection?.dottedCode == "bech32.checksum")
    #expect(verdict.rejection?.offlineCode == nil)
  }

  @Test("huge clock values saturate instead of trapping")
  func saturation() throws {
    var policy = TestInvoices.policy()
    policy.maxDisplaySeconds = .max
    policy.clockSkewSeconds = .max
    let accepted = try #require(
      OfflineInvoiceValidator.validate(TestInvoices.make().string, policy: policy, now: now)
        .accepted)
    #expect(accepted.displayUntil == now + 3600)
  }

  @Test(
    "property: an accepted verdict has the exact amount, our payee, display_until <= expires_at")
  func property() {
    var generator = SplitMix64(seed: 0x5eed)
    var accepted = 0
    for _ in 0..<120 {
      let amount = generator.next() % 3 == 0 ? nil : 1_000 + generator.next() % 3
      let ours = generator.next() % 4 != 0
      let createdAt = now - 4000 + generator.next() % 4200
      let expiry = generator.next() % 5000
      let invoice = TestInvoices.make(
        amountMsat: amount, createdAt: createdAt, expirySeconds: expiry,
        key: ours ? TestKeys.ours : TestKeys.other)
      var policy = TestInvoices.policy(amountMsat: 1_000 + generator.next() % 3)
      policy.maxDisplaySeconds = generator.next() % 4000
      policy.minRemainingSeconds = generator.next() % 200
      policy.safetyMarginSeconds = generator.next() % 300
      policy.clockSkewSeconds = generator.next() % 120
      guard
        let result = OfflineInvoiceValidator.validate(invoice.string, policy: policy, now: now)
          .accepted
      else { continue }
      accepted += 1
      #expect(result.invoice.amount == policy.amount)
      #expect(result.invoice.payeeNodeID.bytes == TestKeys.ours.publicKey.bytes)
      #expect(result.displayUntil <= result.invoice.expiresAt)
      #expect(result.displayUntil > now || policy.maxDisplaySeconds == 0)
      #expect(
        result.invoice.expiresAt - policy.safetyMarginSeconds - now >= policy.minRemainingSeconds)
    }
    #expect(accepted > 5)
  }

  @Test("the offline codes are the rules' codes, in the contract's check order")
  func codesFollowRules() {
    let codes = ExpectationRule.allCases.compactMap(OfflineRejection.Code.init).map(\.rawValue)
    // The contract's order: amount, payee, network, description, signed timestamp, lifetime.
    #expect(
      codes == [
        "offline.amount_missing", "offline.amount_mismatch", "offline.payee_mismatch",
        "offline.network_mismatch", "offline.description_mismatch", "offline.future_timestamp",
        "offline.expired", "offline.lifetime_too_short", "offline.cltv_too_large",
      ])
    // Every offline code is one rule's.
    #expect(Set(codes) == Set(OfflineRejection.Code.allCases.map(\.rawValue)))
  }

  @Test(
    "the final CLTV is bounded at 432 blocks by default: 432 shown, 433 refused",
    arguments: [
      (18, nil), (432, nil), (433, "offline.cltv_too_large"),
      (100_000, "offline.cltv_too_large"),
    ] as [(UInt64, String?)])
  func cltvBound(delta: UInt64, expected: String?) {
    #expect(code(TestInvoices.make(minFinalCLTVExpiryDelta: delta)) == expected)
  }

  @Test("the final CLTV bound is the policy's, and checked after the lifetime")
  func cltvBoundOrder() {
    var policy = TestInvoices.policy()
    policy.maxFinalCLTVExpiryDelta = 1000
    #expect(code(TestInvoices.make(minFinalCLTVExpiryDelta: 1000), policy) == nil)
    #expect(
      code(TestInvoices.make(minFinalCLTVExpiryDelta: 1001), policy) == "offline.cltv_too_large")
    let expiredAndLong = TestInvoices.make(expirySeconds: 600, minFinalCLTVExpiryDelta: 5000)
    #expect(code(expiredAndLong, now: now + 600) == "offline.expired")
    #expect(code(expiredAndLong, now: now + 541) == "offline.lifetime_too_short")
    // An invoice without `c` has the default delta of 18.
    policy.maxFinalCLTVExpiryDelta = 17
    #expect(code(TestInvoices.make(), policy) == "offline.cltv_too_large")
  }

  @Test("the policy of a request and of the command line bound the final CLTV the same")
  func oneDefault() {
    #expect(TestInvoices.policy().expectations.maxFinalCLTVExpiryDelta == 432)
    #expect(DisplayPolicy().maxFinalCLTVExpiryDelta == ReceivePolicy.defaultMaxFinalCLTVExpiryDelta)
  }
}
