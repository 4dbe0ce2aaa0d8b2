import Bolt11
import PaymentInput
import TestSupport
import Testing

/// `PaymentString.kind(of:)`: the form alone, and the same answer as parsing gives.
@Suite struct RecognitionTests {
  static let cases: [(String, PaymentString.Kind?)] = [
    ("", nil),
    (" \n\t ", nil),
    ("hello", nil),
    ("lightning:", nil),
    ("https://example.com", nil),
    (PaymentStringSamples.coffee, .bolt11),
    ("LIGHTNING:" + PaymentStringSamples.coffee.uppercased(), .bolt11),
    ("lnfoo", .bolt11),
    ("LN", .bolt11),
    ("bitcoin:" + PaymentStringSamples.p2pkh, .bip321),
    ("BitCoin:?lno=x", .bip321),
    (PaymentStringSamples.offer, .bolt12Offer),
    ("l+ no1qq", .bolt12Offer),
    ("+lno1qq", .bolt12Offer),
    ("LNR1QQ", .bolt12InvoiceRequest),
    ("lightning:lni1qq", .bolt12Invoice),
    (PaymentStringSamples.lnurl, .lnurl),
    ("lnurlp://a.com", .lnurl),
    ("KEYAUTH://a.com", .lnurl),
    ("satoshi@bitcoin.org", .lightningAddress),
    ("lightning:satoshi@bitcoin.org", .lightningAddress),
    (PaymentStringSamples.node + "@host", .nodeURI),
    ("04" + PaymentStringSamples.node.dropFirst(2) + "@host.com", .lightningAddress),
    (PaymentStringSamples.node, .nodeID),
    ("\(PaymentStringSamples.node)0", nil),
    ("sp1qqgste7k9hx0qftg6qmwlkqtwuy6cycyavzmzj85c6q", .silentPaymentAddress),
    ("TSP1QQGSTE7K9HX0QFTG6QMWLKQ", .silentPaymentAddress),
    ("₿satoshi@bitcoin.org", .bip353Name),
    ("https://example.com/?lightning=\(PaymentStringSamples.lnurl)", .lnurl),
    ("https://example.com/?lightning=lnbc1", nil),
    (PaymentStringSamples.p2pkh, .bitcoinAddress),
    (PaymentStringSamples.p2wpkh.uppercased(), .bitcoinAddress),
    (PaymentStringSamples.regtestP2WPKH, .bitcoinAddress),
    ("\u{FEFF}  " + PaymentStringSamples.testnetP2SH + "\r\n", .bitcoinAddress),
    ("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNV0N", nil),
  ]

  @Test("recognises each kind by its form", arguments: cases)
  func recognises(text: String, kind: PaymentString.Kind?) {
    #expect(PaymentString.kind(of: text) == kind)
    var copy = text
    #expect(copy.withUTF8 { PaymentString.kind(ofUTF8: $0) } == kind)
  }

  @Test("parsing says the same kind, in its value or its error", arguments: cases)
  func parsingAgrees(text: String, kind: PaymentString.Kind?) {
    do {
      #expect(try PaymentString(parsing: text).kind == kind)
    } catch {
      #expect(error.kind == kind, "\(error)")
    }
  }

  @Test("empty and unrecognised input have their own codes")
  func emptyAndUnrecognised() {
    #expect(throws: PaymentStringError(kind: nil, .inputEmpty, "the input is empty")) {
      try PaymentString(parsing: "  ")
    }
    do {
      _ = try PaymentString(parsing: "  hello")
      Issue.record("parsed")
    } catch {
      #expect(error.code == .inputUnrecognized)
      #expect(error.position == 2)
      #expect(error.kind == nil)
    }
  }

  @Test("every code's raw value is dotted, and the kinds' raw values are the contract's")
  func rawValues() {
    for code in PaymentStringError.Code.allCases {
      #expect(code.rawValue.split(separator: ".").count == 2, "\(code)")
    }
    #expect(
      PaymentString.Kind.allCases.map(\.rawValue) == [
        "bolt11", "bip321", "bolt12_offer", "bolt12_invoice_request", "bolt12_invoice", "lnurl",
        "lightning_address", "node_uri", "bitcoin_address", "node_id", "silent_payment_address",
        "bip353_name",
      ])
  }
}
