import Bolt11
import TestSupport
import Testing

/// `Invoice.decode` trims as every entry point does, and counts positions in characters of the
/// string as given.
@Suite struct InputHygieneTests {
  static var coffee: String { PaymentStringSamples.coffee }

  @Test(
    "a byte-order mark and Unicode white space around an invoice are not part of it",
    arguments: ["\u{FEFF}", "\u{A0}", "\u{FEFF}\u{A0} ", "\u{3000}\t", "\u{2029}lightning:"])
  func trimmed(_ before: String) throws {
    let invoice = try Invoice.decode(before + Self.coffee + "\u{A0}\u{202F}\r\n")
    #expect(invoice.paymentHash == (try Invoice.decode(Self.coffee)).paymentHash)
  }

  @Test(
    "a position counts the characters before the invoice, however many bytes they take",
    arguments: ["", " ", "\u{FEFF}", "\u{A0}", "\u{FEFF}\u{3000}\u{A0}lightning:"])
  func positionInCharacters(_ before: String) throws {
    let offset = 20
    let text = before + PaymentStringSamples.coffee(withBadCharacterAt: offset)
    let error = try #require(throws: InvoiceError.self) { try Invoice.decode(text) }
    #expect(error.code == .bech32InvalidCharacter)
    #expect(error.position == before.unicodeScalars.count + offset)
    let index = try #require(error.index(in: text))
    #expect(text[index...].hasPrefix("b" + Self.coffee.dropFirst(offset + 1).prefix(5)))
  }

  @Test("a position past the signature counts characters too")
  func laterPosition() throws {
    let text = "\u{A0}\u{A0}" + Self.coffee
    let error = try #require(throws: InvoiceError.self) {
      try Invoice.decode(text, options: DecodeOptions(network: .testnet))
    }
    #expect(error.code == .networkMismatch)
    // The currency prefix starts after `ln`.
    #expect(error.position == 2 + 2)
    #expect(error.index(in: text).map { text[$0...].hasPrefix("bc") } == true)
  }
}
