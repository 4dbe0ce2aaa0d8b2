import Bech32Codec
import TestSupport

/// Invoices signed here, with descriptions the spec has no example of.
///
/// Built from the BOLT #11 layout with Bech32Codec, SHA-256 and a test key, independently of the
/// tool under test.
package enum Fixture {
  /// A test key, obviously fake: 32 bytes of 0x01. Never a real key.
  package static let key = FakeKeys.signingKey()

  package static func invoice(
    description: String, paymentHash: [UInt8] = [UInt8](repeating: 0xAB, count: 32),
    createdAt: UInt64 = 1_700_000_000, hrp: String = "lnbc10u"
  ) -> String {
    var words: [UInt8] = (0..<7).reversed().map { UInt8((createdAt >> (5 * UInt64($0))) & 31) }
    func field(_ tag: UInt8, _ data: [UInt8]) {
      let dataWords = Bech32.words(fromBytes: data)
      words += [tag, UInt8(dataWords.count >> 5), UInt8(dataWords.count & 31)] + dataWords
    }
    field(1, paymentHash)  // p
    field(16, [UInt8](repeating: 0x22, count: 32))  // s
    field(13, Array(description.utf8))  // d
    return InvoiceSigner.sign(hrp: hrp, dataWords: words, key: key)
  }

  /// The fixture key's public key, hex.
  package static var payee: String { hexString(key.publicKey) }
}
