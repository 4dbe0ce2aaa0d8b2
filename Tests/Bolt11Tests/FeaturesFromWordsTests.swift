import TestSupport
import Testing

@testable import Bolt11

/// `Features(words:)` and `firstUnknownRequiredBit` work on bytes directly; they must agree with
/// the definitions through bit numbers.
@Suite struct FeaturesFromWordsTests {
  @Test("words regroup to the same features as their bit numbers, for seeded random words")
  func agreesWithBitNumbers() throws {
    var generator = SplitMix64(seed: 0x2545_f491_4f6c_dd1d)
    for _ in 0..<5000 {
      let count = Int(generator.next() % 24)
      // Mostly zero words, as real feature fields are.
      let words: [UInt8] = (0..<count).map { _ in
        generator.next() % 3 == 0 ? UInt8(generator.next() % 32) : 0
      }
      var bits: [Int] = []
      for (offset, word) in words.enumerated() {
        for bit in 0..<5 where (word >> UInt8(bit)) & 1 == 1 {
          bits.append((count - 1 - offset) * 5 + bit)
        }
      }
      let features = Features(words: words[...])
      let expected = try Features(bits: bits)
      #expect(features == expected, "\(words)")
      let firstUnknown = expected.setBits.first {
        $0 % 2 == 0 && Features.knownInvoiceFeatures[$0] == nil
      }
      #expect(features.firstUnknownRequiredBit == firstUnknown, "\(words)")
    }
  }
}
