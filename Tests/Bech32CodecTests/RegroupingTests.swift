import Bech32Codec
import TestSupport
import Testing

@Suite struct RegroupingTests {
  /// For n 5-bit words, 5n mod 8 bits are left over; 5 or more is a whole word too many. That
  /// happens exactly for n mod 8 in {1, 3, 6} (5, 15 and 30 bits: 5, 7 and 6 left over).
  @Test("zero words regroup to zero bytes unless a whole word is left over", arguments: 0...41)
  func zeroWordCounts(_ count: Int) {
    let words = [UInt8](repeating: 0, count: count)
    let isExcess = [1, 3, 6].contains(count % 8)
    do {
      let bytes = try Bech32.bytes(fromWords: words)
      #expect(!isExcess, "\(count) words should leave a whole word over")
      #expect(bytes == [UInt8](repeating: 0, count: count * 5 / 8))
    } catch {
      #expect(isExcess)
      #expect(error == .excessPadding)
    }
  }

  /// Words that leave five or more bits over, all of them zero.
  static let excessPadding: [[UInt8]] = [
    [0],  // 5 bits
    [0, 0, 0],  // 15 bits: 1 byte, then 7 zero bits
    [31, 28, 0],  // 11111 11100 00000: 0xff, then 7 zero bits
    [0, 0, 0, 0, 0, 0],  // 30 bits: 3 bytes, then 6 zero bits
    [31, 31, 31, 31, 31, 24, 0, 0, 0],  // 45 bits: ff ff ff e0 00, then 5 zero bits
  ]

  @Test("refuses a whole zero word too many as excess padding", arguments: excessPadding)
  func excessPaddingIsRefused(_ words: [UInt8]) {
    #expect(throws: Bech32.PaddingError.excessPadding) { try Bech32.bytes(fromWords: words) }
  }

  /// Words whose leftover bits are not all zero. Non-zero bits are reported first, however many
  /// bits are left over, so five or more non-zero leftover bits are non-zero padding too.
  static let nonZeroPadding: [[UInt8]] = [
    [31],  // 5 bits, "11111"
    [1, 2, 3],  // 15 bits: 0x08, then "1000011"
    [31, 31, 31, 31, 31, 31],  // 30 bits: 0xff x 3, then "111111"
    [0, 1],  // 10 bits: 0x00, then "01" left over
    [31, 31],  // 0xff, then "11"
    [31, 29],  // 11111 11101: 0xff, then "01"
    [0, 0, 0, 1],  // 20 bits: 2 bytes, then "0001"
    [0, 0, 0, 0, 1],  // 25 bits: 3 bytes, then "1"
    [0, 0, 0, 0, 0, 0, 1],  // 35 bits: 4 bytes, then "001"
  ]

  @Test("refuses non-zero leftover bits", arguments: nonZeroPadding)
  func nonZeroPaddingIsRefused(_ words: [UInt8]) {
    #expect(throws: Bech32.PaddingError.nonZeroPadding) { try Bech32.bytes(fromWords: words) }
  }

  /// Words and the bytes they regroup to, worked out by hand bit by bit.
  static let exactRegroupings: [(words: [UInt8], bytes: [UInt8])] = [
    ([], []),
    ([31, 28], [0xff]),  // 11111 11100
    ([0, 4], [0x01]),  // 00000 00100
    ([16, 0], [0x80]),
    ([31, 31, 31, 31, 31, 31, 31, 31], [0xff, 0xff, 0xff, 0xff, 0xff]),
    ([1, 2, 3, 4, 5, 6, 7, 8], [0x08, 0x86, 0x42, 0x98, 0xe8]),
  ]

  @Test("regroups words to bytes", arguments: exactRegroupings)
  func regroups(_ words: [UInt8], _ bytes: [UInt8]) throws {
    #expect(try Bech32.bytes(fromWords: words) == bytes)
    #expect(Bech32.words(fromBytes: bytes) == words)
  }

  @Test("the BIP-173 P2WPKH program regroups both ways")
  func witnessProgram() throws {
    // bc1q + "w508d6qejxtdg4y5r3zarvary0c5xw7k" + checksum pays 751e76e8...3bd6 (BIP-173).
    let alphabet = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l".utf8)
    let words = "w508d6qejxtdg4y5r3zarvary0c5xw7k".utf8.map {
      UInt8(alphabet.firstIndex(of: $0)!)
    }
    let program = hexBytes("751e76e8199196d454941c45d1b3a323f1433bd6")
    #expect(try Bech32.bytes(fromWords: words) == program)
    #expect(Bech32.words(fromBytes: program) == words)
  }

