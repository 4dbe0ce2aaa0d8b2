import TestSupport
import Testing

@testable import Bech32Codec

/// The one-pass decoder must agree with the rule-by-rule one on every input: same result for
/// valid strings, and nil (so the rule-by-rule one reports) for every invalid one.
@Suite struct Bech32FastPathTests {
  static let seeds: [String] = [
    "A12UEL5L", "a12uel5l", "abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw",
    "11qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqc8247j",
    "split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w", "?1ezyfcl", "A1LQFN3A",
    "abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx",
    "lnbc1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5"
      + "rqwzqfqqqsyqcyq5rqwzqfqypqdpl2pkx2ctnv5sxxmmwwd5kgetjypeh2ursdae8g6twvus8g6rfwvs8qun0dfjk"
      + "xaq9qrsgq357wnc5r2ueh7ck6q93dj32dlqnls087fxdwk8qakdyafkq3yap9us6v52vjjsrvywa6rt52cm9r9zqt"
      + "8r2t7mlcwspyetp5h2tztugp9lfyql",
  ]

  /// Whether both decoders give the same answer for `bytes`.
  static func agree(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      let fast = Bech32.decodeValid(buffer)
      let careful = Result { () throws(Bech32Error) in try Bech32.decodeReportingErrors(buffer) }
      switch careful {
      case .success(let decoded): return fast == decoded
      case .failure: return fast == nil
      }
    }
  }

  @Test("the written-out tables are the ones the generator derives, entry by entry")
  func tablesMatchTheirDerivation() {
    #expect(Bech32.foldTables == Bech32.makeFoldTables())
    #expect(Bech32.shiftTables == Bech32.makeShiftTables())
    #expect(Bech32.foldTables.count == Bech32.FoldTable.count)
  }

  @Test("agrees on the valid seeds", arguments: seeds)
  func validSeeds(_ text: String) throws {
    #expect(Self.agree(Array(text.utf8)))
    let decoded = Array(text.utf8).withUnsafeBufferPointer { Bech32.decodeValid($0) }
    #expect(decoded != nil)
  }

  /// The fast path folds the data part's checksum twelve words a step, after the words beyond a
  /// multiple of twelve: every length from none to many steps, valid and with one character
  /// changed, must decode as the one-step-at-a-time path does.
  @Test("agrees at every data length, across the steps of twelve", arguments: 0...300)
  func everyLength(_ length: Int) {
    var generator = SplitMix64(seed: UInt64(length))
    let words = (0..<length).map { _ in UInt8(generator.next() % 32) }
    let text = Array(Bech32.encode(hrp: Array("lnbc".utf8), words: words, variant: .bech32).utf8)
    #expect(Self.agree(text))
    let decoded = text.withUnsafeBufferPointer { Bech32.decodeValid($0) }
    #expect(decoded?.words == words)
    // One data character changed anywhere (checksum included) is caught by both paths.
    for _ in 0..<8 {
      var changed = text
      let index = 5 + Int(generator.next() % UInt64(changed.count - 5))
      let replacement = Bech32.alphabet[Int(generator.next() % 32)]
      guard replacement != changed[index] else { continue }
      changed[index] = replacement
      #expect(Self.agree(changed))
      #expect(changed.withUnsafeBufferPointer { Bech32.decodeValid($0) } == nil)
    }
  }

  /// The human-readable part's expansion is folded a word a step, before the data part.
  @Test("agrees for every human-readable part length 1...20", arguments: 1...20)
  func everyPrefixLength(_ length: Int) {
    let hrp = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
    let text = Array(
      Bech32.encode(hrp: hrp, words: [0, 31, 7, 19, 2, 30, 11], variant: .bech32).utf8)
    #expect(Self.agree(text))
    #expect(text.withUnsafeBufferPointer { Bech32.decodeValid($0) }?.hrp == hrp)
    var changed = text
    changed[length - 1] =
      changed[length - 1] == UInt8(ascii: "z") ? UInt8(ascii: "y") : UInt8(ascii: "z")
    #expect(changed.withUnsafeBufferPointer { Bech32.decodeValid($0) } == nil)
    #expect(Self.agree(changed))
  }

  @Test("agrees on seeded mutations: bytes replaced, cases flipped, truncations")
  func mutations() {
    var generator = SplitMix64(seed: 0x9e37_79b9_7f4a_7c15)
    // Bytes worth trying: every class the fast path tells apart.
    let interesting: [UInt8] =
      Array("qpzry9x8gf2tvdw0s3jn54khce6mua7lQPZLbBiIoO1 ?~\u{7f}".utf8)
      + [0, 0x20, 0x21, 0x7e, 0x80, 0xc3, 0xff]
    var disagreements: [String] = []
    for seed in Self.seeds {
      let original = Array(seed.utf8)
      for _ in 0..<3000 {
        var bytes = original
        switch generator.next() % 4 {
        case 0:
          bytes[Int(generator.next() % UInt64(bytes.count))] =
            interesting[Int(generator.next() % UInt64(interesting.count))]
        case 1:
          let index = Int(generator.next() % UInt64(bytes.count))
          if (0x41...0x5a).contains(bytes[index]) || (0x61...0x7a).contains(bytes[index]) {
            bytes[index] ^= 0x20
          }
        case 2:
          bytes = Array(bytes.prefix(Int(generator.next() % UInt64(bytes.count + 1))))
        default:
          // A whole upper-case copy, then one change.
          bytes = bytes.map { (0x61...0x7a).contains($0) ? $0 - 0x20 : $0 }
          bytes[Int(generator.next() % UInt64(bytes.count))] =
            interesting[Int(generator.next() % UInt64(interesting.count))]
        }
        if !Self.agree(bytes) { disagreements.append(String(decoding: bytes, as: UTF8.self)) }
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
  }
}

/// `lastSeparator` scans from the end several words at a time: it must find the last "1" as a
/// byte-by-byte search does, wherever it stands relative to the words.
@Suite struct LastSeparatorTests {
  @Test("finds the last \"1\" at every position and length", arguments: 0...80)
  func everyPosition(_ length: Int) {
    var generator = SplitMix64(seed: UInt64(length))
    func next() -> UInt64 { generator.next() }
    // Bytes next to "1" (0x31) in value, and ones whose difference from it borrows.
    let others: [UInt8] = [0x30, 0x32, 0x21, 0x71, 0xb1, 0x00, 0xff, 0x01, 0x13]
    for ones in 0...3 {
      for _ in 0..<4 {
        var bytes = (0..<length).map { _ in others[Int(next() % UInt64(others.count))] }
        for _ in 0..<ones where length > 0 { bytes[Int(next() % UInt64(length))] = 0x31 }
        let expected = bytes.lastIndex(of: 0x31) ?? -1
        let found = bytes.withUnsafeBufferPointer { Bech32.lastSeparator($0) }
        #expect(found == expected, "\(bytes)")
      }
    }
  }
}
