import Bolt11
import TestSupport
import Testing

/// An invoice as a value: equal and hashed by what was signed, shown as its own string.
@Suite struct InvoiceIdentityTests {
  static let strictExamples = SpecVector.valid.filter { !$0.compat }

  @Test("the same invoice read twice is one element of a set; different invoices are not")
  func hashable() throws {
    let invoices = try Self.strictExamples.map { try Invoice.decode($0.invoice) }
    let again = try Self.strictExamples.map { try Invoice.decode($0.invoice) }
    #expect(invoices.count >= 5)
    // The spec's examples include one invoice in both cases: one element.
    #expect(
      Set(invoices + again).count == Set(Self.strictExamples.map { $0.invoice.lowercased() }).count)
    for (first, second) in zip(invoices, again) {
      #expect(first == second && first.hashValue == second.hashValue)
    }
  }

  @Test("the upper- and lower-case copies of an invoice are equal and one element of a set")
  func caseInsensitive() throws {
    for example in Self.strictExamples {
      let lower = try Invoice.decode(example.invoice.lowercased())
      let upper = try Invoice.decode(example.invoice.uppercased())
      #expect(lower == upper && lower.hashValue == upper.hashValue, "\(example.name)")
      #expect(Set([lower, upper]).count == 1)
      // Each keeps the case it came in.
      #expect(upper.string == example.invoice.uppercased())
      let lowerRaw = try SignedRawInvoice.parse(example.invoice.lowercased())
      let upperRaw = try SignedRawInvoice.parse(example.invoice.uppercased())
      #expect(lowerRaw == upperRaw && Set([lowerRaw, upperRaw]).count == 1)
    }
  }

  @Test("the same invoice read strictly and leniently is one invoice")
  func sameSignedDataSameInvoice() throws {
    for example in Self.strictExamples {
      let strict = try Invoice.decode(example.invoice)
      let compat = try Invoice.decode(example.invoice, options: DecodeOptions(mode: .compat))
      #expect(strict == compat)
    }
  }

  @Test("shown as the invoice string, not a dump of its fields")
  func printable() throws {
    for example in Self.strictExamples {
      let invoice = try Invoice.decode("  lightning:" + example.invoice + "\n")
      #expect("\(invoice)" == example.invoice)
      #expect(String(reflecting: invoice) == example.invoice)
      let parsed = try SignedRawInvoice.parse(example.invoice)
      #expect("\(parsed)" == example.invoice)
    }
  }
}