  /// The eight-words-at-a-time path against a bit-by-bit reference: every length around the
  /// block size and the buffer end, with arbitrary bytes as words (only their low 5 bits count).
  @Test("words regroup to the bits a bit-by-bit reference gives", arguments: 0...130)
  func matchesBitReference(_ count: Int) throws {
    var generator = SplitMix64(seed: 0x5eed &+ UInt64(count))
    let words = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    var bits: [Bool] = []
    for word in words {
      for shift in (0..<5).reversed() { bits.append((word >> UInt8(shift)) & 1 == 1) }
    }
    func byte(_ index: Int) -> UInt8 {
      (0..<8).reduce(0) { value, offset in
        let position = index * 8 + offset
        return value << 1 | (position < bits.count && bits[position] ? 1 : 0)
      }
    }
    let expected = (0..<((bits.count + 7) / 8)).map(byte)
    #expect(Bech32.bytesPadded(fromWords: words) == expected)
    let masked = words.map { $0 & 31 }
    #expect(Bech32.bytesPadded(fromWords: masked) == expected)
    // Unpadded: the whole bytes, when the leftover bits are fewer than five and all zero.
    let leftover = bits.count % 8
    if leftover < 5, !bits.suffix(leftover).contains(true) {
      #expect(try Bech32.bytes(fromWords: masked) == Array(expected.prefix(bits.count / 8)))
    }
  }

  @Test("bytes -> words -> bytes is identity", arguments: 0...100)
  func roundTrip(_ count: Int) throws {
    var generator = SplitMix64(seed: UInt64(count))
    let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    let words = Bech32.words(fromBytes: bytes)
    #expect(words.count == (count * 8 + 4) / 5)
    #expect(words.allSatisfy { $0 < 32 })
    #expect(try Bech32.bytes(fromWords: words) == bytes)
    // Zero padding rounds 5w bits up to whole bytes; anything past the input is zero.
    let padded = Bech32.bytesPadded(fromWords: words)
    #expect(padded.count == (words.count * 5 + 7) / 8)
    #expect(padded.prefix(count) == bytes[...])
    #expect(padded.dropFirst(count).allSatisfy { $0 == 0 })
  }

  @Test("all-ones bytes regroup to words and back", arguments: 0...40)
  func allOnes(_ count: Int) throws {
    let bytes = [UInt8](repeating: 0xff, count: count)
    let words = Bech32.words(fromBytes: bytes)
    #expect(try Bech32.bytes(fromWords: words) == bytes)
    // Every word but the last is all ones; the last holds the remaining ones and zero padding.
    if let last = words.last {
      #expect(words.dropLast().allSatisfy { $0 == 31 })
      let leftover = (count * 8) % 5
      #expect(last == (leftover == 0 ? 31 : UInt8((31 << (5 - leftover)) & 31)))
    }
  }

  /// Words and their zero-padded bytes (the signature preimage rule of BOLT #11).
  static let padded: [(words: [UInt8], bytes: [UInt8])] = [
    ([], []),
    ([31], [0xf8]),
    ([1], [0x08]),
    ([31, 31, 31], [0xff, 0xfe]),
    ([31, 29], [0xff, 0x40]),  // "01" left over is kept, padded with six zeros
    ([31, 28], [0xff, 0x00]),  // the two zero bits left over still make a byte
    ([31, 31, 31, 31, 31, 31, 31, 31], [0xff, 0xff, 0xff, 0xff, 0xff]),  // 40 bits: no padding
    ([0, 0, 0, 0, 0, 0], [0, 0, 0, 0]),
  ]

  @Test("bytesPadded pads the last byte with zero bits", arguments: padded)
  func bytesPadded(_ words: [UInt8], _ bytes: [UInt8]) {
    #expect(Bech32.bytesPadded(fromWords: words) == bytes)
  }

  @Test("bytesPadded gives the BOLT #11 signing preimage of the spec's first example")
  func boltPreimage() throws {
    // BOLT #11, "Please make a donation...": the signed data is the human-readable part's bytes
    // followed by the data part up to the signature, regrouped with zero padding. The spec's
    // breakdown gives it as hex; its first four bytes are "lnbc".
    let invoice =
      "lnbc1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpl2pkx2ctnv5sxxmmwwd5kgetjypeh2ursdae8g6twvus8g6rfwvs8qun0dfjkxaq9qrsgq357wnc5r2ueh7ck6q93dj32dlqnls087fxdwk8qakdyafkq3yap9us6v52vjjsrvywa6rt52cm9r9zqt8r2t7mlcwspyetp5h2tztugp9lfyql"
    let decoded = try Bech32.decode(invoice)
    let signed = decoded.hrp + Bech32.bytesPadded(fromWords: decoded.words.dropLast(104))
    #expect(
      hexString(signed)
        == "6c6e62630b25fe64500d04444444444444444444444444444444444444444444444444444444444444444021a00008101820283038404800081018202830384048000810182028303840480810343f506c6561736520636f6e736964657220737570706f7274696e6720746869732070726f6a6563740500e08000"
    )
  }

  @Test("regrouping accepts any collection of words, such as a slice")
  func slices() throws {
    let words: [UInt8] = [9, 31, 28, 9]
    #expect(try Bech32.bytes(fromWords: words[1..<3]) == [0xff])
    #expect(Bech32.bytesPadded(fromWords: words[1..<3]) == [0xff, 0x00])
    #expect(Bech32.words(fromBytes: [0x00, 0xff, 0x00][1..<2]) == [31, 28])
  }
}

