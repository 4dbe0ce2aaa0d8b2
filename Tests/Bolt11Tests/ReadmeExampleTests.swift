import Secp256k1
import TestSupport
import Testing

@testable import Bolt11

/// The README's library snippet, kept compiling and true.
@Suite struct ReadmeExampleTests {
  @Test("the README's build-and-sign snippet gives the spec's second example")
  func buildAndSign() throws {
    let hash = try #require(
      PaymentHash(hex: "0001020304050607080900010203040506070809000102030405060708090102"))
    let secret = try #require(PaymentSecret(bytes: [UInt8](repeating: 0x11, count: 32)))
    var builder = InvoiceBuilder(
      currency: .bitcoin, paymentHash: hash, paymentSecret: secret,
      description: .text("1 cup coffee"), createdAt: 1_496_314_658)
    builder.amount = Millisatoshis(250_000_000)
    builder.expirySeconds = 60
    builder.features = try Features(bits: [8, 14])
    builder.fieldOrder = ["s", "p", "d", "x", "9"]
    let signed = try builder.build(signingWith: SigningKey(secretKey: FakeKeys.specSecret))
    // BOLT #11, "Please send $3 for a cup of coffee to the same peer, within one minute".
    let expected = try #require(SpecVector.all.first { $0.name.hasPrefix("Please send $3") })
    #expect(signed.string == expected.invoice)

    let invoice = try Invoice.decode(signed.string, options: DecodeOptions(network: .bitcoin))
    #expect(invoice.amount == Millisatoshis(250_000_000))
    #expect(invoice.payeeNodeID.description == FakeKeys.specPayee)
    #expect(invoice.description == .text("1 cup coffee"))
    #expect(invoice.expiresAt == 1_496_314_658 + 60)
    let unchecked = try SignedRawInvoice.parse(signed.string)
    #expect(unchecked.fields == invoice.fields)
  }
}
