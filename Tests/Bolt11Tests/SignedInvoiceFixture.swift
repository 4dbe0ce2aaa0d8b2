import Bech32Codec
import Secp256k1
import TestSupport

@testable import Bolt11

/// Invoices assembled field by field and signed with the fake test key, for inputs no builder
/// would write: repeated, empty, misplaced or extreme fields.
enum SignedInvoiceFixture {
  /// A tagged field as its type letter and data words.
  typealias Field = (letter: Character, words: [UInt8])

  static let key = FakeKeys.signingKey()
  static let paymentHash: Field = ("p", words([UInt8](repeating: 0x01, count: 32)))
  static let paymentSecret: Field = ("s", words([UInt8](repeating: 0x11, count: 32)))
  static let description: Field = ("d", words(Array("fuzz".utf8)))
  /// The fields every valid invoice needs.
  static let required = [paymentHash, paymentSecret, description]

  /// Characters an invoice takes besides its fields: "lnbc", "1", timestamp, signature, checksum.
  static let overhead = 4 + 1 + RawInvoice.timestampWordCount + RawInvoice.signatureWordCount + 6

  static func words(_ bytes: [UInt8]) -> [UInt8] { Bech32.words(fromBytes: bytes) }

  /// The invoice string for `fields`, in that order, signed with the fake test key.
  static func signed(_ fields: [Field], hrp: String = "lnbc", timestamp: UInt64 = 1_496_314_658)
    -> String
  {
    var words = InvoiceBuilder.fixedWords(timestamp, count: RawInvoice.timestampWordCount)
    for field in fields {
      words.append(Bech32.word(of: field.letter)!)
      words.append(UInt8(field.words.count >> 5))
      words.append(UInt8(field.words.count & 31))
      words += field.words
    }
    return InvoiceSigner.sign(hrp: hrp, dataWords: words, key: key)
  }
}
