import Secp256k1
import TestSupport
import Testing

@testable import Bolt11

/// Printing the module's values with a hostile description writes no unsafe character raw.
@Suite struct SafePrintingTests {
  static let hostile = "Pay \u{202E}evil\u{202C}\nline"

  static func printed(_ value: some Any) -> String {
    var text = ""
    print(value, to: &text)
    return String(text.dropLast())  // print's own newline
  }

  static func isSafe(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { !SafeText.isUnsafe($0) }
  }

  @Test("an invoice's fields and a payer's expectations print with the description escaped")
  func fieldsAndExpectations() throws {
    var builder = InvoiceBuilder(
      currency: .bitcoin, paymentHash: PaymentHash(bytes: [UInt8](repeating: 1, count: 32))!,
      paymentSecret: PaymentSecret(bytes: [UInt8](repeating: 2, count: 32))!,
      description: .text(Self.hostile), createdAt: 1_700_000_000)
    builder.amount = Millisatoshis(1_500)
    let invoice = try builder.build(signingWith: FakeKeys.signingKey(0x07))
    var expected = InvoiceExpectations()
    expected.description = .text(Self.hostile)
    for text in [
      Self.printed(invoice), Self.printed(invoice.fields), Self.printed(expected),
      String(reflecting: invoice.fields), String(reflecting: expected),
    ] {
      #expect(Self.isSafe(text), "\(SafeText.escape(text))")
    }
    #expect(Self.printed(invoice.fields).contains("\\u{202e}evil"))
    #expect(!Self.printed(invoice.fields).contains("descriptionStorage"))
  }
}
