import Testing

@testable import Bech32Codec

/// Found by the `bech32` fuzz target in CI: a control byte 0x15 in the data part decoded as the
/// digit "5", because the reverse table's upper-case entries (`symbol & ~0x20`) also covered the
/// digits, mapping 0x10...0x19 onto "0"..."9".
@Suite struct ControlByteRegressionTests {
  static let valid = "a12uel5l"  // BIP-173 valid test string

  @Test("no byte outside the alphabet (either case) has a word value", arguments: 0..<128)
  func reverseTable(byte: Int) {
    let lower = UInt8(byte) >= 0x41 && UInt8(byte) <= 0x5a ? UInt8(byte) | 0x20 : UInt8(byte)
    let inAlphabet = Bech32.alphabet.contains(lower)
    #expect((Bech32.reverseAlphabet[byte] != 0xff) == inAlphabet, "byte \(byte)")
  }

  @Test("a control byte in place of a digit is an invalid character", arguments: 0x10..<0x20)
  func controlByteInData(byte: Int) {
    // Replace the data digit "5" (at offset 6 of a12uel5l) with a control byte.
    var bytes = Array(Self.valid.utf8)
    bytes[6] = UInt8(byte)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(throws: Bech32Error.self) { try Bech32.decode(text) }
    do {
      _ = try Bech32.decode(text)
    } catch {
      #expect(error.code == .invalidCharacter)
      #expect(error.position == 6)
    }
  }
}
