import TestSupport

/// Invoices signed here, with descriptions the spec has no example of.
///
/// Assembled field by field from the BOLT #11 layout (`SignedInvoiceFixture`) and signed with a
/// test key, independently of the tool under test.
package enum Fixture {
  /// A test key, obviously fake: 32 bytes of 0x01. Never a real key.
  package static let key = SignedInvoiceFixture.key

  /// An invoice with a payment hash, a payment secret of 0x22 bytes and `description`.
  package static func invoice(
    description: String, paymentHash: [UInt8] = [UInt8](repeating: 0xAB, count: 32),
    createdAt: UInt64 = 1_700_000_000, hrp: String = "lnbc10u"
  ) -> String {
    let words = SignedInvoiceFixture.words
    return SignedInvoiceFixture.signed(
      [
        ("p", words(paymentHash)), ("s", words([UInt8](repeating: 0x22, count: 32))),
        ("d", words(Array(description.utf8))),
      ], hrp: hrp, timestamp: createdAt)
  }

  /// The fixture key's public key, hex.
  package static var payee: String { hexString(key.publicKey.bytes) }
}
