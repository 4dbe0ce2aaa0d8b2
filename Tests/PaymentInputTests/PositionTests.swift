import Bolt11
import PaymentInput
import TestSupport
import Testing

/// Every entry point trims the same way and reports positions as character offsets (Unicode
/// scalars) in the string as given, as `InvoiceError` does.
@Suite struct PositionTests {
  static var coffee: String { PaymentStringSamples.coffee }

  @Test("an entry after label=Café points at the same character as the invoice's own error")
  func labelWithAccent() throws {
    let prefix = "bitcoin:?label=Café&lightning="
    let text = prefix + PaymentStringSamples.coffee(withBadCharacterAt: 20)
    let uri = try BitcoinURI(parsing: text)
    let entry = try #require(uri.lightning.first)
    #expect(entry.position == prefix.unicodeScalars.count)
    guard case .failure(let error) = entry.result else {
      Issue.record("the entry decoded")
      return
    }
    #expect(error.dottedCode == "bech32.invalid_character")
    #expect(error.position == prefix.unicodeScalars.count + 20)
    #expect(error.invoiceError?.position == error.position)
    let index = try #require(error.index(in: text))
    #expect(text[index...].hasPrefix("b"))
    // The same through PaymentString, and through the invoice a caller needs.
    guard case .bip321(let parsed) = try PaymentString(parsing: text) else {
      Issue.record("not a URI")
      return
    }
    #expect(parsed.lightning.first?.position == entry.position)
    let needed = try #require(throws: PaymentStringError.self) {
      try PaymentString.invoice(in: text)
    }
    #expect(needed.position == error.position)
  }

  @Test(
    "a byte-order mark and a no-break space before an invoice are skipped and counted once",
    arguments: ["\u{FEFF}", "\u{A0}", "\u{FEFF}\u{A0}", "\u{3000}lightning:"])
  func leadingCharacters(_ before: String) throws {
    let valid = try PaymentString.invoice(in: before + Self.coffee + "\u{A0}")
    #expect(valid.invoice == (try Invoice.decode(Self.coffee)))
    let text = before + PaymentStringSamples.coffee(withBadCharacterAt: 20)
    let expected = before.unicodeScalars.count + 20
    let viaInvoice = try #require(throws: PaymentStringError.self) {
      try PaymentString.invoice(in: text)
    }
    #expect(viaInvoice.position == expected)
    let viaParsing = try #require(throws: PaymentStringError.self) {
      try PaymentString(parsing: text)
    }
    #expect(viaParsing.position == expected)
    let direct = try #require(throws: InvoiceError.self) { try Invoice.decode(text) }
    #expect(direct.position == expected)
  }
}
