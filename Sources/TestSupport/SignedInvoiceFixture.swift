import Bech32Codec
import Bolt11
import Secp256k1

/// Invoices assembled field by field and signed with the fake test key, for inputs no builder
/// would write: repeated, empty, misplaced or extreme fields.
package enum SignedInvoiceFixture {
  /// A tagged field as its type letter and data words.
  package typealias Field = (letter: Character, words: [UInt8])

  package static let key = FakeKeys.signingKey()
  package static let paymentHash: Field = ("p", words([UInt8](repeating: 0x01, count: 32)))
  package static let paymentSecret: Field = ("s", words([UInt8](repeating: 0x11, count: 32)))
  package static let description: Field = ("d", words(Array("fuzz".utf8)))
  /// The fields every valid invoice needs.
  package static let required = [paymentHash, paymentSecret, description]

  /// Characters an invoice takes besides its fields: "lnbc", "1", timestamp, signature, checksum.
  package static let overhead =
    4 + 1 + RawInvoice.timestampWordCount + RawInvoice.signatureWordCount + 6

  package static func words(_ bytes: [UInt8]) -> [UInt8] { Bech32.words(fromBytes: bytes) }

  /// The invoice string for `fields`, in that order, signed with the fake test key.
  package static func signed(
    _ fields: [Field], hrp: String = "lnbc", timestamp: UInt64 = 1_496_314_658
  )
    -> String
  {
    // The timestamp: big-endian 5-bit words.
    var words = (0..<RawInvoice.timestampWordCount).reversed().map {
      UInt8(truncatingIfNeeded: timestamp >> (5 * UInt64($0))) & 31
    }
    for field in fields {
      words.append(Bech32.word(of: field.letter)!)
      words.append(UInt8(field.words.count >> 5))
      words.append(UInt8(field.words.count & 31))
      words += field.words
    }
    return InvoiceSigner.sign(hrp: hrp, dataWords: words, key: key)
  }
}
