import Bech32Codec
import Secp256k1
import TestSupport
import Testing

@testable import Bolt11

/// Inputs the fuzz targets in `Tools/fuzz/` found, each reduced to the fields that matter and
/// signed with the fake test key, so that each stays fixed once it is fixed.
@Suite struct FuzzRegressionTests {
  typealias Field = SignedInvoiceFixture.Field
  static let key = SignedInvoiceFixture.key
  static let paymentHash = SignedInvoiceFixture.paymentHash
  static let paymentSecret = SignedInvoiceFixture.paymentSecret
  static let description = SignedInvoiceFixture.description

  static func words(_ bytes: [UInt8]) -> [UInt8] { SignedInvoiceFixture.words(bytes) }

  static func signed(_ fields: [Field]) -> String { SignedInvoiceFixture.signed(fields) }

  /// Decodes `text` and rebuilds it with `InvoiceBuilder(reproducing:)` and the same key.
  static func rebuilt(_ text: String, mode: DecodeOptions.Mode = .strict) throws -> (
    decoded: Invoice, rebuilt: Invoice
  ) {
    let invoice = try Invoice.decode(text, options: DecodeOptions(mode: mode))
    return (invoice, try InvoiceBuilder(reproducing: invoice).build(signingWith: key))
  }

  @Test("an empty `9` field is reproduced by InvoiceBuilder(reproducing:)")
  func emptyFeaturesField() throws {
    // Found by the roundtrip target: the decoder accepts a `9` field of length 0 (it does not
    // begin with a zero word, so it is not non-minimal), but the builder dropped it and then
    // refused its own field order (`build.invalid_field_order`).
    let text = Self.signed([Self.paymentHash, Self.paymentSecret, Self.description, ("9", [])])
    let (decoded, rebuilt) = try Self.rebuilt(text)
    #expect(decoded.features.isEmpty)
    #expect(rebuilt.string == text)
  }

  @Test("an `f` field of unknown version keeps its place before a known one")
  func unknownFallbackBeforeKnown() throws {
    let unknown: Field = ("f", [19] + Self.words([UInt8](repeating: 0xaa, count: 4)))
    let p2pkh: Field = ("f", [17] + Self.words([UInt8](repeating: 0xbb, count: 20)))
    let text = Self.signed([Self.paymentHash, Self.paymentSecret, Self.description, unknown, p2pkh])
    let (decoded, rebuilt) = try Self.rebuilt(text)
    #expect(decoded.fallbacks.count == 1 && decoded.extraFields.count == 1)
    #expect(rebuilt.string == text)
  }

  @Test("in compat mode, a wrong-length `p` keeps its place before the real one")
  func skippedFieldBeforeKnown() throws {
    let short: Field = ("p", Self.words([UInt8](repeating: 0x02, count: 20)))
    let text = Self.signed([short, Self.paymentHash, Self.paymentSecret, Self.description])
    let (decoded, rebuilt) = try Self.rebuilt(text, mode: .compat)
    #expect(decoded.extraFields.count == 1)
    #expect(rebuilt.string == text)
  }

  /// A builder with the required fields and `bits` set.
  static func builder(features bits: [Int]) throws -> InvoiceBuilder {
    var builder = InvoiceBuilder(
      currency: .bitcoin, paymentHash: PaymentHash(bytes: [UInt8](repeating: 1, count: 32))!,
      paymentSecret: PaymentSecret(bytes: [UInt8](repeating: 0x11, count: 32))!,
      description: .text("fuzz"),
      createdAt: 1_496_314_658)
    builder.features = try Features(bits: bits)
    return builder
  }

  @Test(
    "the builder refuses features a reader refuses instead of trapping",
    arguments: [[100], [14, 16, 254], [16], [17], [8, 17]])
  func builderRefusesFeatures(bits: [Int]) {
    // Found by the builder target: the builder wrote any feature bits, then trapped on its own
    // check that the decoder accepts what it built (`bolt11 encode` with "feature_bits": [100]).
    #expect {
      try Self.builder(features: bits).build(signingWith: Self.key)
    } throws: { error in
      (error as? InvoiceBuildError)?.code == .invalidFeatures
    }
  }

  @Test("the builder writes known and unknown odd feature bits")
  func builderWritesOddFeatures() throws {
    let invoice = try Self.builder(features: [9, 15, 17, 101]).build(signingWith: Self.key)
    #expect(invoice.features.setBits == [9, 15, 17, 101])
  }

  @Test(
    "the builder writes amounts up to 21 million bitcoin, pico-bitcoin ones too",
    arguments: [
      1_844_674_407_370_955_161, 1_844_674_407_370_955_162, 2_000_000_000_000_000_001,
      2_099_999_999_999_999_999, 2_100_000_000_000_000_000,
    ])
  func builderWritesWideAmounts(msat: UInt64) throws {
    // Found by the builder target: an amount that is not a whole number of 100 msat is written
    // in `p` as msat * 10, beyond 64 bits above UInt64.max / 10 msat; the decoder refused it with
    // amount.overflow and the builder trapped on its own check. The decoder now reads `p`
    // amounts up to 21 million bitcoin (main, cd6b433).
    var builder = try Self.builder(features: [])
    builder.amount = Millisatoshis(msat)
    #expect(try builder.build(signingWith: Self.key).amount == Millisatoshis(msat))
  }
}
