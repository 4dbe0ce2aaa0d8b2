import Bolt11
import PaymentInput
import TestSupport
import Testing

/// Printing a value of this module, in a log or a `print`, writes no control, bidirectional or
/// invisible character raw, and a URI's label and message reach the summary.
@Suite struct SafePrintingTests {
  static let hostile = "Pay \u{202E}evil\u{202C}\nline"

  /// An invoice whose description is `hostile`, signed with a test key.
  static func hostileInvoice() throws -> String {
    var builder = InvoiceBuilder(
      currency: .bitcoin, paymentHash: PaymentHash(bytes: [UInt8](repeating: 1, count: 32))!,
      paymentSecret: PaymentSecret(bytes: [UInt8](repeating: 2, count: 32))!,
      description: .text(hostile), createdAt: 1_700_000_000)
    builder.amount = Millisatoshis(1_500)
    return try builder.build(signingWith: FakeKeys.signingKey(0x07)).string
  }

  static func printed(_ value: some Any) -> String {
    var text = ""
    print(value, to: &text)
    return text
  }

  /// No scalar that `SafeText` calls unsafe, but for the one newline `print` ends with.
  static func isSafe(_ text: String) -> Bool {
    let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
    return body.unicodeScalars.allSatisfy { !SafeText.isUnsafe($0) }
  }

  @Test("a summary, the string and the invoice print with the hostile description escaped")
  func summary() throws {
    let string = try PaymentString(parsing: try Self.hostileInvoice())
    let summary = try #require(string.paymentSummary)
    #expect(summary.description == Self.hostile)  // as received
    #expect(summary.displayDescription.map(Self.isSafe) == true)
    #expect(Self.isSafe(Self.printed(string)))
    for text in [Self.printed(summary), "\(summary)", String(reflecting: summary)] {
      #expect(Self.isSafe(text), "\(SafeText.escape(text))")
      #expect(text.contains("\\u{202e}evil\\u{202c}\\u{a}line"))
    }
    // The amount is typed: 1,500 msat is 1.5 sat, not 1.
    #expect(summary.amount == .millisatoshis(Millisatoshis(1_500)))
  }

  @Test("a URI's label and message print escaped and reach the summary as received")
  func uri() throws {
    let uri =
      "bitcoin:bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4?label=%E2%80%AEevil%0Aline"
      + "&message=for%E2%80%8B%20tea&lightning=" + (try Self.hostileInvoice())
    let string = try PaymentString(parsing: uri)
    guard case .bip321(let parsed) = string else {
      Issue.record("not a URI: \(string)")
      return
    }
    for text in [Self.printed(string), Self.printed(parsed), String(reflecting: parsed)] {
      #expect(Self.isSafe(text), "\(SafeText.escape(text))")
      #expect(text.contains("\\u{202e}evil\\u{a}line"))
    }
    let summary = try #require(string.paymentSummary)
    #expect(summary.label == "\u{202E}evil\nline")
    #expect(summary.message == "for\u{200B} tea")
  }
}
