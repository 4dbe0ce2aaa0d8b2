import Bech32Codec
import Secp256k1
import TestSupport
import Testing

@testable import Bolt11

/// The payer's check: every expectation alone, each boundary on both sides, every violation
/// reported at once and in order, and no check skipped for a missing field.
///
/// The invoices are built here with known values (BOLT #11's coffee example's: 250,000,000 msat,
/// "1 cup coffee", created 1496314658, 60 s of expiry, the spec's payee), so every expected value
/// is the test's own input, not the check's output.
@Suite struct InvoiceExpectationsTests {
  static let created: UInt64 = 1_496_314_658
  static let key = try! SigningKey(secretKey: FakeKeys.specSecret)
  static let otherKey = FakeKeys.signingKey(0x07)
  static let hash = PaymentHash(bytes: [UInt8](repeating: 0x42, count: 32))!

  /// The coffee invoice, changed by `change`.
  static func invoice(
    signedBy key: SigningKey = key, _ change: (inout InvoiceBuilder) -> Void = { _ in }
  ) throws -> Invoice {
    var builder = InvoiceBuilder(
      currency: .bitcoin, paymentHash: hash,
      paymentSecret: PaymentSecret(bytes: [UInt8](repeating: 0x11, count: 32))!,
      description: .text("1 cup coffee"), createdAt: created)
    builder.amount = Millisatoshis(250_000_000)
    builder.expirySeconds = 60
    change(&builder)
    return try builder.build(signingWith: key)
  }

  /// The codes `expectations` finds in `invoice` at `now`.
  static func codes(
    _ invoice: Invoice, _ expectations: InvoiceExpectations, now: UInt64 = created + 10
  ) -> [String] {
    expectations.check(invoice, now: now).map(\.code.rawValue)
  }

  @Test("an invoice that meets every expectation has no violation")
  func meetsAll() throws {
    var expected = InvoiceExpectations()
    expected.amount = Millisatoshis(250_000_000)
    expected.maxAmount = Millisatoshis(250_000_000)
    expected.payees = [Self.otherKey.publicKey, Self.key.publicKey]
    expected.ownNodeIDs = [Self.otherKey.publicKey]
    expected.network = .bitcoin
    expected.description = .text("1 cup coffee")
    expected.paymentHash = Self.hash
    expected.minRemainingSeconds = 50
    expected.maxAgeSeconds = 10
    expected.maxFinalCLTVExpiryDelta = 18
    #expect(expected.check(try Self.invoice(), now: Self.created + 10) == [])
  }

  @Test("the amount is compared exactly: 1 msat off either way is a mismatch")
  func amountExact() throws {
    let invoice = try Self.invoice()
    var expected = InvoiceExpectations()
    for (amount, codes) in [
      (249_999_999, ["check.amount_mismatch"]), (250_000_000, []),
      (250_000_001, ["check.amount_mismatch"]),
    ] {
      expected.amount = Millisatoshis(UInt64(amount))
      #expect(Self.codes(invoice, expected) == codes, "expected \(amount)")
    }
    let violation = try #require(expected.check(invoice, now: Self.created).first)
    #expect(violation.expected == .integer(250_000_001))
    #expect(violation.found == .integer(250_000_000))
  }

  @Test("an amountless invoice: missing unless allowed; a maximum alone lets it pass")
  func amountless() throws {
    let invoice = try Self.invoice { $0.amount = nil }
    var expected = InvoiceExpectations()
    expected.amount = Millisatoshis(1000)
    #expect(Self.codes(invoice, expected) == ["check.amount_missing"])
    #expect(expected.check(invoice, now: Self.created).first?.found == .absent)
    expected.allowsAmountless = true
    #expect(Self.codes(invoice, expected) == [])
    expected = InvoiceExpectations()
    expected.maxAmount = Millisatoshis(1)
    #expect(Self.codes(invoice, expected) == [])
  }

  @Test("the maximum amount: equal passes, 1 msat above is too large")
  func maxAmount() throws {
    let invoice = try Self.invoice()
    var expected = InvoiceExpectations()
    expected.maxAmount = Millisatoshis(250_000_000)
    #expect(Self.codes(invoice, expected) == [])
    expected.maxAmount = Millisatoshis(249_999_999)
    #expect(Self.codes(invoice, expected) == ["check.amount_too_large"])
  }

