import TestSupport
import Testing

@testable import Bech32Codec

/// `ByteLanes` against byte-by-byte references, on edge words and seeded random ones.
@Suite struct ByteLanesTests {
  static func lanes(_ word: UInt64) -> [UInt8] {
    (0..<8).map { UInt8(truncatingIfNeeded: word >> ($0 * 8)) }
  }

  /// Words with zero bytes, 0x01, 0x80, 0xFF next to each other, and random ones.
  static var words: [UInt64] {
    var generator = SplitMix64(seed: 38)
    let edges: [UInt64] = [
      0, ~0, 0x0100_0000_0000_0000, 0x0000_0000_0000_0100, 0x8000_0000_0000_0000, 0x0180_01ff,
      0xff00_ff00_ff00_ff00, 0x2020_2020_2020_2020, 0x1f20_2122_5c7f_8000,
    ]
    return edges + (0..<2000).map { _ in generator.next() & generator.next() | generator.next() }
  }

  @Test("the marks say what the bytes say")
  func againstBytes() {
    for word in Self.words {
      let bytes = Self.lanes(word)
      let exact = Self.lanes(ByteLanes.exactZeroMarks(word))
      #expect(exact == bytes.map { $0 == 0 ? 0x80 : 0 }, "\(word)")
      #expect((ByteLanes.zeroMarks(word) != 0) == bytes.contains(0), "\(word)")
      if let first = bytes.firstIndex(of: 0) {
        #expect(ByteLanes.zeroMarks(word).trailingZeroBitCount / 8 == first, "\(word)")
      }
      for bound: UInt8 in [1, 0x20, 0x31, 0x80] {
        #expect((ByteLanes.belowMarks(word, bound) != 0) == bytes.contains { $0 < bound })
      }
    }
    #expect(ByteLanes.repeating(0x31) == 0x3131_3131_3131_3131)
  }
}
