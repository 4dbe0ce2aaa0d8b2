import Bech32Codec
import Secp256k1
import Testing

@testable import Bolt11

/// Inputs the fuzz targets in `Tools/fuzz/` found, each reduced to the fields that matter and
/// signed with the fake test key, so that each stays fixed once it is fixed.
@Suite struct FuzzRegressionTests {
  /// A tagged field as its type letter and data words.
  typealias Field = (letter: Character, words: [UInt8])

  static let key = try! SigningKey(secretKey: TestKeys.fakeKey)
  static let paymentHash: Field = ("p", Bech32.words(fromBytes: [UInt8](repeating: 0x01, count: 32)))
  static let paymentSecret: Field = ("s", Bech32.words(fromBytes: [UInt8](repeating: 0x11, count: 32)))
  static let description: Field = ("d", Bech32.words(fromBytes: Array("fuzz".utf8)))

  /// The invoice string for `fields`, in that order, signed with the fake test key.
  static func signed(_ fields: [Field], hrp: String = "lnbc", timestamp: UInt64 = 1_496_314_658)
    -> String
  {
    var words = InvoiceBuilder.fixedWords(timestamp, count: RawInvoice.timestampWordCount)
    for field in fields {
      words.append(Bech32.reverseWord(field.letter))
      words.append(UInt8(field.words.count >> 5))
      words.append(UInt8(field.words.count & 31))
      words += field.words
    }
    let hash = SHA256.hash(Array(hrp.utf8) + Bech32.bytesPadded(fromWords: words))
    let signature = try! key.signRecoverable(hash: hash)
    words += Bech32.words(fromBytes: signature.compactSignature + [UInt8(signature.recoveryID)])
    return Bech32.encode(hrp: Array(hrp.utf8), words: words)
  }

  /// Decodes `text` and rebuilds it with `InvoiceBuilder(reproducing:)` and the same key.
  static func rebuilt(_ text: String, mode: DecodeOptions.Mode = .strict) throws -> (
    decoded: Invoice, rebuilt: Invoice
  ) {
    let invoice = try Invoice.decode(text, options: DecodeOptions(mode: mode))
    return (invoice, try InvoiceBuilder(reproducing: invoice).build(signingWith: key))
  }

  @Test("an empty `9` field is reproduced by InvoiceBuilder(reproducing:)")
  func emptyFeaturesField() throws {
    // Found by the roundtrip target: the decoder accepts a `9` field of length 0 (it does not
    // begin with a zero word, so it is not non-minimal), but the builder dropped it and then
    // refused its own field order (`build.invalid_field_order`).
    let text = Self.signed([Self.paymentHash, Self.paymentSecret, Self.description, ("9", [])])
    let (decoded, rebuilt) = try Self.rebuilt(text)
    #expect(decoded.features.isEmpty)
    #expect(rebuilt.string == text)
  }
}
