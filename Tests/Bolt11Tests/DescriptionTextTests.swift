import TestSupport
import Testing

@testable import Bolt11

/// A `d` field's text takes a fast path when it is all ASCII: it must give what
/// `String(validating:as:)` gives for any bytes, and `isASCII` what a byte-by-byte check gives.
@Suite struct DescriptionTextTests {
  /// Bytes worth trying at each position: ASCII edges, continuation and lead bytes, invalid ones.
  static let interesting: [UInt8] = [
    0x00, 0x20, 0x41, 0x7e, 0x7f, 0x80, 0xbf, 0xc2, 0xe2, 0xf0, 0xff,
  ]

  static func check(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { buffer in
      #expect(FieldReader.isASCII(buffer) == bytes.allSatisfy { $0 < 0x80 }, "\(bytes)")
      #expect(
        FieldReader.text(validating: buffer) == String(validating: buffer, as: UTF8.self),
        "\(bytes)")
    }
  }

  @Test("agrees with String(validating:) for one odd byte anywhere", arguments: 0...40)
  func oneByteAnywhere(_ length: Int) {
    let ascii = (0..<length).map { UInt8(0x61 + $0 % 26) }
    Self.check(ascii)
    for index in 0..<length {
      for byte in Self.interesting {
        var bytes = ascii
        bytes[index] = byte
        Self.check(bytes)
      }
    }
  }

  @Test("agrees with String(validating:) on random bytes and UTF-8 text")
  func random() {
    var generator = SplitMix64(seed: 0x6465_7363)
    for _ in 0..<2000 {
      let length = Int(generator.next() % 70)
      var bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next() % 0x80) }
      if length > 0, generator.next() % 2 == 0 {
        bytes[Int(generator.next() % UInt64(length))] = UInt8(truncatingIfNeeded: generator.next())
      }
      Self.check(bytes)
    }
    Self.check(Array("caf\u{e9} \u{2615} \u{1f4a1}".utf8))
  }

  /// Sequences UTF-8 forbids, and U+FFFD itself (what decoding puts for them).
  static let edges: [[UInt8]] = [
    [0xc0, 0x80], [0xc1, 0xbf], [0xe0, 0x80, 0x80], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80],
    [0xf5, 0x80, 0x80, 0x80], [0xe2, 0x82], [0xf0, 0x9f, 0x92], [0x80], [0xbf, 0xbd],
    [0xef, 0xbf, 0xbd], [0xef, 0xbf, 0xbd, 0xef, 0xbf], [0xf4, 0x8f, 0xbf, 0xbf],
    [0xed, 0x9f, 0xbf],
  ]

  @Test("agrees with String(validating:) on forbidden sequences and U+FFFD", arguments: edges)
  func forbiddenSequences(_ sequence: [UInt8]) {
    for prefix in 0...9 {
      let text = Array("0123456789".utf8.prefix(prefix))
      Self.check(text + sequence)
      Self.check(text + sequence + text)
      Self.check(Array("\u{e9}".utf8) + text + sequence)
    }
  }
}
