import TestSupport
import Testing

@testable import Bolt11

/// Compat mode reads invoices that strict mode refuses only because a payer must not pay them,
/// each with its strict code in `warnings`; a `c` above 2^32 - 1 draws `cltv.unusable` in both.
@Suite struct CompatModeTests {
  typealias Fixture = SignedInvoiceFixture

  static let strict = DecodeOptions(mode: .strict)
  static let compat = DecodeOptions(mode: .compat)

  /// The code decoding refuses `text` with, or nil when it decodes.
  static func code(_ text: String, _ options: DecodeOptions) -> String? {
    do {
      _ = try Invoice.decode(text, options: options)
      return nil
    } catch {
      return error.code.rawValue
    }
  }

  static func strictCode(_ text: String) -> String? { code(text, strict) }

  /// The code the builder refuses with, or nil when it builds.
  static func buildCode(_ builder: InvoiceBuilder) -> InvoiceBuildError.Code? {
    do {
      _ = try builder.build(signingWith: Fixture.key)
      return nil
    } catch {
      return error.code
    }
  }

  /// A `9` field setting `bits`: bit 0 is the lowest bit of the last word.
  static func featureField(_ bits: [Int]) -> Fixture.Field {
    let count = bits.max()! / 5 + 1
    var words = [UInt8](repeating: 0, count: count)
    for bit in bits { words[count - 1 - bit / 5] |= 1 << UInt8(bit % 5) }
    return ("9", words)
  }

  /// A `c` field holding `value` in its minimal words.
  static func cltvField(_ value: UInt64) -> Fixture.Field {
    ("c", InvoiceBuilder.minimalWords(value))
  }

  @Test("lnsb10u: currency sb (simnet), 10u = 1,000,000 msat, warning hrp.unknown_prefix")
  func simnetPrefix() throws {
    let text = Fixture.signed(Fixture.required, hrp: "lnsb10u")
    #expect(Self.strictCode(text) == "hrp.unknown_prefix")
    let invoice = try Invoice.decode(text, options: Self.compat)
    #expect(invoice.currency == .unknown(prefix: "sb"))
    #expect(invoice.currency.knownNetworkName == "simnet")
    #expect(invoice.currency.prefix == "sb")
    #expect(!invoice.currency.isKnown)
    // 10 * 10^-6 BTC = 10^-5 BTC; 1 BTC = 10^11 msat.
    #expect(invoice.amount == Millisatoshis(1_000_000))
    #expect(invoice.warnings == [.hrpUnknownPrefix])
    #expect(invoice.payeeNodeID.bytes == Fixture.key.publicKey.bytes)
  }

  @Test("an unknown prefix without amount has no known network; the amount warnings follow")
  func unknownPrefixWithoutKnownNetwork() throws {
    let plain = try Invoice.decode(
      Fixture.signed(Fixture.required, hrp: "lnxyz"), options: Self.compat)
    #expect(plain.currency == .unknown(prefix: "xyz"))
    #expect(plain.currency.knownNetworkName == nil)
    #expect(plain.amount == nil)
    let padded = try Invoice.decode(
      Fixture.signed(Fixture.required, hrp: "lnxyz010u"), options: Self.compat)
    #expect(padded.warnings == [.hrpUnknownPrefix, .amountLeadingZeros])
  }

  @Test(
    "compat still refuses a prefix that is not letters, an empty one, and any amount fault",
    arguments: [
      ("lnx-y", "hrp.unknown_prefix"), ("ln", "hrp.unknown_prefix"),
      ("ln10u", "hrp.unknown_prefix"), ("lsb", "hrp.unknown_prefix"),
      ("lnsb10x", "hrp.invalid_amount"), ("lnsb1p", "amount.sub_millisatoshi"),
      ("lnsb30000000", "amount.overflow"),
    ])
  func compatRefusals(hrp: String, code: String) {
    #expect(Self.code(Fixture.signed(Fixture.required, hrp: hrp), Self.compat) == code)
  }

  @Test("the network option compares an unknown prefix like any other currency")
  func networkOption() throws {
    let text = Fixture.signed(Fixture.required, hrp: "lnsb")
    var options = Self.compat
    options.network = .bitcoin
    #expect(Self.code(text, options) == "network.mismatch")
    options.network = .unknown(prefix: "sb")
    #expect(try Invoice.decode(text, options: options).currency == .unknown(prefix: "sb"))
  }

  @Test("no s: paymentSecret is nil, warning field.missing_payment_secret")
  func missingSecret() throws {
    let text = Fixture.signed([Fixture.paymentHash, Fixture.description])
    #expect(Self.strictCode(text) == "field.missing_payment_secret")
    let invoice = try Invoice.decode(text, options: Self.compat)
    #expect(invoice.paymentSecret == nil)
    #expect(invoice.warnings == [.fieldMissingPaymentSecret])
    // The builder never writes an invoice without `s`: it refuses, it does not trap.
    #expect(Self.buildCode(InvoiceBuilder(reproducing: invoice)) == .invalidPaymentSecret)
  }

