import Bolt11
import Foundation
import TestSupport
import Testing

/// What an app stores or serves: an invoice as its string, an amount as msat, a currency as its
/// prefix, through any `Codable` coder (Foundation's JSON coders here).
@Suite struct CodableTests {
  struct Order: Codable, Equatable {
    var invoice: Invoice
    var amount: Millisatoshis
    var currency: Currency
  }

  static let coffee = SpecVector.valid.first { $0.invoice.hasPrefix("lnbc2500u") }!.invoice

  static func json(_ value: some Encodable) throws -> String {
    String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
  }

  @Test("an invoice is one JSON string, as received, its case kept")
  func invoiceAsString() throws {
    let invoice = try Invoice.decode(Self.coffee)
    #expect(try Self.json(invoice) == "\"\(Self.coffee)\"")
    let upper = try Invoice.decode(Self.coffee.uppercased())
    #expect(try Self.json(upper) == "\"\(Self.coffee.uppercased())\"")
  }

  @Test("every valid strict spec example comes back equal, expired or not")
  func roundTrip() throws {
    for example in SpecVector.valid where !example.compat {
      let invoice = try Invoice.decode(example.invoice)
      let data = try JSONEncoder().encode([invoice])
      let back = try JSONDecoder().decode([Invoice].self, from: data)
      #expect(back == [invoice])
      #expect(back.first?.string == example.invoice)
    }
  }

  @Test("decoding checks the signature: a refused invoice is dataCorrupted with its InvoiceError")
  func refused() throws {
    let unrecoverable = try #require(
      SpecVector.all.first { $0.name.hasPrefix("Signature is not recoverable") })
    let data = Data(try Self.json([unrecoverable.invoice]).utf8)
    let error = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([Invoice].self, from: data)
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(String(describing: error))")
      return
    }
    #expect((context.underlyingError as? InvoiceError)?.code == .signatureUnrecoverable)
    // Not a string at all.
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([Invoice].self, from: Data("[42]".utf8))
    }
    // Compat-only invoices are refused: decoding is strict.
    for example in SpecVector.valid where example.compat {
      #expect(throws: DecodingError.self) {
        try JSONDecoder().decode([Invoice].self, from: Data(try Self.json([example.invoice]).utf8))
      }
    }
  }

  @Test("an amount is a JSON integer of msat; a currency its prefix")
  func amountAndCurrency() throws {
    let order = Order(
      invoice: try Invoice.decode(Self.coffee), amount: Millisatoshis(250_000_000),
      currency: .bitcoin)
    let json = try Self.json(order)
    #expect(json.contains(#""amount":250000000"#))
    #expect(json.contains(#""currency":"bc""#))
    #expect(try JSONDecoder().decode(Order.self, from: Data(json.utf8)) == order)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([Millisatoshis].self, from: Data(#"["250000000"]"#.utf8))
    }
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([Millisatoshis].self, from: Data("[-1]".utf8))
    }
  }

  @Test(
    "each currency is its BOLT #11 prefix",
    arguments: [
      (Currency.bitcoin, "bc"), (.testnet, "tb"), (.signet, "tbs"), (.regtest, "bcrt"),
      (.unknown(prefix: "sb"), "sb"),
    ])
  func currencyPrefix(currency: Currency, prefix: String) throws {
    #expect(try Self.json([currency]) == "[\"\(prefix)\"]")
    #expect(
      try JSONDecoder().decode([Currency].self, from: Data("[\"\(prefix)\"]".utf8)) == [currency])
  }

  @Test(
    "a currency that is no prefix is refused", arguments: ["", "BC", "b c", "lnbc1", "bc\u{202E}"])
  func notAPrefix(text: String) throws {
    let data = try JSONEncoder().encode([text])
    #expect(throws: DecodingError.self) { try JSONDecoder().decode([Currency].self, from: data) }
  }
}
