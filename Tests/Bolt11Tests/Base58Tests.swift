import TestSupport
import Testing

@testable import Bolt11

/// The stack-only Base58 encoder (32-bit limbs divided by 58^5) against the textbook algorithm
/// written out here: the number in base 256 divided by 58 by long division, one digit at a time.
/// BOLT #11's example addresses are in `FallbackTests`.
@Suite struct Base58Tests {
  /// Bitcoin's Base58 alphabet (no 0, O, I or l).
  static let alphabet = Array("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz")

  /// The reference: a "1" for each leading zero byte, then the number's base-58 digits.
  static func reference(_ bytes: [UInt8]) -> String {
    var number = Array(bytes.drop { $0 == 0 })
    var digits: [Character] = []
    while !number.isEmpty {
      var quotient: [UInt8] = []
      var remainder = 0
      for byte in number {
        let value = remainder * 256 + Int(byte)
        if !quotient.isEmpty || value / 58 != 0 { quotient.append(UInt8(value / 58)) }
        remainder = value % 58
      }
      digits.append(alphabet[remainder])
      number = quotient
    }
    return String(repeating: "1", count: bytes.count - bytes.drop { $0 == 0 }.count)
      + String(digits.reversed())
  }

  static func encoded(_ bytes: [UInt8]) -> String {
    String(unsafeUninitializedCapacity: 2 * bytes.count) { output in
      bytes.withUnsafeBytes { Base58.encode($0, into: output) }
    }
  }

  @Test("every length up to 32 bytes, any number of leading zeros: the reference's digits")
  func encode() {
    var generator = SplitMix64(seed: 58)
    var cases: [[UInt8]] = []
    for length in 0...Base58.maximumInput {
      cases.append([UInt8](repeating: 0, count: length))
      cases.append([UInt8](repeating: 0xff, count: length))
      for zeros in 0...length {
        for _ in 0..<4 {
          cases.append(
            [UInt8](repeating: 0, count: zeros)
              + (zeros..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
        }
      }
      // Each single bit: numbers just at a power of two, whose digits end in many zeros or not.
      for bit in 0..<(8 * length) {
        var bytes = [UInt8](repeating: 0, count: length)
        bytes[length - 1 - bit / 8] = 1 << (bit % 8)
        cases.append(bytes)
      }
    }
    for bytes in cases {
      #expect(Self.encoded(bytes) == Self.reference(bytes), "\(hexString(bytes))")
    }
  }

  @Test("Base58Check: the version, payload and double SHA-256 checksum in the reference's digits")
  func checkEncode() {
    var generator = SplitMix64(seed: 25)
    for version: UInt8 in [0x00, 0x05, 0x6f, 0xc4, 0xff] {
      for round in 0..<64 {
        // Some payloads start with zero bytes, which become "1"s after a zero version's.
        let zeros = round % 8
        let payload =
          [UInt8](repeating: 0, count: zeros)
          + (zeros..<20).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let bytes = [version] + payload
        let expected = Self.reference(bytes + SHA256.hash(SHA256.hash(bytes)).prefix(4))
        // The entry point the fallback address writer calls: at most `maximumCheckLength`
        // characters into the caller's storage.
        let written = String(unsafeUninitializedCapacity: Base58.maximumCheckLength) { output in
          payload.withUnsafeBytes {
            Base58.checkEncode(version: version, payload: $0, into: output)
          }
        }
        #expect(written == expected, "\(hexString(bytes))")
      }
    }
  }
}
