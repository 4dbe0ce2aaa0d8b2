import Bolt11
import Bolt12
import Foundation
import PaymentInput
import TestSupport
import Testing

/// Offers through `PaymentString`: alone, after `lightning:` and in a `bitcoin:` URI, read in
/// full with the caller's clock and network. Expected values are the fields BOLT #12's vectors
/// list (`Vectors/spec/bolt12/offers-test.json`).
@Suite struct OfferStringTests {
  @Test("bolt12-issue40: an lno string gives the typed offer: alone, after lightning:, in lno=")
  func typedOffer() throws {
    let text = try Bolt12VectorFiles.string("with currency")
    for input in [
      text, "lightning:" + text, "LIGHTNING:" + text.uppercased(), "bitcoin:?lno=" + text,
    ] {
      let string = try PaymentString(parsing: input)
      let offer = try #require(string.offer, "\(input)")
      // Field 6 is "USD", 8 is 0x2710, 10 is "Test vectors", 22 the issuer id.
      #expect(offer.currency == "USD")
      #expect(offer.amount == 0x2710)
      #expect(offer.description == "Test vectors")
      #expect(offer.issuerID?.description == (try Bolt12VectorFiles.field("with currency", 22)))
      // The vector's note: "amount is USD $100.00".
      #expect(offer.amountText == "100.00 USD")
    }
  }

  @Test("bolt12-issue40: the offer is read with the caller's clock and network")
  func clockAndNetwork() throws {
    let expiring = try Bolt12VectorFiles.string("with expiry")
    let expiry = try #require(UInt64(try Bolt12VectorFiles.field("with expiry", 14), radix: 16))
    let before = try PaymentString(parsing: expiring, options: DecodeOptions(now: expiry - 1))
    #expect(before.offer?.absoluteExpiry == expiry)
    for input in [expiring, "bitcoin:?lno=" + expiring] {
      let after = try PaymentString(parsing: input, options: DecodeOptions(now: expiry))
      #expect(after.offer == nil)
      let error = try Self.offerError(after)
      #expect(error.code == .expired)
    }
    let testnet = try Bolt12VectorFiles.string("for testnet")
    #expect(
      try PaymentString(parsing: testnet, options: DecodeOptions(network: .testnet)).offer != nil)
    let onBitcoin = try PaymentString(parsing: testnet, options: DecodeOptions(network: .bitcoin))
    #expect(try Self.offerError(onBitcoin).code == .networkMismatch)
  }

  @Test("bolt12-issue40: an offer that breaks a rule keeps its form and says the rule")
  func brokenOffer() throws {
    let text = try Bolt12VectorFiles.string("Malformed: unknown even TLV type 78")
    let string = try PaymentString(parsing: text)
    guard case .bolt12(let bolt12) = string else {
      Issue.record("not a BOLT #12 string: \(string.kind)")
      return
    }
    #expect(bolt12.kind == .offer)
    #expect(bolt12.offerError?.code == .unknownEven)
    // The record after 10 and 22 starts 0x48 0x20: type 72, even and unassigned (the
    // vector's description says 78; its bytes say 72).
    #expect(bolt12.offerError?.type == 72)
    let uri = try BitcoinURI(parsing: "bitcoin:?lno=" + text)
    #expect(uri.entryError?.dottedCode == "bolt12.unknown_even")
  }

  @Test("bolt12-issue40: a fault of the form keeps bolt12.malformed and its position")
  func formFault() throws {
    // "lightning:" is 10 characters and "lno1pg" 6: the upper-case X is character 16.
    #expect {
      try PaymentString(parsing: "lightning:lno1pgX")
    } throws: { error in
      let error = error as? PaymentStringError
      return error?.code == .bolt12Malformed && error?.position == 16
        && error?.kind == .bolt12Offer
    }
    // 16,385 characters: over the cap, refused before the form is read.
    #expect {
      try PaymentString(parsing: "lno1" + String(repeating: "q", count: 16_381))
    } throws: { ($0 as? PaymentStringError)?.dottedCode == "bolt12.too_long" }
  }

  @Test("bolt12-issue40: invoice requests and invoices are recognised, not read")
  func requestsAndInvoices() throws {
    for prefix in ["lnr1", "lni1"] {
      let string = try PaymentString(parsing: prefix + "qqqq")
      #expect(string.offer == nil)
      guard case .bolt12(let bolt12) = string else {
        Issue.record("\(prefix): not BOLT #12")
        continue
      }
      #expect(bolt12.offer == nil)
    }
  }

  static func offerError(_ string: PaymentString) throws -> Bolt12Error {
    switch string {
    case .bolt12(let bolt12): return try #require(bolt12.offerError)
    case .bip321(let uri): return try #require(uri.entryError?.bolt12Error)
    default: throw PaymentStringError(kind: nil, .inputUnrecognized, "not an offer")
    }
  }
}
