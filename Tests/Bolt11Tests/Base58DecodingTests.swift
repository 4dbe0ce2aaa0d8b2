import TestSupport
import Testing

@testable import Bolt11

/// `Base58.checkDecode` against payloads computed independently (Python: big-integer base
/// conversion and hashlib's SHA-256), and against `checkEncode`.
@Suite struct Base58DecodingTests {
  static func decode(_ text: String) -> Result<[UInt8], Base58.CheckDecodingFailure> {
    var text = text
    return text.withUTF8 { Base58.checkDecode($0) }
  }

  @Test(
    "decodes real addresses to their version and hash",
    arguments: [
      ("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", "0077bff20c60e522dfaa3350c39b030a5d004e839a"),
      ("3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", "05b472a266d0bd89c13706a4132ccfb16f7c3b9fcb"),
      ("2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc", "c44e9f39ca4688ff102128ea4ccda34105324305b0"),
      // Leading zero bytes are leading "1"s: five zero bytes, and no payload at all.
      ("1111146Q4wc", "0000000000"),
      ("3QJmnh", ""),
      ("1W8eAT7x", "000102"),
    ])
  func decodesAddresses(text: String, payloadHex: String) throws {
    #expect(try Self.decode(text).get() == hexBytes(payloadHex))
  }

  @Test("refuses a changed digit, a character outside the alphabet and overlong text")
  func refusesBadInput() {
    // BIP-321's example address: "intentionally invalid".
    #expect(Self.decode("175tWpb8K1S7NmH4Zx6rewF9WQrcZv245W") == .failure(.checksum))
    #expect(Self.decode("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3") == .failure(.checksum))
    #expect(
      Self.decode("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNV0N") == .failure(.invalidCharacter(at: 32)))
    #expect(
      Self.decode("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVlN") == .failure(.invalidCharacter(at: 32)))
    #expect(Self.decode("") == .failure(.invalidLength))
    #expect(Self.decode("111") == .failure(.invalidLength))
    #expect(
      Self.decode(String(repeating: "z", count: Base58.maximumCheckDecodeLength + 1))
        == .failure(.invalidLength))
    // The longest accepted, all digits at their largest: no overflow of the limbs.
    _ = Self.decode(String(repeating: "z", count: Base58.maximumCheckDecodeLength))
  }

  @Test("inverts checkEncode for every version byte")
  func invertsEncode() throws {
    var generator = SplitMix64(seed: 58)
    for version in UInt8.min...UInt8.max {
      let payload = (0..<20).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      let text = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 50) { output in
        let count = payload.withUnsafeBytes {
          Base58.checkEncode(version: version, payload: $0, into: output)
        }
        return String(decoding: output[..<count], as: UTF8.self)
      }
      #expect(try Self.decode(text).get() == [version] + payload)
    }
  }
}
