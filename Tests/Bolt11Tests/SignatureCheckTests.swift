import Bech32Codec
import Secp256k1
import TestSupport
import Testing

@testable import Bolt11

/// Step 7 of the check order for the cases the vector files do not reach: a route key or `n` key
/// off the curve, and a signature by another key than `n`.
@Suite struct SignatureCheckTests {
  /// A compressed key whose x has no point on secp256k1 (found by asking libsecp256k1).
  static let offCurveKey: PublicKey = {
    for last in UInt8(1)...UInt8(255) {
      let key = [0x02] + [UInt8](repeating: 0, count: 31) + [last]
      if !ECDSA.isValidPublicKey(key) { return PublicKey(bytes: key)! }
    }
    preconditionFailure("some small x is off the curve")
  }()

  static func builder() -> InvoiceBuilder {
    InvoiceBuilder(
      currency: .bitcoin, paymentHash: PaymentHash(bytes: [UInt8](repeating: 1, count: 32))!,
      paymentSecret: PaymentSecret(bytes: [UInt8](repeating: 2, count: 32))!,
      description: .text("test"),
      createdAt: 1_700_000_000)
  }

  /// Signs `builder`'s fields with `key`, stating `payee` in `n` when given, without decoding.
  /// `extra` is appended to the fields as it is (type, length and data words).
  static func sign(
    _ builder: InvoiceBuilder, key: SigningKey, payee: PublicKey? = nil, extra: [UInt8] = []
  ) throws -> String {
    var builder = builder
    builder.statesPayee = payee != nil
    let unsigned = try builder.unsignedWords(payee: payee ?? key.publicKey) + extra
    return InvoiceSigner.sign(hrp: builder.humanReadablePart, dataWords: unsigned, key: key)
  }

  static func code(_ text: String, _ options: DecodeOptions = DecodeOptions()) -> String? {
    do {
      _ = try Invoice.decode(text, options: options)
      return nil
    } catch {
      return error.code.rawValue
    }
  }

  @Test("a route hop key off the curve: kept by default, field.invalid_pubkey when checked")
  func offCurveRouteKey() throws {
    let key = FakeKeys.signingKey()
    let builder = Self.builder()
    let good = RouteHop(
      nodeID: key.publicKey, shortChannelID: ShortChannelID(rawValue: 1), feeBaseMsat: 1,
      feeProportionalMillionths: 1, cltvExpiryDelta: 40)
    var bad = good
    bad.nodeID = Self.offCurveKey
    // The builder refuses such a hop, so the `r` field goes in as raw words.
    func routeField(_ hops: [RouteHop]) -> [UInt8] {
      let data = Bech32.words(fromBytes: hops.flatMap(\.bytes))
      return [FieldType.routeHint.number, UInt8(data.count >> 5), UInt8(data.count & 31)] + data
    }
    let extra = routeField([good, bad])
    let text = try Self.sign(builder, key: key, extra: extra)
    let checking = DecodeOptions(checkRouteHintKeys: true)

    // BOLT 11 has no reader rule on route keys: by default the key's form is checked, not its
    // place on the curve, and the hop is kept as received.
    let invoice = try Invoice.decode(text)
    #expect(invoice.routeHints.map(\.hops) == [[good, bad]])
    #expect(invoice.routeHints[0].hops.map(\.hasValidNodeID) == [true, false])

    // Asked for, the check refuses it at the second hop's key: the r field is the last one
    // before the signature, and that key starts 51 bytes (81 whole characters) into its data.
    let fieldStart = text.utf8.count - 6 - RawInvoice.signatureWordCount - extra.count
    let expectedPosition = fieldStart + 3 + 51 * 8 / 5
    #expect(Self.code(text, checking) == "field.invalid_pubkey")
    let checks: [() throws -> Void] = [
      { try invoice.checkRouteHintKeys() }, { _ = try Invoice.decode(text, options: checking) },
    ]
    for check in checks {
      let error = #expect(throws: InvoiceError.self) { try check() }
      #expect(error?.code == .fieldInvalidPubkey)
      #expect(error?.position == expectedPosition)
    }
    // Parsing alone does no elliptic-curve work and accepts it.
    #expect(throws: Never.self) { try SignedRawInvoice.parse(text) }
    let allGood = try Self.sign(builder, key: key, extra: routeField([good, good]))
    #expect(Self.code(allGood, checking) == nil)
  }

  @Test("an `n` key off the curve is field.invalid_pubkey")
  func offCurvePayee() throws {
    let key = FakeKeys.signingKey()
    let text = try Self.sign(Self.builder(), key: key, payee: Self.offCurveKey)
    #expect(Self.code(text) == "field.invalid_pubkey")
  }

  /// Check order, step 7, with `n`: `signature.high_s`, then `field.invalid_pubkey`, then
  /// `signature.invalid`. An `n` whose first byte is neither 02 nor 03 is no `PublicKey`; it must
  /// still take its place in that order.
  @Test(
    "an `n` of 33 bytes not in compressed form: high-S first, then field.invalid_pubkey",
    arguments: [0x04, 0x00] as [UInt8])
  func malformedPayee(_ prefix: UInt8) throws {
    let key = FakeKeys.signingKey()
    let keyWords = Bech32.words(fromBytes: [prefix] + key.publicKey.bytes.dropFirst())
    // `n` (19), 53 words of data.
    let nField =
      [FieldType.payee.number, UInt8(keyWords.count >> 5), UInt8(keyWords.count & 31)]
      + keyWords
    let builder = Self.builder()
    let unsigned = try builder.unsignedWords(payee: key.publicKey) + nField
    let lowS = InvoiceSigner.sign(hrp: builder.humanReadablePart, dataWords: unsigned, key: key)
    #expect(Self.code(lowS) == "field.invalid_pubkey")
    let highS = InvoiceSigner.sign(
      hrp: builder.humanReadablePart, dataWords: unsigned, key: key,
      alteration: InvoiceSigner.Alteration(highS: true))
    #expect(Self.code(highS) == "signature.high_s")
    // Parsing alone reads the invoice; the malformed key is no stated payee.
    #expect(try SignedRawInvoice.parse(lowS).fields.statedPayee == nil)
  }

  @Test("a signature by another key than `n` is signature.invalid; by `n` it decodes")
  func otherSigner() throws {
    let key = FakeKeys.signingKey()
    let other = FakeKeys.signingKey(0x02)
    let text = try Self.sign(Self.builder(), key: key, payee: other.publicKey)
    #expect(Self.code(text) == "signature.invalid")
    let good = try Self.sign(Self.builder(), key: key, payee: key.publicKey)
    #expect(Self.code(good) == nil)
    #expect(try Invoice.decode(good).payeeNodeID.bytes == key.publicKey.bytes)
  }
}
