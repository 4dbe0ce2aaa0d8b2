import Bech32Codec
import Secp256k1
import TestSupport
import Testing

@testable import Bolt11

@Suite struct RoundTripTests {
  @Test("the vector file holds the spec's 16 valid examples", .enabled(if: !SpecVector.all.isEmpty))
  func vectorCount() {
    #expect(SpecVector.valid.count == 16)
  }

  @Test(
    "every spec example re-encodes from its fields and the spec key, byte for byte",
    arguments: SpecVector.valid.filter { !$0.name.lowercased().contains("high-s") })
  func specExampleReencodes(vector: SpecVector) throws {
    let options = DecodeOptions(mode: vector.compat ? .compat : .strict)
    let invoice = try Invoice.decode(vector.invoice, options: options)
    let key = try SigningKey(secretKey: FakeKeys.specSecret)
    let rebuilt = try InvoiceBuilder(reproducing: invoice).build(signingWith: key)
    // In the case it was written in: the upper-case example comes back in upper case.
    #expect(rebuilt.string == vector.invoice)
    #expect(hexString(rebuilt.payeeNodeID.bytes) == FakeKeys.specPayee)
  }

  @Test(
    "every valid example re-encodes from its raw fields, byte for byte", arguments: SpecVector.valid
  )
  func rawReencodes(vector: SpecVector) throws {
    let options = DecodeOptions(mode: vector.compat ? .compat : .strict)
    let invoice = try Invoice.decode(vector.invoice, options: options)
    #expect(invoice.raw.encoded() == vector.invoice)
    #expect(invoice.string.count <= vector.invoice.count)
  }

  @Test("flipping any single data character gives bech32.checksum", arguments: SpecVector.valid)
  func singleCharacterFlips(vector: SpecVector) throws {
    let bytes = Array(vector.invoice.utf8)
    let separator = try #require(bytes.lastIndex(of: UInt8(ascii: "1")))
    let uppercase = vector.invoice.uppercased() == vector.invoice
    for index in (separator + 1)..<bytes.count {
      var mutated = bytes
      let word = UInt8(Bech32.alphabet.firstIndex(of: bytes[index] | 0x20)!)
      let replacement = Bech32.alphabet[Int((word + 1 + UInt8(index % 31)) % 32)]
      let isLetter = replacement >= UInt8(ascii: "a")
      mutated[index] = uppercase && isLetter ? replacement - 0x20 : replacement
      let text = String(decoding: mutated, as: UTF8.self)
      #expect(throws: InvoiceError.self) { try Invoice.decode(text) }
      do {
        _ = try Invoice.decode(text)
      } catch {
        #expect(error.code == .bech32Checksum, "flip at \(index)")
      }
    }
  }

  @Test(
    "every truncation of a valid invoice is an error, never a crash", arguments: SpecVector.valid)
  func truncations(vector: SpecVector) {
    let characters = Array(vector.invoice)
    for length in 0..<characters.count {
      let text = String(characters[0..<length])
      #expect(throws: InvoiceError.self, "length \(length)") {
        try Invoice.decode(text, options: DecodeOptions(mode: .compat))
      }
    }
  }
}