  @Test("payee one of a set, and never one of our own nodes")
  func payees() throws {
    let invoice = try Self.invoice()
    var expected = InvoiceExpectations()
    expected.payees = [Self.otherKey.publicKey]
    #expect(Self.codes(invoice, expected) == ["check.payee_mismatch"])
    #expect(
      expected.check(invoice, now: Self.created).first?.expected
        == .list([Self.otherKey.publicKey.description]))
    expected.payees = []
    expected.ownNodeIDs = [Self.key.publicKey]
    #expect(Self.codes(invoice, expected) == ["check.self_payment"])
    #expect(
      expected.check(invoice, now: Self.created).first?.found == .text(FakeKeys.specPayee))
  }

  @Test("network: another chain is a mismatch, named by its prefix")
  func network() throws {
    var expected = InvoiceExpectations()
    expected.network = .testnet
    let violation = try #require(expected.check(try Self.invoice(), now: Self.created).first)
    #expect(violation.code == .networkMismatch)
    #expect(violation.expected == .text("tb"))
    #expect(violation.found == .text("bc"))
  }

  @Test("description: d equal, or h its SHA-256; a direct-text expectation refuses any hash")
  func description() throws {
    let direct = try Self.invoice()
    // SHA-256("1 cup coffee"), computed with `printf '1 cup coffee' | sha256sum`.
    let coffeeHash = "20368eebbb23fc807f8a1edbd8a392e0d7c6b2d031fb95029d331318edfd022d"
    #expect(DescriptionHash(of: "1 cup coffee").description == coffeeHash)
    let hashed = try Self.invoice { $0.description = .hash(DescriptionHash(hex: coffeeHash)!) }
    var expected = InvoiceExpectations()
    expected.description = .text("1 cup coffee")
    #expect(Self.codes(direct, expected) == [])
    #expect(Self.codes(hashed, expected) == [])
    expected.description = .text("1 cup coffee ")
    #expect(Self.codes(direct, expected) == ["check.description_mismatch"])
    #expect(Self.codes(hashed, expected) == ["check.description_mismatch"])
    expected.description = .directText("1 cup coffee")
    #expect(Self.codes(direct, expected) == [])
    #expect(Self.codes(hashed, expected) == ["check.description_mismatch"])
    // Compared byte for byte: "é" precomposed is not "e" and a combining accent.
    let composed = try Self.invoice { $0.description = .text("caf\u{E9}") }
    expected.description = .text("cafe\u{301}")
    #expect(Self.codes(composed, expected) == ["check.description_mismatch"])
  }

  @Test("description hash: a d invoice violates it, with nothing found")
  func descriptionHash() throws {
    var expected = InvoiceExpectations()
    expected.descriptionHash = DescriptionHash(of: "1 cup coffee")
    let direct = try Self.invoice()
    #expect(Self.codes(direct, expected) == ["check.description_hash_mismatch"])
    #expect(expected.check(direct, now: Self.created).first?.found == .absent)
    let hashed = try Self.invoice { $0.description = .hash(DescriptionHash(of: "1 cup coffee")) }
    #expect(Self.codes(hashed, expected) == [])
    expected.descriptionHash = DescriptionHash(of: "2 cups")
    #expect(Self.codes(hashed, expected) == ["check.description_hash_mismatch"])
  }

  @Test("payment hash")
  func paymentHash() throws {
    var expected = InvoiceExpectations()
    expected.paymentHash = PaymentHash(bytes: [UInt8](repeating: 0x43, count: 32))
    #expect(Self.codes(try Self.invoice(), expected) == ["check.payment_hash_mismatch"])
  }

  @Test("future timestamp: created at now + tolerance passes, one second later does not")
  func futureTimestamp() throws {
    let invoice = try Self.invoice()
    var expected = InvoiceExpectations()
    #expect(Self.codes(invoice, expected, now: Self.created - 600) == [])
    #expect(Self.codes(invoice, expected, now: Self.created - 601) == ["check.future_timestamp"])
    expected.maxFutureSeconds = 0
    #expect(Self.codes(invoice, expected, now: Self.created) == [])
    #expect(Self.codes(invoice, expected, now: Self.created - 1) == ["check.future_timestamp"])
    // A tolerance past 64 bits saturates: nothing is later than it.
    expected.maxFutureSeconds = .max
    #expect(Self.codes(invoice, expected, now: 1) == [])
  }

  @Test("expired at expires_at itself; a second before is one second left")
  func expiry() throws {
    let invoice = try Self.invoice()
    let expiresAt = Self.created + 60
    var expected = InvoiceExpectations()
    #expect(Self.codes(invoice, expected, now: expiresAt - 1) == [])
    #expect(Self.codes(invoice, expected, now: expiresAt) == ["check.expired"])
    expected.minRemainingSeconds = 2
    #expect(Self.codes(invoice, expected, now: expiresAt - 2) == [])
    #expect(Self.codes(invoice, expected, now: expiresAt - 1) == ["check.lifetime_too_short"])
    // Expired, so not also "too short".
    #expect(Self.codes(invoice, expected, now: expiresAt + 5) == ["check.expired"])
  }

  @Test("a margin: lifetime counts to expires_at - margin, and none left is too short")
  func margin() throws {
    let invoice = try Self.invoice()
    var expected = InvoiceExpectations()
    expected.expiryMarginSeconds = 30
    #expect(Self.codes(invoice, expected, now: Self.created + 29) == [])
    #expect(Self.codes(invoice, expected, now: Self.created + 30) == ["check.lifetime_too_short"])
    let violation = try #require(expected.check(invoice, now: Self.created + 45).first)
    #expect(violation.found == .integer(0))
    expected.expiryMarginSeconds = .max
    #expect(Self.codes(invoice, expected, now: Self.created) == ["check.lifetime_too_short"])
  }

  @Test("maximum age: exactly the maximum passes, one second more is too old")
  func age() throws {
    let invoice = try Self.invoice { $0.expirySeconds = 100_000 }
    var expected = InvoiceExpectations()
    expected.maxAgeSeconds = 3600
    #expect(Self.codes(invoice, expected, now: Self.created + 3600) == [])
    #expect(Self.codes(invoice, expected, now: Self.created + 3601) == ["check.too_old"])
  }

  @Test("CLTV delta: the default 18 at a bound of 18 passes, 17 does not")
  func cltv() throws {
    let invoice = try Self.invoice()
    var expected = InvoiceExpectations()
    expected.maxFinalCLTVExpiryDelta = 18
    #expect(Self.codes(invoice, expected) == [])
    expected.maxFinalCLTVExpiryDelta = 17
    let violation = try #require(expected.check(invoice, now: Self.created).first)
    #expect(violation.code == .cltvTooLarge)
    #expect(violation.found == .integer(18))
  }

  @Test("every violation at once, in the order of the codes")
  func everything() throws {
    let invoice = try Self.invoice { $0.currency = .testnet }
    var expected = InvoiceExpectations()
    expected.amount = Millisatoshis(1)
    expected.maxAmount = Millisatoshis(1)
    expected.payees = [Self.otherKey.publicKey]
    expected.ownNodeIDs = [Self.key.publicKey]
    expected.network = .bitcoin
    expected.description = .text("tea")
    expected.descriptionHash = DescriptionHash(of: "tea")
    expected.paymentHash = PaymentHash(bytes: [UInt8](repeating: 0, count: 32))
    expected.maxAgeSeconds = 0
    expected.maxFinalCLTVExpiryDelta = 0
    let codes = Self.codes(invoice, expected, now: Self.created + 61)
    #expect(
      codes == [
        "check.amount_mismatch", "check.amount_too_large", "check.payee_mismatch",
        "check.self_payment", "check.network_mismatch", "check.description_mismatch",
        "check.description_hash_mismatch", "check.payment_hash_mismatch", "check.expired",
        "check.too_old", "check.cltv_too_large",
      ])
    // The codes' declared order is the report order.
    let order = InvoiceViolation.Code.allCases.map(\.rawValue)
    #expect(codes == order.filter(codes.contains))
  }
}