/// `regroup` writes eight bytes a block but the last: into a buffer of exactly the size its
/// contract names, followed by guard bytes, it must write the bit-by-bit reference's bytes and
/// nothing past them.
@Suite struct RegroupBufferTests {
  /// BIP-173 `convertbits(words, 5, 8, pad)`, bit by bit: the bytes, or nil when the padding is
  /// refused.
  static func reference(_ words: [UInt8], padded: Bool) -> [UInt8]? {
    var bits: [UInt8] = []
    for word in words { for shift in (0..<5).reversed() { bits.append(word >> shift & 1) } }
    let leftover = bits.count % 8
    if !padded && (leftover >= 5 || bits.suffix(leftover).contains(1)) { return nil }
    if padded && leftover > 0 { bits += [UInt8](repeating: 0, count: 8 - leftover) }
    return stride(from: 0, to: bits.count - bits.count % 8, by: 8).map { start in
      bits[start..<(start + 8)].reduce(0) { $0 << 1 | $1 }
    }
  }

  /// Why BIP-173 `convertbits(words, 5, 8, False)` refuses `words`, bit by bit: non-zero
  /// leftover bits first, then five or more of them; nil when it accepts them.
  static func refusal(_ words: [UInt8]) -> Bech32.PaddingError? {
    let leftover = words.count * 5 % 8
    let bits = words.flatMap { word in (0..<5).reversed().map { word >> $0 & 1 } }
    if bits.suffix(leftover).contains(1) { return .nonZeroPadding }
    return leftover >= 5 ? .excessPadding : nil
  }

  @Test("writes the reference's bytes and nothing past the buffer", arguments: 0...200)
  func exactBuffer(_ count: Int) {
    var generator = SplitMix64(seed: 0xb10c &+ UInt64(count))
    let guardBytes = 16
    for padded in [false, true] {
      var words = (0..<count).map { _ in UInt8(generator.next() % 32) }
      // Unpadded, clear the leftover bits half the time so that the padding is accepted.
      if !padded && count > 0 && generator.next() % 2 == 0 {
        let leftover = count * 5 % 8
        words[count - 1] &= leftover == 0 ? 31 : ~UInt8((1 << min(leftover, 5)) - 1) & 31
      }
      let size = (count * 5 + (padded ? 7 : 0)) / 8
      var storage = [UInt8](repeating: 0xa5, count: size + guardBytes)
      let written = words.withUnsafeBufferPointer { words in
        storage.withUnsafeMutableBufferPointer { storage in
          Bech32.regroup(
            words, into: UnsafeMutableBufferPointer(rebasing: storage[0..<size]), padded: padded)
        }
      }
      #expect(storage.suffix(guardBytes).allSatisfy { $0 == 0xa5 }, "wrote past \(size) bytes")
      let expected = Self.reference(words, padded: true)!
      #expect(Array(storage.prefix(written.count)) == Array(expected.prefix(written.count)))
      #expect(written.count == (padded ? expected.count : count * 5 / 8))
      // The bits after the whole bytes, as a number.
      let bits = words.flatMap { word in (0..<5).reversed().map { UInt32(word >> $0 & 1) } }
      #expect(written.bits == count * 5 % 8)
      let leftover = written.accumulator & (1 << UInt32(written.bits) - 1)
      #expect(leftover == bits.suffix(count * 5 % 8).reduce(0) { $0 << 1 | $1 })
      let unpadded = words.withUnsafeBufferPointer { words in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: size + 1) { buffer in
          Bech32.regroupUnpadded(words, into: buffer)
        }
      }
      switch unpadded {
      case .success(let written):
        #expect(Self.reference(words, padded: false) != nil)
        #expect(written == count * 5 / 8)
      case .failure(let error):
        #expect(Self.reference(words, padded: false) == nil)
        #expect(error == Self.refusal(words))
      }
    }
  }
}