  @Test(
    "AMP-style features 8, 14, 30: read with features.unknown_required; dependencies still hold")
  func unknownRequiredFeature() throws {
    let amp = Fixture.signed(Fixture.required + [Self.featureField([8, 14, 30])])
    #expect(Self.strictCode(amp) == "features.unknown_required")
    let invoice = try Invoice.decode(amp, options: Self.compat)
    #expect(invoice.features.setBits == [8, 14, 30])
    #expect(invoice.warnings == [.featuresUnknownRequired])
    // basic_mpp (16) without payment_secret (14 or 15) stays refused.
    let missing = Fixture.signed(Fixture.required + [Self.featureField([8, 16, 30])])
    #expect(Self.code(missing, Self.compat) == "features.missing_dependency")
  }

  @Test(
    "d not UTF-8: each maximal ill-formed subpart becomes one U+FFFD",
    arguments: [
      ([0x61, 0xff, 0x62], "a\u{FFFD}b"), ([0xc0, 0xaf], "\u{FFFD}\u{FFFD}"),
      ([0x61, 0xe3, 0x81], "a\u{FFFD}"), ([0xed, 0xa0, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}"),
    ] as [([UInt8], String)])
  func invalidUTF8(bytes: [UInt8], text: String) throws {
    let invoice = Fixture.signed([
      Fixture.paymentHash, Fixture.paymentSecret, ("d", Fixture.words(bytes)),
    ])
    #expect(Self.strictCode(invoice) == "field.invalid_utf8")
    let decoded = try Invoice.decode(invoice, options: Self.compat)
    #expect(decoded.description == .text(text))
    #expect(decoded.warnings == [.fieldInvalidUTF8])
  }

  @Test("warnings come in the order the reader meets them: prefix, fields, then the missing s")
  func warningOrder() throws {
    let text = Fixture.signed(
      [Fixture.paymentHash, Self.featureField([8, 14, 30]), ("d", Fixture.words([0xff]))],
      hrp: "lnsb")
    let invoice = try Invoice.decode(text, options: Self.compat)
    #expect(
      invoice.warnings == [
        .hrpUnknownPrefix, .featuresUnknownRequired, .fieldInvalidUTF8, .fieldMissingPaymentSecret,
      ])
  }

  @Test("c above 2^32 - 1 warns cltv.unusable in both modes; 2^32 - 1 does not")
  func unusableCLTV() throws {
    for options in [Self.strict, Self.compat] {
      let above = try Invoice.decode(
        Fixture.signed(Fixture.required + [Self.cltvField(1 << 32)]), options: options)
      #expect(above.minFinalCLTVExpiryDelta == 1 << 32)
      #expect(above.warnings == [.cltvUnusable])
      let edge = try Invoice.decode(
        Fixture.signed(Fixture.required + [Self.cltvField(1 << 32 - 1)]), options: options)
      #expect(edge.warnings.isEmpty)
    }
  }

  @Test("Currency: the four chains stay the only cases of allCases, rawValue and name")
  func currencyAPI() {
    #expect(Currency.allCases == [.bitcoin, .testnet, .signet, .regtest])
    #expect(Currency(rawValue: "sb") == nil)
    #expect(Currency(name: "simnet") == nil)
    #expect(Currency(rawValue: "tbs") == .signet)
    #expect(Currency.unknown(prefix: "sb").rawValue == "sb")
    #expect(Currency.unknown(prefix: "sb").networkName == "simnet")
    #expect(Currency.unknown(prefix: "xy").networkName == "xy")
    #expect(Currency.allCases.allSatisfy { $0.isKnown })
  }

  @Test("fallbacks on an unknown chain: witness address by the prefix, no Base58 address")
  func fallbackAddresses() throws {
    let chain = Currency.unknown(prefix: "sb")
    let p2pkh = try #require(Fallback(version: 17, program: Array(1...20)))
    #expect(p2pkh.address(on: chain) == nil)
    let p2wpkh = try #require(Fallback(version: 0, program: Array(0x41...0x54)))
    // BIP-173 reference segwit_encode("sb", 0, bytes 0x41...0x54).
    #expect(p2wpkh.address(on: chain) == "sb1qg9pyx3z9ger5sj22fdxy6nj02pg4y5658lw6mw")
  }

  @Test("the builder refuses an unknown currency instead of writing what strict mode refuses")
  func builderRefusesUnknownCurrency() {
    let builder = InvoiceBuilder(
      currency: .unknown(prefix: "sb"),
      paymentHash: PaymentHash(bytes: [UInt8](repeating: 1, count: 32))!,
      paymentSecret: PaymentSecret(bytes: [UInt8](repeating: 2, count: 32))!,
      description: .text("x"), createdAt: 1)
    #expect(Self.buildCode(builder) == .invalidCurrency)
  }
}
