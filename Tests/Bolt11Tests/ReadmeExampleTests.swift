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
    // The snippet's time, amount and feature lines.
    #expect(!invoice.isExpired(at: 1_496_314_658 + 59) && invoice.isExpired(at: 1_496_314_718))
    #expect(invoice.timeLeft(at: 1_496_314_658) == .seconds(60))
    #expect(invoice.wouldExpire(within: .seconds(30), at: 1_496_314_658 + 30))
    #expect(invoice.amount?.satoshis == 250_000)
    #expect(invoice.amount?.text(in: .satoshis) == "250,000 sat")
    #expect(Millisatoshis(1_500).text(in: .satoshis) == "1.5 sat")
    #expect(invoice.amount?.text(in: .bitcoin) == "0.0025 BTC")
    #expect(!invoice.features.supportsBasicMPP)
    #expect(try Invoice.decode(signed.string.uppercased()) == invoice)
    let key = try SigningKey(secretKey: FakeKeys.specSecret)
    let viaClosure = try builder.build { digest in key.signRecoverable(digest) }
    #expect(viaClosure.string == signed.string)
  }
}
