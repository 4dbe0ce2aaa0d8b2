import Bech32Codec
import Bolt11
import Foundation
import Secp256k1
import Testing

/// The typed values an invoice carries: made only from bytes of the right length (and, for a
/// key, form), held inline in order, written as hex, and read back the same through `Codable`.
@Suite struct TypedValueTests {
  /// Lower-case hex by `String(_:radix:)`, independent of `Hex`.
  static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  static func bytes(_ count: Int, seed: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 * 37 + seed * 101 + 1) }
  }

  /// A value written as JSON by Foundation's encoder and read back.
  static func roundTrip<Value: Codable>(_ value: Value) throws -> (Value, String) {
    let data = try JSONEncoder().encode([value])
    return (
      try JSONDecoder().decode([Value].self, from: data)[0], String(decoding: data, as: UTF8.self)
    )
  }

  @Test("32-byte values: bytes in order, hex, Codable, equality", arguments: 0..<4)
  func thirtyTwo(_ seed: Int) throws {
    let bytes = Self.bytes(32, seed: seed)
    let hash = try #require(PaymentHash(bytes: bytes))
    let secret = try #require(PaymentSecret(bytes: bytes))
    let descriptionHash = try #require(DescriptionHash(bytes: bytes))
    #expect(hash.bytes == bytes && secret.bytes == bytes && descriptionHash.bytes == bytes)
    #expect(hash.withUnsafeBytes { Array($0) } == bytes)
    #expect(hash.description == Self.hex(bytes))
    #expect(PaymentHash(hex: Self.hex(bytes).uppercased()) == hash)
    let (back, json) = try Self.roundTrip(hash)
    #expect(back == hash)
    #expect(json == "[\"\(Self.hex(bytes))\"]")
    #expect(try Self.roundTrip(secret).0 == secret)
    #expect(try Self.roundTrip(descriptionHash).0 == descriptionHash)
    var other = bytes
    other[31] ^= 1
    #expect(PaymentHash(bytes: other) != hash)
    #expect(Set([hash, PaymentHash(bytes: bytes)!]).count == 1)
  }

  @Test("wrong lengths and bad hex make no value", arguments: [0, 1, 31, 33, 64])
  func wrongLengths(_ count: Int) {
    let bytes = Self.bytes(count, seed: 1)
    #expect(PaymentHash(bytes: bytes) == nil)
    #expect(PaymentSecret(bytes: bytes) == nil)
    #expect(DescriptionHash(bytes: bytes) == nil)
    #expect(PaymentHash(hex: Self.hex(bytes)) == nil)
    #expect(CompactSignature(bytes: Self.bytes(count == 64 ? 63 : count, seed: 1)) == nil)
    #expect(PublicKey(bytes: [0x02] + Self.bytes(count == 32 ? 31 : count, seed: 1)) == nil)
  }

  @Test("hex that is not hex makes no value")
  func badHex() {
    let text = String(repeating: "ab", count: 31) + "zz"
    #expect(PaymentHash(hex: text) == nil)
    #expect(PaymentHash(hex: String(repeating: "a", count: 63)) == nil)
    #expect(PaymentHash(hex: String(repeating: "a", count: 64)) != nil)
  }

  @Test("a public key is 33 bytes starting 02 or 03; being on the curve is asked apart")
  func publicKey() throws {
    // The generator G, compressed (SEC 2).
    let generator = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
    let key = try #require(PublicKey(hex: generator))
    #expect(key.description == generator)
    #expect(key.isOnCurve)
    #expect(try Self.roundTrip(key).0 == key)
    #expect(PublicKey(hex: "04" + generator.dropFirst(2)) == nil)
    #expect(PublicKey(hex: "00" + generator.dropFirst(2)) == nil)
    // x = 5: 125 + 7 = 132 is not a square modulo p, so no point has it.
    let offCurve = try #require(PublicKey(bytes: [0x02] + [UInt8](repeating: 0, count: 31) + [5]))
    #expect(!offCurve.isOnCurve)
  }

  @Test("a compact signature's DER is libsecp256k1's, and none where r is out of range")
  func compactSignature() throws {
    let bytes = Self.bytes(64, seed: 2)
    let signature = try #require(CompactSignature(bytes: bytes))
    #expect(signature.bytes == bytes)
    #expect(signature.description == Self.hex(bytes))
    #expect(signature.der == (try? ECDSA.derSignature(compactSignature: bytes)))
    #expect(try Self.roundTrip(signature).0 == signature)
    let overflow = try #require(CompactSignature(bytes: [UInt8](repeating: 0xff, count: 64)))
    #expect(overflow.der == nil)
  }

  /// DER (X.690): SEQUENCE (30) of two INTEGERs (02), each in its fewest bytes, with a 00
  /// first where the top bit is set.
  @Test("DER of small and high-bit r and s, written out by hand")
  func derByHand() throws {
    let one = [UInt8](repeating: 0, count: 31) + [1]
    let highBit = [0x80] + [UInt8](repeating: 0, count: 31)
    #expect(CompactSignature(bytes: one + one)?.der == [0x30, 6, 2, 1, 1, 2, 1, 1])
    #expect(
      CompactSignature(bytes: highBit + one)?.der
        == [0x30, 38, 2, 33, 0] + highBit + [2, 1, 1])
  }

  /// BOLT 11's example with `h`: "`h`: SHA256 of the description: ... 3925b6f6..." for the text
  /// of the shopping list.
  @Test("a description hash of a text is the SHA-256 the spec's example gives")
  func descriptionHashOfText() {
    let text =
      "One piece of chocolate cake, one icecream cone, one pickle, one slice of swiss cheese, "
      + "one slice of salami, one lollypop, one piece of cherry pie, one sausage, one cupcake, "
      + "and one slice of watermelon"
    #expect(
      DescriptionHash(of: text).description
        == "3925b6f67e2c340036ed12093dd44e0368df1b6ea26c53dbe4811f58fd5db8c1")
  }

  /// FIPS 180-2's example: SHA-256("abc") = ba7816bf...
  @Test("a payment hash of a preimage is its SHA-256")
  func paymentHashOfPreimage() {
    #expect(
      PaymentHash(preimage: Array("abc".utf8)).description
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }

  @Test("Hex writes two lower-case digits a byte and reads either case back")
  func hexCodec() {
    let bytes = Self.bytes(50, seed: 3)
    #expect(Hex.encode(bytes) == Self.hex(bytes))
    #expect(Hex.decode(Self.hex(bytes).uppercased()) == bytes)
    #expect(Hex.decode("0g") == nil)
    #expect(Hex.decode("abc") == nil)
  }
}
