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
    #expect(Set(invoices + again).count == Set(Self.strictExamples.map(\.invoice)).count)
    for (first, second) in zip(invoices, again) {
      #expect(first == second && first.hashValue == second.hashValue)
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
