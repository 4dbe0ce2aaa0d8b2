import Bolt11
import PaymentInput
import TestSupport
import Testing

/// One "what will I pay" for every payable kind. Expected values: BOLT #11's coffee example
/// (2500u = 250,000,000 msat, "1 cup coffee", created 1496314658 with 60 s of expiry, its payee
/// as the spec states it) and BOLT #12's offer vectors (their listed fields).
@Suite struct PaymentSummaryTests {
  static let coffeePayee = "03e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad"
  static let issuerID = "02eec7245d6b7d2ccb30380bfbe2a3648cd7a942653f5aa340edcea1f283686619"

  @Test("bolt12-issue40: a BOLT #11 invoice")
  func invoice() throws {
    let summary = try #require(
      try PaymentString(parsing: PaymentStringSamples.coffee).paymentSummary)
    #expect(summary.kind == .bolt11)
    #expect(summary.amount == .millisatoshis(Millisatoshis(250_000_000)))
    #expect(summary.description == "1 cup coffee")
    #expect(summary.payee?.description == Self.coffeePayee)
    #expect(summary.issuer == nil)
    #expect(try #require(summary.expiresAt) == 1_496_314_658 + 60)
    #expect(summary.networks == ["bitcoin"])
  }

  @Test("bolt12-issue40: an offer in a currency, one with an expiry, one on testnet")
  func offer() throws {
    let currency = try PaymentString(parsing: try Bolt12VectorFiles.string("with currency"))
    let summary = try #require(currency.paymentSummary)
    #expect(summary.kind == .bolt12Offer)
    // Field 8 is 0x2710 cents of USD: "amount is USD $100.00".
    #expect(summary.amount == .currency(code: "USD", minorUnits: 10_000, text: "100.00 USD"))
    #expect(summary.description == "Test vectors")
    #expect(summary.payee?.description == Self.issuerID)
    #expect(summary.expiresAt == nil)
    #expect(summary.networks == ["bitcoin"])
    #expect(summary.warnings.isEmpty)
    let expiring = try PaymentString(parsing: try Bolt12VectorFiles.string("with expiry"))
    #expect(try #require(expiring.paymentSummary?.expiresAt) == 0x7a42_97d8)
    let testnet = try PaymentString(parsing: try Bolt12VectorFiles.string("for testnet"))
    #expect(testnet.paymentSummary?.networks == ["testnet"])
  }

  @Test("bolt12-issue40: a bitcoin: URI holding an invoice or an offer; the URI's warnings follow")
  func uri() throws {
    // 0.001 BTC in the URI against 2500u in the invoice: bip321.amount_mismatch.
    let withInvoice = try PaymentString(
      parsing: "bitcoin:\(PaymentStringSamples.p2wpkh)?amount=0.001&lightning="
        + PaymentStringSamples.coffee)
    let invoiceSummary = try #require(withInvoice.paymentSummary)
    #expect(invoiceSummary.kind == .bolt11)
    #expect(invoiceSummary.amount == .millisatoshis(Millisatoshis(250_000_000)))
    #expect(invoiceSummary.warnings == ["bip321.amount_mismatch"])
    let withOffer = try PaymentString(
      parsing: "bitcoin:?lno=" + (try Bolt12VectorFiles.string("with currency")))
    #expect(withOffer.paymentSummary?.kind == .bolt12Offer)
    #expect(withOffer.paymentSummary?.description == "Test vectors")
  }

  @Test("bolt12-issue40: nothing to summarise for a string that does not pay by itself")
  func notPayable() throws {
    #expect(try PaymentString(parsing: PaymentStringSamples.lnurl).paymentSummary == nil)
    #expect(try PaymentString(parsing: "lnr1qq").paymentSummary == nil)
    let broken = try Bolt12VectorFiles.string("Malformed: unknown even TLV type 78")
    #expect(try PaymentString(parsing: broken).paymentSummary == nil)
  }
}

/// The offer example of the module's documentation page behaves as it says.
@Suite struct OfferDocumentationExampleTests {
  @Test("bolt12-issue40: the documentation page's pasted offer")
  func pastedOffer() throws {
    let pasted = try PaymentString(
      parsing:
        "lightning:lno1qcp4256ypqpzwyq2p32x2um5ypmx2cm5dae8x93pqthvwfzadd7jejes8q9lhc4rvjxd022zv5l44g6qah82ru5rdpnpj",
      options: DecodeOptions(network: .bitcoin, now: 1_800_000_000))
    #expect(pasted.offer?.description == "Test vectors")
    #expect(pasted.offer?.currency == "USD")
    #expect(
      pasted.paymentSummary?.amount
        == .currency(code: "USD", minorUnits: 10_000, text: "100.00 USD"))
  }
}
